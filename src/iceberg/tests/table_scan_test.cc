#include "iceberg/scan/table_scan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "common/date_time.h"
#include "common/exception.h"

#include "iceberg/expressions/predicate.h"
#include "iceberg/scan/data_file_reader.h"
#include "iceberg/scan/name_mapping.h"
#include "iceberg/tests/fixture_paths.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {
namespace {

std::shared_ptr<const TableMetadata> LoadFixture(const std::string& name, LocationRemapper* remapper) {
  auto dir = testing::FixturesDir() / name;
  auto path = testing::LatestMetadataFile(dir);
  auto m = std::make_shared<TableMetadata>(TableMetadata::Parse(testing::ReadFile(path), path.string()));
  remapper->Add(m->location, dir.string());
  return m;
}

// What a full read of a table gives: rows, non-NULL values per column, and sums of the
// integer columns (the checksum DuckDB computes too).
struct TableDigest {
  int64_t rows = 0;
  std::vector<int64_t> non_null;
  std::vector<int64_t> sums;
  int64_t row_groups_skipped = 0;
  TableScanMetrics metrics;
  std::vector<std::vector<Value>> values;
};

TableDigest ReadAll(const std::string& name, ExpressionPtr filter = nullptr, PruningOptions options = {},
                    std::optional<int64_t> snapshot_id = std::nullopt) {
  LocationRemapper remapper;
  auto metadata = LoadFixture(name, &remapper);
  TableScan scan(::floe::testing::TestIO(), metadata, snapshot_id, filter, remapper, options);
  std::vector<int> ids;
  for (const auto& f : scan.schema().fields()) ids.push_back(f.id());
  NameMapping mapping = NameMapping::FromProperties(metadata->properties);
  TableDigest digest;
  digest.non_null.assign(ids.size(), 0);
  digest.sums.assign(ids.size(), 0);
  ScanCounters counters;
  for (const auto& task : scan.PlanFiles()) {
    DataFileReader reader(::floe::testing::TestIO(), task, scan.schema(), scan.metadata().SpecById(task.data_file.spec_id), ids, scan.filter(),
                          remapper, mapping, options.row_groups);
    for (int rg = 0; rg < reader.num_row_groups(); ++rg) {
      auto cursor = reader.ReadRowGroup(rg, &counters);
      if (!cursor) continue;
      DataChunk chunk;
      while (cursor->Next(chunk)) {
        for (size_t r = 0; r < chunk.size(); ++r) {
          std::vector<Value> row = chunk.GetRow(r);
          for (size_t c = 0; c < row.size(); ++c) {
            if (row[c].is_null()) continue;
            ++digest.non_null[c];
            // a time counts its micros of the day, as DuckDB's epoch_us of a TIME
            if (row[c].type().IsInteger() || row[c].type().id() == TypeId::kTime) digest.sums[c] += row[c].int64();
          }
          digest.values.push_back(std::move(row));
        }
        digest.rows += static_cast<int64_t>(chunk.size());
      }
    }
  }
  digest.row_groups_skipped = counters.row_groups_skipped;
  digest.metrics = scan.metrics();
  return digest;
}

std::string Describe(const TableDigest& d) {
  std::string out = "rows=" + std::to_string(d.rows) + " non_null=";
  for (auto n : d.non_null) out += std::to_string(n) + ",";
  out += " sums=";
  for (auto s : d.sums) out += std::to_string(s) + ",";
  return out;
}

// Rows, non-NULL counts per column and sums of integer columns, as DuckDB 1.5 computes
// them over the same Parquet data files with the deletes applied by hand
// (fixture_reference.sql beside this file).
struct Expected {
  const char* table;
  const char* digest;
};

const Expected kExpected[] = {
    {"cxx_bucket_partitioning", "rows=1 non_null=1,1,1,1,1,1,1,1,1,1, sums=1,2,0,0,61200000000,0,0,0,0,0,"},
    {"cxx_day_timestamptz_partitioning", "rows=3 non_null=3,2,3, sums=6,0,0,"},
    {"cxx_granular_deletes", "rows=10 non_null=10,10, sums=75,12552245,"},
    {"cxx_hour_timestamptz_partitioning", "rows=3 non_null=3,2,3, sums=6,0,0,"},
    {"cxx_identity_partitioning", "rows=1 non_null=1,1,1,1,1,1,1,1,1,1,1,1,1, sums=0,1,2,0,0,0,0,61200000000,0,0,0,0,0,"},
    {"cxx_month_timestamptz_partitioning", "rows=3 non_null=3,2,3, sums=6,0,0,"},
    {"cxx_partition_evolution", "rows=7 non_null=7,7,7, sums=11,0,0,"},
    {"cxx_partitioning_with_null_value", "rows=4 non_null=2,2,4, sums=3,0,0,"},
    {"cxx_year_date_partitioning", "rows=3 non_null=3,3,3, sums=6,0,0,"},
    {"duckdb_equality_deletes_mytable", "rows=2 non_null=2,2,2, sums=9,0,0,"},
    {"icebird_spark_bunnies", "rows=20 non_null=20,20,20,20,20,20,20,20,20, sums=0,0,0,154,0,0,0,230,205,"},
    {"icebird_spark_rename_column", "rows=4 non_null=4,4,3,4,4, sums=10,0,0,0,0,"},
};

TEST(TableScanTest, EveryFixtureReadsAsDuckDbReadsItsFiles) {
  if (testing::FirstSetFixtureTables().empty()) GTEST_SKIP() << "fixtures not found at " << testing::FixturesDir();
  for (const auto& e : kExpected) {
    SCOPED_TRACE(e.table);
    TableDigest d = ReadAll(e.table);
    EXPECT_EQ(Describe(d), e.digest);
    // every pruning layer off changes nothing without a filter
    EXPECT_EQ(Describe(ReadAll(e.table, nullptr, PruningOptions{false, false, false, false})), e.digest);
  }
}

// Returns whether a row (values by field position of the schema) satisfies a filter, SQL style.
bool RowMatches(const Expression& e, const Schema& schema, const std::vector<Value>& row) {
  switch (e.op()) {
    case Operation::kTrue: return true;
    case Operation::kFalse: return false;
    case Operation::kAnd: return RowMatches(*e.left(), schema, row) && RowMatches(*e.right(), schema, row);
    case Operation::kOr: return RowMatches(*e.left(), schema, row) || RowMatches(*e.right(), schema, row);
    case Operation::kNot: return !RowMatches(*e.left(), schema, row);
    default: break;
  }
  const auto& p = static_cast<const Predicate&>(e);
  for (size_t i = 0; i < schema.fields().size(); ++i) {
    if (schema.fields()[i].id() == p.field_id()) return p.Test(row[i]);
  }
  return false;
}

std::vector<std::string> MatchingRows(const TableDigest& d, const Expression& filter, const Schema& schema) {
  std::vector<std::string> out;
  for (const auto& row : d.values) {
    if (!RowMatches(filter, schema, row)) continue;
    std::string text;
    for (const auto& v : row) text += (v.is_null() ? "NULL" : v.ToString()) + "|";
    out.push_back(text);
  }
  std::sort(out.begin(), out.end());
  return out;
}

int32_t Day(const char* text) {
  int32_t days = 0;
  EXPECT_TRUE(ParseDate(text, &days)) << text;
  return days;
}

int64_t Micros(const char* text) {
  int64_t micros = 0;
  EXPECT_TRUE(ParseTimestamp(text, TimeZone::Utc(), &micros)) << text;
  return micros;
}

struct PruningCase {
  const char* table;
  ExpressionPtr filter;
  int64_t files_read;
  size_t rows;
};

// Each transform of the fixtures prunes data files, and the rows that match are the same
// as with every layer off.
TEST(TableScanTest, FiltersPruneThroughEveryTransform) {
  if (testing::FirstSetFixtureTables().empty()) GTEST_SKIP() << "fixtures not found";
  using P = Predicate;
  std::vector<PruningCase> cases = {
      {"cxx_year_date_partitioning", P::Make(Operation::kGtEq, 2, {Value::Date(Day("2025-01-01"))}), 1, 2},
      {"cxx_year_date_partitioning", P::Make(Operation::kLt, 2, {Value::Date(Day("2000-01-01"))}), 0, 0},
      {"cxx_day_timestamptz_partitioning", P::Make(Operation::kLt, 2, {Value::Timestamp(Micros("2025-01-01 00:00:00"))}), 1, 1},
      {"cxx_day_timestamptz_partitioning", P::Make(Operation::kIsNull, 2), 1, 1},
      {"cxx_hour_timestamptz_partitioning", P::Make(Operation::kGtEq, 2, {Value::Timestamp(Micros("2025-03-03 23:00:00"))}), 1, 1},
      {"cxx_month_timestamptz_partitioning", P::Make(Operation::kNotNull, 2), 2, 2},
      {"cxx_month_timestamptz_partitioning", P::Make(Operation::kLt, 2, {Value::Timestamp(Micros("2025-03-01 00:00:00"))}), 1, 1},
      {"cxx_identity_partitioning", P::Make(Operation::kEq, 2, {Value::Int32(2)}), 0, 0},
      {"cxx_identity_partitioning", P::Make(Operation::kEq, 11, {Value::String("some-string")}), 1, 1},
      {"cxx_identity_partitioning", P::Make(Operation::kStartsWith, 11, {Value::String("other")}), 0, 0},
      {"cxx_bucket_partitioning", P::Make(Operation::kEq, 2, {Value::Int64(2)}), 1, 1},
      {"cxx_bucket_partitioning", P::Make(Operation::kIn, 1, {Value::Int32(2), Value::Int32(4)}), 0, 0},
      {"cxx_partitioning_with_null_value", P::Make(Operation::kIsNull, 1), 2, 2},
      {"cxx_partitioning_with_null_value", P::Make(Operation::kEq, 1, {Value::Int32(1)}), 1, 1},
      {"cxx_partitioning_with_null_value",
       Expression::And(P::Make(Operation::kNotNull, 1), P::Make(Operation::kNotNull, 2)), 1, 1},
      {"cxx_partition_evolution", P::Make(Operation::kEq, 1, {Value::Int32(2)}), 2, 2},
      {"icebird_spark_rename_column", P::Make(Operation::kEq, 3, {Value::Date(Day("2022-01-01"))}), 1, 2},
      {"icebird_spark_rename_column", Expression::Not(P::Make(Operation::kNotNull, 3)), 1, 1},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(std::string(c.table) + " " + c.filter->ToString());
    TableDigest pruned = ReadAll(c.table, c.filter);
    TableDigest full = ReadAll(c.table, c.filter, PruningOptions{false, false, false, false});
    LocationRemapper remapper;
    TableScan scan(::floe::testing::TestIO(), LoadFixture(c.table, &remapper), std::nullopt, nullptr, remapper);
    auto rows = MatchingRows(pruned, *c.filter, scan.schema());
    EXPECT_EQ(rows, MatchingRows(full, *c.filter, scan.schema()));
    EXPECT_EQ(rows.size(), c.rows);
    EXPECT_EQ(pruned.metrics.total.data_files_read, c.files_read);
    EXPECT_EQ(full.metrics.total.data_files_read, full.metrics.total.data_files_total);
  }
}

TEST(TableScanTest, MetricsCountEachLayer) {
  if (testing::FirstSetFixtureTables().empty()) GTEST_SKIP() << "fixtures not found";
  auto filter = Predicate::Make(Operation::kEq, 1, {Value::Int32(2)});
  TableDigest d = ReadAll("cxx_partition_evolution", filter);
  const auto& spec0 = d.metrics.by_spec.at(0);
  EXPECT_EQ(spec0.data_files_total, 6);
  EXPECT_EQ(spec0.data_files_partition_pruned, 4);
  EXPECT_EQ(spec0.partitions_total, 6);
  EXPECT_EQ(spec0.partitions_read, 2);
  EXPECT_EQ(spec0.data_files_all_rows_match, 2);  // identity(c1): every row of those files has c1 = 2
  // spec 1 knows nothing of c1: its file is kept by its partition, then judged by metrics
  const auto& spec1 = d.metrics.by_spec.at(1);
  EXPECT_EQ(spec1.data_files_total, 1);
  EXPECT_EQ(spec1.data_files_partition_pruned, 0);
  auto lines = d.metrics.ToLines();
  EXPECT_EQ(lines[0].first, "manifests");
  bool per_spec = false;
  for (const auto& [k, v] : lines) per_spec = per_spec || k == "spec 1 data files";
  EXPECT_TRUE(per_spec);
}

// Every snapshot whose manifest list is present reads its summary's total-records when it
// has no delete files (time travel by snapshot id).
TEST(TableScanTest, EverySnapshotReadsItsRecords) {
  if (testing::FirstSetFixtureTables().empty()) GTEST_SKIP() << "fixtures not found";
  int checked = 0;
  for (const auto& dir : testing::FirstSetFixtureTables()) {
    std::string name = dir.filename().string();
    LocationRemapper remapper;
    auto metadata = LoadFixture(name, &remapper);
    for (const auto& snap : metadata->snapshots) {
      if (!std::filesystem::exists(remapper.Remap(snap.manifest_list))) continue;
      auto deletes = snap.summary.find("total-delete-files");
      if (deletes == snap.summary.end() || deletes->second != "0") continue;
      SCOPED_TRACE(name + " " + std::to_string(snap.snapshot_id));
      EXPECT_EQ(ReadAll(name, nullptr, {}, snap.snapshot_id).rows, std::stoll(snap.summary.at("total-records")));
      ++checked;
    }
  }
  EXPECT_GE(checked, 15);
}

TEST(TableScanTest, UnknownSnapshotIsAnError) {
  if (testing::FirstSetFixtureTables().empty()) GTEST_SKIP() << "fixtures not found";
  LocationRemapper remapper;
  auto metadata = LoadFixture("cxx_partition_evolution", &remapper);
  EXPECT_THROW(TableScan(::floe::testing::TestIO(), metadata, 12345, nullptr, remapper), InvalidInputError);
}

}  // namespace
}  // namespace floe::iceberg
