#include "execution/table_sources/iceberg_table_source.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <thread>

#include "common/date_time.h"
#include "execution/table_sources/iceberg_filter_converter.h"
#include "function/scalar_function.h"
#include "iceberg/tests/fixture_paths.h"
#include "io/tests/test_file_io.h"

namespace floe {
namespace {

namespace fixtures = iceberg::testing;

BoundExpressionPtr Col(size_t index, LogicalType type) { return BoundExpression::ColumnRef(index, type, "c"); }
BoundExpressionPtr Const(Value v) { return BoundExpression::MakeConstant(std::move(v)); }

template <typename... Args>
std::vector<BoundExpressionPtr> List(Args&&... args) {
  std::vector<BoundExpressionPtr> out;
  (out.push_back(std::move(args)), ...);
  return out;
}

BoundExpressionPtr Call(const std::string& name, std::vector<BoundExpressionPtr> args,
                        LogicalType type = TypeId::kBoolean) {
  auto e = std::make_unique<BoundExpression>();
  e->kind = BoundExpressionKind::kFunction;
  e->type = type;
  e->function = std::make_shared<BoundScalarFunction>();
  e->function->name = name;
  e->children = std::move(args);
  return e;
}

BoundExpressionPtr Node(BoundExpressionKind kind, std::vector<BoundExpressionPtr> args,
                        LogicalType type = TypeId::kBoolean) {
  auto e = std::make_unique<BoundExpression>();
  e->kind = kind;
  e->type = type;
  e->children = std::move(args);
  return e;
}

struct Fixture {
  std::shared_ptr<const iceberg::TableMetadata> metadata;
  iceberg::LocationRemapper remapper;
};

Fixture Load(const std::string& name) {
  auto dir = fixtures::FixturesDir() / name;
  auto path = fixtures::LatestMetadataFile(dir);
  Fixture f;
  f.metadata = std::make_shared<iceberg::TableMetadata>(
      iceberg::TableMetadata::Parse(fixtures::ReadFile(path), path.string()));
  f.remapper.Add(f.metadata->location, dir.string());
  return f;
}

struct ScanResult {
  std::vector<std::vector<Value>> rows;  // sorted, as strings compare
  std::map<std::string, std::string> metrics;
};

// Scans with two threads and keeps the rows `keep` accepts (the engine's Filter above).
ScanResult ScanTable(const std::string& table, std::vector<size_t> columns, const BoundExpression* filter,
                     IcebergScanOptions options, const std::function<bool(const std::vector<Value>&)>& keep) {
  Fixture f = Load(table);
  IcebergTableSource source(::floe::testing::TestIO(), "iceberg " + table, f.metadata, std::nullopt, f.remapper, options);
  ScanRequest request;
  request.column_ids = columns;
  if (filter) request.filters.push_back(filter);
  auto global = source.InitScan(request);
  std::mutex mutex;
  ScanResult result;
  auto work = [&] {
    auto local = source.InitLocal(*global);
    DataChunk out;
    while (true) {
      bool more = source.Scan(*global, local.get(), out);
      for (size_t r = 0; r < out.size(); ++r) {
        auto row = out.GetRow(r);
        EXPECT_LE(out.size(), kBatchSize);
        if (!keep || keep(row)) {
          std::lock_guard<std::mutex> lock(mutex);
          result.rows.push_back(std::move(row));
        }
      }
      if (!more) break;
    }
  };
  std::thread other(work);
  work();
  other.join();
  std::sort(result.rows.begin(), result.rows.end(), [](const auto& a, const auto& b) {
    for (size_t i = 0; i < a.size(); ++i) {
      std::string x = a[i].is_null() ? "" : a[i].ToString(), y = b[i].is_null() ? "" : b[i].ToString();
      if (x != y) return x < y;
    }
    return false;
  });
  for (auto& [k, v] : source.Metrics(*global).lines) result.metrics[k] = v;
  return result;
}

const IcebergScanOptions kNoPruning{false, false, false, false};

TEST(IcebergTableSourceTest, SchemaOfTheSnapshot) {
  if (fixtures::FixtureTables().empty()) GTEST_SKIP() << "fixtures not found";
  Fixture f = Load("cxx_partition_evolution");
  IcebergTableSource source(::floe::testing::TestIO(), "t", f.metadata, std::nullopt, f.remapper, {});
  // the schema's columns, then the metadata columns (selected by name only: a v2 table's
  // _file and _pos)
  EXPECT_EQ(source.names(), (std::vector<std::string>{"c1", "c2", "c3", "_file", "_pos"}));
  EXPECT_EQ(source.MetadataColumnCount(), 2u);
  EXPECT_EQ(source.types()[1], LogicalType(TypeId::kDate));
  EXPECT_EQ(source.EstimatedRows(), std::optional<size_t>(7));
  EXPECT_EQ(source.PartitionColumns(), (std::vector<std::string>{"c1", "c2", "c3"}));
  EXPECT_EQ(source.ScanOperatorName(), "BatchScan");
  EXPECT_EQ(source.ExplainDetails(), "snapshot=" + std::to_string(f.metadata->current_snapshot_id));
  EXPECT_THROW(IcebergTableSource(::floe::testing::TestIO(), "t", f.metadata, 42, f.remapper, {}), InvalidInputError);
}

TEST(IcebergTableSourceTest, IdentityFilterPrunesFilesOfEverySpec) {
  if (fixtures::FixtureTables().empty()) GTEST_SKIP() << "fixtures not found";
  // c1 = 2 over spec 0 (c1, c2) and spec 1 (c3): spec 0 drops the c1=1 files by partition,
  // the spec 1 file is kept by its spec and dropped (or not) by its metrics only.
  auto filter = Call("=", List(Col(0, TypeId::kInt32), Const(Value::Int32(2))));
  auto keep = [](const std::vector<Value>& r) { return !r[0].is_null() && r[0].int32() == 2; };
  ScanResult pruned = ScanTable("cxx_partition_evolution", {0, 1, 2}, filter.get(), {}, keep);
  ScanResult full = ScanTable("cxx_partition_evolution", {0, 1, 2}, filter.get(), kNoPruning, keep);
  EXPECT_EQ(pruned.rows, full.rows);
  EXPECT_EQ(pruned.rows.size(), 2u);
  EXPECT_EQ(pruned.metrics["spec 0 data files"], "2 read / 6 total (manifest pruned 0, partition pruned 4, metrics pruned 0)");
  EXPECT_EQ(full.metrics["data files"], "7 read / 7 total (manifest pruned 0, partition pruned 0, metrics pruned 0)");
  EXPECT_EQ(pruned.metrics["filter"], "c1 == 2");
  EXPECT_EQ(pruned.metrics["partition filter (spec 0)"], "c1 == 2");
  EXPECT_EQ(pruned.metrics["partition filter (spec 1)"], "true");
  ScanResult all = ScanTable("cxx_partition_evolution", {2, 0}, nullptr, {}, nullptr);
  EXPECT_EQ(all.rows.size(), 7u);
}

TEST(IcebergTableSourceTest, TimestampRangePrunesDayPartitions) {
  if (fixtures::FixtureTables().empty()) GTEST_SKIP() << "fixtures not found";
  int64_t micros = 0;
  ASSERT_TRUE(ParseTimestamp("2025-01-01 00:00:00", TimeZone::Utc(), &micros));
  auto filter = Call(">=", List(Col(0, TypeId::kTimestamp), Const(Value::Timestamp(micros))));
  auto keep = [&](const std::vector<Value>& r) { return !r[0].is_null() && r[0].int64() >= micros; };
  for (const char* table : {"cxx_day_timestamptz_partitioning", "cxx_hour_timestamptz_partitioning",
                            "cxx_month_timestamptz_partitioning"}) {
    SCOPED_TRACE(table);
    ScanResult pruned = ScanTable(table, {1, 0, 2}, filter.get(), {}, keep);
    ScanResult full = ScanTable(table, {1, 0, 2}, filter.get(), kNoPruning, keep);
    EXPECT_EQ(pruned.rows, full.rows);
    EXPECT_FALSE(pruned.rows.empty());
    EXPECT_EQ(pruned.metrics["partitions"], "1 read / 3 total");
  }
}

TEST(IcebergTableSourceTest, DeletesAndCountStar) {
  if (fixtures::FixtureTables().empty()) GTEST_SKIP() << "fixtures not found";
  EXPECT_EQ(ScanTable("icebird_spark_bunnies", {}, nullptr, {}, nullptr).rows.size(), 20u);
  EXPECT_EQ(ScanTable("duckdb_equality_deletes_mytable", {1}, nullptr, {}, nullptr).rows.size(), 2u);
}

TEST(IcebergTableSourceTest, UnconvertibleFiltersNeverPrune) {
  if (fixtures::FixtureTables().empty()) GTEST_SKIP() << "fixtures not found";
  // NOT (c1 = 2 AND <unknown>) must keep c1 = 2 files
  auto unknown = Call("some_udf", List(Col(0, TypeId::kInt32), Const(Value::Int32(1))));
  auto eq = Call("=", List(Col(0, TypeId::kInt32), Const(Value::Int32(2))));
  std::vector<BoundExpressionPtr> conj;
  conj.push_back(std::move(eq));
  conj.push_back(std::move(unknown));
  auto filter = Node(BoundExpressionKind::kNot, List(Node(BoundExpressionKind::kAnd, std::move(conj))));
  ScanResult r = ScanTable("cxx_partition_evolution", {0}, filter.get(), {}, nullptr);
  EXPECT_EQ(r.rows.size(), 7u);
  EXPECT_EQ(r.metrics["filter"], "true");
}

TEST(IcebergFilterConverterTest, ExpressionsOfAPartitionSource) {
  iceberg::Schema schema(0, {iceberg::NestedField::Optional(7, "ts", iceberg::Type::Primitive(iceberg::TypeKind::kTimestamp)),
                             iceberg::NestedField::Optional(8, "d", iceberg::Type::Primitive(iceberg::TypeKind::kDate)),
                             iceberg::NestedField::Optional(9, "n", iceberg::Type::Primitive(iceberg::TypeKind::kInt)),
                             iceberg::NestedField::Optional(10, "x", iceberg::Type::Primitive(iceberg::TypeKind::kDouble)),
                             iceberg::NestedField::Optional(11, "tz", iceberg::Type::Primitive(iceberg::TypeKind::kTimestampTz))});
  IcebergFilterConverter converter(schema, {7, 8, 9, 10, 11});
  int32_t day = 0;
  ASSERT_TRUE(ParseDate("2026-01-01", &day));
  auto cast = Node(BoundExpressionKind::kCast, List(Col(0, TypeId::kTimestampNtz)), TypeId::kDate);
  auto eq = Call("=", List(std::move(cast), Const(Value::Date(day))));
  EXPECT_EQ(converter.Convert(*eq)->ToString(),
            "(ref(7) >= 2026-01-01 00:00:00 and ref(7) < 2026-01-02 00:00:00)");
  // with a zone, the day is the session's: each bound widens by the largest zone offset
  auto cast_tz = Node(BoundExpressionKind::kCast, List(Col(4, TypeId::kTimestamp)), TypeId::kDate);
  auto eq_tz = Call("=", List(std::move(cast_tz), Const(Value::Date(day))));
  EXPECT_EQ(converter.Convert(*eq_tz)->ToString(),
            "(ref(11) >= 2025-12-31 06:00:00 and ref(11) < 2026-01-02 18:00:00)");
  // with the session zone known, the bounds are that zone's midnights, exactly; next to a
  // daylight-saving transition they widen as without a zone
  TimeZone los_angeles;
  ASSERT_TRUE(TimeZone::Load("America/Los_Angeles", &los_angeles));
  IcebergFilterConverter zoned(schema, {7, 8, 9, 10, 11}, &los_angeles);
  auto la_day = Call("=", List(Node(BoundExpressionKind::kCast, List(Col(4, TypeId::kTimestamp)), TypeId::kDate),
                               Const(Value::Date(day))));
  EXPECT_EQ(zoned.Convert(*la_day)->ToString(),
            "(ref(11) >= 2026-01-01 08:00:00 and ref(11) < 2026-01-02 08:00:00)");
  int32_t dst = 0;
  ASSERT_TRUE(ParseDate("2026-03-08", &dst));
  auto dst_day = Call("=", List(Node(BoundExpressionKind::kCast, List(Col(4, TypeId::kTimestamp)), TypeId::kDate),
                                Const(Value::Date(dst))));
  EXPECT_EQ(zoned.Convert(*dst_day)->ToString(),
            "(ref(11) >= 2026-03-07 06:00:00 and ref(11) < 2026-03-09 18:00:00)");
  auto la_trunc = Call("=", List(Call("date_trunc", List(Const(Value::String("DAY")), Col(4, TypeId::kTimestamp)),
                                      TypeId::kTimestamp),
                                 Const(Value::Timestamp(int64_t{day} * kMicrosPerDay + 8 * kMicrosPerHour))));
  EXPECT_EQ(zoned.Convert(*la_trunc)->ToString(),
            "(ref(11) >= 2026-01-01 08:00:00 and ref(11) < 2026-01-02 08:00:00)");
  auto in_days = Node(BoundExpressionKind::kIn,
                     List(Node(BoundExpressionKind::kCast, List(Col(0, TypeId::kTimestampNtz)), TypeId::kDate),
                          Const(Value::Date(day)), Const(Value::Date(day + 2))));
  EXPECT_EQ(converter.Convert(*in_days)->ToString(),
            "((ref(7) >= 2026-01-01 00:00:00 and ref(7) < 2026-01-02 00:00:00) or "
            "(ref(7) >= 2026-01-03 00:00:00 and ref(7) < 2026-01-04 00:00:00))");
  auto to_date = Call("to_date", List(Col(0, TypeId::kTimestampNtz)), TypeId::kDate);
  auto le = Call("<=", List(std::move(to_date), Const(Value::Date(day))));
  EXPECT_EQ(converter.Convert(*le)->ToString(), "ref(7) < 2026-01-02 00:00:00");
  auto year = Call("year", List(Col(1, TypeId::kDate)), TypeId::kInt32);
  auto y = Call("=", List(std::move(year), Const(Value::Int32(2025))));
  EXPECT_EQ(converter.Convert(*y)->ToString(), "(ref(8) >= 2025-01-01 and ref(8) < 2026-01-01)");
  auto trunc = Call("date_trunc", List(Const(Value::String("DAY")), Col(0, TypeId::kTimestampNtz)), TypeId::kTimestampNtz);
  auto gt = Call(">", List(std::move(trunc), Const(Value::TimestampNtz(int64_t{day} * kMicrosPerDay + 5))));
  EXPECT_EQ(converter.Convert(*gt)->ToString(), "ref(7) >= 2026-01-02 00:00:00");
  // an INT column compared with a BIGINT value: the binder casts the column
  auto widened = Node(BoundExpressionKind::kCast, List(Col(2, TypeId::kInt32)), TypeId::kInt64);
  auto lt = Call("<", List(Const(Value::Int64(10)), std::move(widened)));
  EXPECT_EQ(converter.Convert(*lt)->ToString(), "ref(9) > 10");
  auto big = Call("=", List(Node(BoundExpressionKind::kCast, List(Col(2, TypeId::kInt32)), TypeId::kInt64),
                        Const(Value::Int64(int64_t{1} << 40))));
  // beyond the INT range: no INT value can be equal
  EXPECT_EQ(converter.Convert(*big)->ToString(), "false");
  // NaN is above every number in floe's order: > keeps NaN rows, and NOT of < must too
  auto gt_x = Call(">", List(Col(3, TypeId::kDouble), Const(Value::Double(1.5))));
  EXPECT_EQ(converter.Convert(*gt_x)->ToString(), "(ref(10) > 1.5 or is_nan(ref(10)))");
  auto not_lt = Node(BoundExpressionKind::kNot, List(Call("<", List(Col(3, TypeId::kDouble), Const(Value::Double(1.5))))));
  EXPECT_EQ(iceberg::RewriteNot(converter.Convert(*not_lt))->ToString(), "(ref(10) >= 1.5 or is_nan(ref(10)))");
  auto eq_nan = Call("=", List(Col(3, TypeId::kDouble), Const(Value::Double(std::nan("")))));
  EXPECT_EQ(converter.Convert(*eq_nan)->ToString(), "is_nan(ref(10))");
  // x < NaN: every number, no NULL (not_nan alone holds for NULL); nothing is above NaN
  auto nan = [] { return Const(Value::Double(std::nan(""))); };
  auto x = [] { return Col(3, TypeId::kDouble); };
  EXPECT_EQ(converter.Convert(*Call("<", List(x(), nan())))->ToString(), "(not_nan(ref(10)) and not_null(ref(10)))");
  EXPECT_EQ(converter.Convert(*Call(">", List(x(), nan())))->ToString(), "false");
  // IN lists holding NaN: NaN equals NaN (Spark), which Iceberg's in / not_in never hold
  auto in_nan = Node(BoundExpressionKind::kIn, List(x(), nan(), Const(Value::Double(1.5))));
  EXPECT_EQ(converter.Convert(*in_nan)->ToString(), "((ref(10) in (1.5) and not_nan(ref(10))) or is_nan(ref(10)))");
  auto not_in_nan = Node(BoundExpressionKind::kIn, List(x(), nan(), Const(Value::Double(1.5))));
  not_in_nan->negated = true;
  EXPECT_EQ(converter.Convert(*not_in_nan)->ToString(), "(ref(10) not_in (1.5) and not_nan(ref(10)))");
  // <=>: = that is false for NULL, so IS DISTINCT FROM (its NOT) keeps the NULL rows
  auto null_safe = [&] { return Call("<=>", List(x(), Const(Value::Double(1.5)))); };
  EXPECT_EQ(converter.Convert(*null_safe())->ToString(),
            "((ref(10) == 1.5 and not_nan(ref(10))) and not_null(ref(10)))");
  EXPECT_EQ(iceberg::RewriteNot(converter.Convert(*Node(BoundExpressionKind::kNot, List(null_safe()))))->ToString(),
            "((ref(10) != 1.5 or is_nan(ref(10))) or is_null(ref(10)))");
  EXPECT_EQ(converter.Convert(*Call("<=>", List(Const(Value::Null(TypeId::kDouble)), x())))->ToString(),
            "is_null(ref(10))");
  // isnan(NULL) is false: isnan is is_nan, NOT isnan not_nan (which holds for NULL)
  auto isnan = [&] { return Call("isnan", List(x())); };
  EXPECT_EQ(converter.Convert(*isnan())->ToString(), "is_nan(ref(10))");
  EXPECT_EQ(iceberg::RewriteNot(converter.Convert(*Node(BoundExpressionKind::kNot, List(isnan()))))->ToString(),
            "not_nan(ref(10))");
  // IN with a NULL, LIKE prefix, IS NULL, OR
  std::vector<BoundExpressionPtr> in_args;
  in_args.push_back(Col(2, TypeId::kInt32));
  in_args.push_back(Const(Value::Int32(1)));
  in_args.push_back(Const(Value::Null(TypeId::kInt32)));
  auto in = Node(BoundExpressionKind::kIn, std::move(in_args));
  EXPECT_EQ(converter.Convert(*in)->ToString(), "ref(9) in (1)");
  std::vector<BoundExpressionPtr> either;
  either.push_back(Node(BoundExpressionKind::kIsNull, List(Col(1, TypeId::kDate))));
  either.push_back(Call("some_udf", List(Col(2, TypeId::kInt32))));
  EXPECT_EQ(converter.Convert(*Node(BoundExpressionKind::kOr, std::move(either)))->ToString(), "true");
}

TEST(IcebergFilterConverterTest, ExactConversionsOnly) {
  iceberg::Schema schema(0, {iceberg::NestedField::Optional(7, "ts", iceberg::Type::Primitive(iceberg::TypeKind::kTimestamp)),
                             iceberg::NestedField::Optional(9, "n", iceberg::Type::Primitive(iceberg::TypeKind::kInt)),
                             iceberg::NestedField::Optional(10, "x", iceberg::Type::Primitive(iceberg::TypeKind::kDouble))});
  IcebergFilterConverter converter(schema, {7, 9, 10});
  auto lt = [] { return Call("<", List(Col(1, TypeId::kInt32), Const(Value::Int32(5)))); };
  EXPECT_TRUE(converter.IsExact(*lt()));
  EXPECT_TRUE(converter.IsExact(*Call(">=", List(Const(Value::Int32(5)), Col(1, TypeId::kInt32)))));
  EXPECT_TRUE(converter.IsExact(*Call(">", List(Col(2, TypeId::kDouble), Const(Value::Double(1.5))))));
  EXPECT_TRUE(converter.IsExact(*Node(BoundExpressionKind::kIsNull, List(Col(0, TypeId::kTimestampNtz)))));
  auto not_null = Node(BoundExpressionKind::kIsNotNull, List(Col(2, TypeId::kDouble)));
  EXPECT_TRUE(converter.IsExact(*Node(BoundExpressionKind::kAnd, List(lt(), std::move(not_null)))));
  EXPECT_TRUE(converter.IsExact(*Node(BoundExpressionKind::kIn, List(Col(1, TypeId::kInt32), Const(Value::Int32(1)), Const(Value::Null(TypeId::kInt32))))));
  // <> and NOT IN hold for NULL values in Iceberg but are NULL in SQL; NOT flips NULL to NULL
  EXPECT_FALSE(converter.IsExact(*Call("<>", List(Col(1, TypeId::kInt32), Const(Value::Int32(5))))));
  auto not_in = Node(BoundExpressionKind::kIn, List(Col(1, TypeId::kInt32), Const(Value::Int32(1))));
  not_in->negated = true;
  EXPECT_FALSE(converter.IsExact(*not_in));
  EXPECT_FALSE(converter.IsExact(*Node(BoundExpressionKind::kNot, List(lt()))));
  // a value the column cannot hold: no INT equals 2^40, converted to false, which is exact
  EXPECT_TRUE(converter.IsExact(*Call("=", List(Node(BoundExpressionKind::kCast, List(Col(1, TypeId::kInt32)), TypeId::kInt64),
                                                Const(Value::Int64(int64_t{1} << 40))))));
  // unconverted or widened parts: functions, derived days
  EXPECT_FALSE(converter.IsExact(*Node(BoundExpressionKind::kOr, List(lt(), Call("some_udf", List(Col(1, TypeId::kInt32)))))));
  EXPECT_FALSE(converter.IsExact(*Call("=", List(Node(BoundExpressionKind::kCast, List(Col(0, TypeId::kTimestampNtz)), TypeId::kDate),
                                                 Const(Value::Date(1))))));
  // nothing is above NaN: false, exactly; x < NaN is every number, exactly
  EXPECT_TRUE(converter.IsExact(*Call(">", List(Col(2, TypeId::kDouble), Const(Value::Double(std::nan("")))))));
  EXPECT_TRUE(converter.IsExact(*Call("<", List(Col(2, TypeId::kDouble), Const(Value::Double(std::nan("")))))));
}

}  // namespace
}  // namespace floe
