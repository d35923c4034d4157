// The layered scan planner: each layer's predicate of a ScanFilter on its own (manifest
// summaries, partition tuples, column metrics, with and without Bloom filters of a
// join's keys), the counters each kind of filter adds to, and ManifestGroup planning a
// small identity-partitioned table with static and dynamic filters and residuals.
#include <gtest/gtest.h>

#include <filesystem>

#include "common/vector_operations.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/manifests/manifest_list_writer.h"
#include "iceberg/manifests/manifest_writer.h"
#include "iceberg/scan/manifest_group.h"
#include "iceberg/scan/table_scan.h"
#include "iceberg/single_value_serialization.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {
namespace {

const Schema& TestSchema() {
  static const Schema schema(0, {NestedField::Required(1, "id", Type::Primitive(TypeKind::kLong)),
                                 NestedField::Optional(2, "k", Type::Primitive(TypeKind::kInt)),
                                 NestedField::Optional(3, "x", Type::Primitive(TypeKind::kDouble))});
  return schema;
}

PartitionSpec IdentityK() { return PartitionSpec(0, {PartitionField(2, 1000, "k", Transform::Identity())}); }

std::shared_ptr<const BloomFilter> BloomOf(const std::vector<Value>& keys) {
  auto bloom = std::make_shared<BloomFilter>(keys.size());
  for (const Value& k : keys) bloom->Insert(HashValue(k));
  return bloom;
}

std::string Bytes(TypeKind kind, const Value& v) {
  return SingleValueSerialization::ToBytes(*Type::Primitive(kind), v);
}

ExpressionPtr Pred(Operation op, int field, std::vector<Value> literals) {
  return Predicate::Make(op, field, std::move(literals));
}

ExpressionPtr KBetween(int lo, int hi) {
  return Expression::And(Pred(Operation::kGtEq, 2, {Value::Int32(lo)}), Pred(Operation::kLtEq, 2, {Value::Int32(hi)}));
}

ManifestFile SummaryOfK(std::optional<int> lower, std::optional<int> upper, bool contains_null = false) {
  ManifestFile m;
  PartitionFieldSummary s;
  s.contains_null = contains_null;
  if (lower) s.lower_bound = Bytes(TypeKind::kInt, Value::Int32(*lower));
  if (upper) s.upper_bound = Bytes(TypeKind::kInt, Value::Int32(*upper));
  m.partitions = {s};
  m.added_files_count = 1;
  return m;
}

DataFile FileWithK(int lower, int upper) {
  DataFile f;
  f.record_count = 10;
  f.value_counts = {{2, 10}};
  f.null_value_counts = {{2, 0}};
  f.lower_bounds[2] = Bytes(TypeKind::kInt, Value::Int32(lower));
  f.upper_bounds[2] = Bytes(TypeKind::kInt, Value::Int32(upper));
  return f;
}

// --- each layer's predicate on its own

TEST(ScanFilterTest, ManifestLayerTestsSummariesAndBloomFilters) {
  ScanFilter range(ScanFilter::Kind::kDynamic, KBetween(0, 100), TestSchema());
  ScanFilter bloom(ScanFilter::Kind::kDynamic, KBetween(0, 100), TestSchema(),
                   {{2, BloomOf({Value::Int32(5), Value::Int32(50)})}});
  range.Prepare(IdentityK());
  bloom.Prepare(IdentityK());
  const SpecFilter& r = range.ForSpec(0);
  const SpecFilter& b = bloom.ForSpec(0);
  EXPECT_TRUE(r.MayMatchManifest(SummaryOfK(7, 7)));   // in the range
  EXPECT_FALSE(r.MayMatchManifest(SummaryOfK(200, 300)));  // above it
  EXPECT_FALSE(b.MayMatchManifest(SummaryOfK(7, 7)));  // one value, no key
  EXPECT_TRUE(b.MayMatchManifest(SummaryOfK(5, 5)));
  EXPECT_FALSE(b.MayMatchManifest(SummaryOfK(7, 7, true)));  // NULLs besides never match
  EXPECT_TRUE(b.MayMatchManifest(SummaryOfK(6, 7)));  // two values or more: not known
  EXPECT_EQ(bloom.FindSpec(1), nullptr);
}

TEST(ScanFilterTest, PartitionLayerTestsIdentityValuesAgainstTheBloomFilter) {
  ScanFilter bloom(ScanFilter::Kind::kDynamic, KBetween(0, 100), TestSchema(),
                   {{2, BloomOf({Value::Int32(5), Value::Int32(50)})}});
  bloom.Prepare(IdentityK());
  const SpecFilter& b = bloom.ForSpec(0);
  EXPECT_TRUE(b.MayMatchPartition({Value::Int32(5)}));
  EXPECT_TRUE(b.MayMatchPartition({Value::Int32(50)}));
  EXPECT_FALSE(b.MayMatchPartition({Value::Int32(6)}));   // in the range, not a key
  EXPECT_FALSE(b.MayMatchPartition({Value::Int32(500)}));  // out of the range
  EXPECT_FALSE(b.MayMatchPartition({Value::Null(TypeId::kInt32)}));  // NULL is no key
  // a spec that partitions k by a bucket cannot test values: only the range applies
  ScanFilter bucketed(ScanFilter::Kind::kDynamic, Expression::AlwaysTrue(), TestSchema(),
                      {{2, BloomOf({Value::Int32(5)})}});
  bucketed.Prepare(PartitionSpec(1, {PartitionField(2, 1000, "k_bucket", Transform::Bucket(4))}));
  EXPECT_TRUE(bucketed.ForSpec(1).MayMatchPartition({Value::Int32(3)}));
}

TEST(ScanFilterTest, MetricsLayerTestsBoundsThatMeet) {
  ScanFilter bloom(ScanFilter::Kind::kDynamic, KBetween(0, 100), TestSchema(),
                   {{2, BloomOf({Value::Int32(5)})}});
  EXPECT_TRUE(bloom.MayMatchMetrics(FileWithK(5, 5)));
  EXPECT_FALSE(bloom.MayMatchMetrics(FileWithK(6, 6)));
  EXPECT_TRUE(bloom.MayMatchMetrics(FileWithK(6, 7)));     // two values or more: not known
  EXPECT_FALSE(bloom.MayMatchMetrics(FileWithK(200, 200)));  // the range rules it out
  DataFile no_bounds = FileWithK(6, 6);
  no_bounds.upper_bounds.clear();
  EXPECT_TRUE(bloom.MayMatchMetrics(no_bounds));
  // a DOUBLE column whose NaN count is not known may hold NaN besides its bounds
  ScanFilter doubles(ScanFilter::Kind::kDynamic, Expression::AlwaysTrue(), TestSchema(),
                     {{3, BloomOf({Value::Double(1.5)})}});
  DataFile x;
  x.record_count = 4;
  x.lower_bounds[3] = x.upper_bounds[3] = Bytes(TypeKind::kDouble, Value::Double(2.5));
  EXPECT_TRUE(doubles.MayMatchMetrics(x));
  x.nan_value_counts[3] = 0;
  EXPECT_FALSE(doubles.MayMatchMetrics(x));
  x.lower_bounds[3] = Bytes(TypeKind::kDouble, Value::Double(-0.0));
  x.upper_bounds[3] = Bytes(TypeKind::kDouble, Value::Double(0.0));
  ScanFilter zero(ScanFilter::Kind::kDynamic, Expression::AlwaysTrue(), TestSchema(),
                  {{3, BloomOf({Value::Double(0.0)})}});
  EXPECT_TRUE(zero.MayMatchMetrics(x));  // -0.0 joins 0.0
}

TEST(ScanFilterTest, EachKindAddsToItsOwnCounters) {
  ScanFilter s(ScanFilter::Kind::kStatic, Expression::AlwaysTrue(), TestSchema());
  ScanFilter d(ScanFilter::Kind::kDynamic, Expression::AlwaysTrue(), TestSchema());
  EXPECT_EQ(s.counters().manifests, nullptr);
  EXPECT_EQ(s.counters().manifest_files, &SpecScanMetrics::data_files_manifest_pruned);
  EXPECT_EQ(s.counters().partition_files, &SpecScanMetrics::data_files_partition_pruned);
  EXPECT_EQ(s.counters().metrics_files, &SpecScanMetrics::data_files_metrics_pruned);
  EXPECT_EQ(s.counters().partitions, nullptr);
  EXPECT_EQ(d.counters().manifests, &SpecScanMetrics::manifests_dynamic_pruned);
  EXPECT_EQ(d.counters().manifest_files, &SpecScanMetrics::data_files_dynamic_pruned);
  EXPECT_EQ(d.counters().partition_files, &SpecScanMetrics::data_files_dynamic_pruned);
  EXPECT_EQ(d.counters().metrics_files, &SpecScanMetrics::data_files_dynamic_pruned);
  EXPECT_EQ(d.counters().partitions, &SpecScanMetrics::partitions_dynamic_pruned);
}

// --- planning a table: k = 0..39 identity-partitioned, one file each, ten partitions a
// manifest, and a manifest of one file whose k is NULL.

class ManifestGroupTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("floe_group_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    metadata_ = Write("identity", IdentityK(), [](int k) {
      DataFile f = FileWithK(k, k);
      f.partition = {Value::Int32(k)};
      return f;
    });
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  template <typename MakeFile>
  std::shared_ptr<const TableMetadata> Write(const std::string& tag, const PartitionSpec& spec, MakeFile make) {
    const int64_t snapshot_id = 1;
    ManifestListWriter list(snapshot_id, std::nullopt, 1, avro::AvroCodec::kNull);
    for (int m = 0; m <= 4; ++m) {
      ManifestWriter writer(TestSchema(), spec, snapshot_id, ManifestContent::kData, avro::AvroCodec::kNull);
      for (int k = m * 10; k < (m + 1) * 10 && m < 4; ++k) {
        DataFile f = make(k);
        f.file_path = (dir_ / (tag + "_k" + std::to_string(k) + ".parquet")).string();
        f.file_size_in_bytes = 1000;
        writer.Add(f, 1);
      }
      if (m == 4) {  // the NULL partition
        DataFile f;
        f.file_path = (dir_ / "null.parquet").string();
        f.partition = spec.fields().empty() ? std::vector<Value>{} : std::vector<Value>{Value::Null(TypeId::kInt32)};
        f.record_count = 10;
        f.file_size_in_bytes = 1000;
        f.value_counts = {{2, 10}};
        f.null_value_counts = {{2, 10}};
        writer.Add(f, 1);
      }
      std::string path = (dir_ / (tag + "_m" + std::to_string(m) + ".avro")).string();
      list.Add(writer.WriteTo(::floe::testing::TestIO(), path, path));
    }
    std::string list_path = (dir_ / (tag + "_snap-1.avro")).string();
    list.WriteTo(::floe::testing::TestIO(), list_path);
    auto m = std::make_shared<TableMetadata>();
    m->location = dir_.string();
    m->last_sequence_number = 1;
    m->last_column_id = 3;
    m->schemas = {TestSchema()};
    m->partition_specs = {spec};
    m->last_partition_id = 1000;
    Snapshot snap;
    snap.snapshot_id = snapshot_id;
    snap.sequence_number = 1;
    snap.manifest_list = list_path;
    snap.schema_id = 0;
    m->snapshots = {snap};
    m->current_snapshot_id = snapshot_id;
    return m;
  }

  std::vector<FileScanTask> Plan(const std::shared_ptr<const TableMetadata>& metadata, ExpressionPtr filter,
                                 ExpressionPtr dynamic, std::vector<ColumnBloomFilter> blooms,
                                 PruningOptions options = {}) {
    TableScan scan(::floe::testing::TestIO(), metadata, std::nullopt, std::move(filter), LocationRemapper(), options);
    if (dynamic) scan.SetDynamicFilter(std::move(dynamic), std::move(blooms));
    auto tasks = scan.PlanFiles();
    metrics_ = scan.metrics().total;
    return tasks;
  }

  static std::vector<int> Ks(const std::vector<FileScanTask>& tasks) {
    std::vector<int> out;
    for (const auto& t : tasks) out.push_back(t.data_file.partition.empty() ? -1 : t.data_file.partition[0].int32());
    std::sort(out.begin(), out.end());
    return out;
  }

  std::filesystem::path dir_;
  std::shared_ptr<const TableMetadata> metadata_;
  SpecScanMetrics metrics_;
};

TEST_F(ManifestGroupTest, StaticFilterCountsEachLayer) {
  auto tasks = Plan(metadata_, Pred(Operation::kGtEq, 2, {Value::Int32(35)}), nullptr, {});
  EXPECT_EQ(Ks(tasks), (std::vector<int>{35, 36, 37, 38, 39}));
  EXPECT_EQ(metrics_.manifests_total, 5);
  EXPECT_EQ(metrics_.manifests_read, 1);
  EXPECT_EQ(metrics_.data_files_total, 41);
  EXPECT_EQ(metrics_.data_files_manifest_pruned, 31);  // three manifests and the NULL one
  EXPECT_EQ(metrics_.data_files_partition_pruned, 5);
  EXPECT_EQ(metrics_.data_files_metrics_pruned, 0);
  EXPECT_EQ(metrics_.data_files_dynamic_pruned, 0);
  EXPECT_EQ(metrics_.partitions_read, 5);
  EXPECT_EQ(metrics_.partitions_total, 10);
}

// A dynamic filter counts what it prunes apart, at each layer.
TEST_F(ManifestGroupTest, DynamicFilterCountsApart) {
  auto tasks = Plan(metadata_, nullptr, KBetween(10, 35), {});
  EXPECT_EQ(tasks.size(), 26u);
  EXPECT_EQ(metrics_.manifests_dynamic_pruned, 2);  // k 0..9 and the NULL manifest
  EXPECT_EQ(metrics_.data_files_dynamic_pruned, 15);
  EXPECT_EQ(metrics_.data_files_manifest_pruned + metrics_.data_files_partition_pruned +
                metrics_.data_files_metrics_pruned, 0);
  EXPECT_EQ(metrics_.partitions_total, 30);
  EXPECT_EQ(metrics_.partitions_dynamic_pruned, 4);
  EXPECT_EQ(metrics_.partitions_read, 26);
  // each layer switched off leaves the next to prune the same files
  EXPECT_EQ(Plan(metadata_, nullptr, KBetween(10, 35), {}, {false, true, true, true}).size(), 26u);
  EXPECT_EQ(Plan(metadata_, nullptr, KBetween(10, 35), {}, {false, false, true, true}).size(), 26u);
  EXPECT_EQ(metrics_.data_files_dynamic_pruned, 15);  // all at layer 3
  EXPECT_EQ(Plan(metadata_, nullptr, KBetween(10, 35), {}, {false, false, false, true}).size(), 41u);
}

// The range of the keys keeps k = 10..35; the Bloom filter of the keys only those four.
TEST_F(ManifestGroupTest, BloomFilterPrunesWhatTheRangeKeeps) {
  std::vector<Value> keys = {Value::Int32(10), Value::Int32(12), Value::Int32(20), Value::Int32(35)};
  auto range_only = Plan(metadata_, nullptr, KBetween(10, 35), {});
  EXPECT_EQ(range_only.size(), 26u);
  auto tasks = Plan(metadata_, nullptr, KBetween(10, 35), {{2, BloomOf(keys)}});
  EXPECT_EQ(Ks(tasks), (std::vector<int>{10, 12, 20, 35}));
  EXPECT_EQ(metrics_.manifests_dynamic_pruned, 2);  // k 0..9 and the NULL manifest
  EXPECT_EQ(metrics_.data_files_dynamic_pruned, 37);
  EXPECT_EQ(metrics_.data_files_manifest_pruned + metrics_.data_files_partition_pruned +
                metrics_.data_files_metrics_pruned, 0);
  EXPECT_EQ(metrics_.partitions_total, 30);
  EXPECT_EQ(metrics_.partitions_dynamic_pruned, 26);
  EXPECT_EQ(metrics_.partitions_read, 4);
  // each layer switched off leaves the next to prune the same files
  EXPECT_EQ(Ks(Plan(metadata_, nullptr, KBetween(10, 35), {{2, BloomOf(keys)}}, {false, true, true, true})),
            (std::vector<int>{10, 12, 20, 35}));
  EXPECT_EQ(Ks(Plan(metadata_, nullptr, KBetween(10, 35), {{2, BloomOf(keys)}}, {false, false, true, true})),
            (std::vector<int>{10, 12, 20, 35}));
  EXPECT_EQ(metrics_.data_files_dynamic_pruned, 37);  // all at layer 3, by bounds that meet
  EXPECT_EQ(Plan(metadata_, nullptr, KBetween(10, 35), {{2, BloomOf(keys)}}, {false, false, false, true}).size(), 41u);
}

// A file counts against the first filter that drops it: the static one, then the dynamic.
TEST_F(ManifestGroupTest, StaticFilterComesFirst) {
  std::vector<Value> keys = {Value::Int32(10), Value::Int32(12), Value::Int32(20), Value::Int32(35)};
  auto tasks = Plan(metadata_, Pred(Operation::kLt, 2, {Value::Int32(20)}), KBetween(10, 35), {{2, BloomOf(keys)}});
  EXPECT_EQ(Ks(tasks), (std::vector<int>{10, 12}));
  EXPECT_EQ(metrics_.data_files_manifest_pruned, 21);  // k 20..39 and NULL, by the static filter
  EXPECT_EQ(metrics_.manifests_dynamic_pruned, 1);     // k 0..9
  EXPECT_EQ(metrics_.data_files_dynamic_pruned, 18);   // 10 by the manifest, 8 by partition
  EXPECT_EQ(metrics_.partitions_dynamic_pruned, 8);
}

// Files that are not identity-partitioned but hold one key each are pruned at layer 3.
TEST_F(ManifestGroupTest, BloomFilterPrunesSingleValuedFilesByMetrics) {
  auto unpartitioned = Write("unpartitioned", PartitionSpec::Unpartitioned(), [](int k) { return FileWithK(k, k); });
  auto tasks = Plan(unpartitioned, nullptr, KBetween(10, 35), {{2, BloomOf({Value::Int32(11), Value::Int32(30)})}});
  EXPECT_EQ(tasks.size(), 2u);
  EXPECT_EQ(metrics_.data_files_dynamic_pruned, 39);
  EXPECT_EQ(metrics_.data_files_metrics_pruned, 0);
}

TEST_F(ManifestGroupTest, EachTaskCarriesItsResidual) {
  ExpressionPtr x_small = Pred(Operation::kLt, 3, {Value::Double(50)});
  auto tasks = Plan(metadata_, Expression::And(Pred(Operation::kGtEq, 2, {Value::Int32(38)}), x_small), nullptr, {});
  ASSERT_EQ(tasks.size(), 2u);
  for (const auto& t : tasks) {
    ASSERT_NE(t.residual, nullptr);
    EXPECT_EQ(t.residual->ToString(), x_small->ToString());  // k >= 38 holds for the whole partition
    EXPECT_FALSE(t.all_rows_match);
  }
  EXPECT_EQ(metrics_.data_files_all_rows_match, 0);
  tasks = Plan(metadata_, Pred(Operation::kGtEq, 2, {Value::Int32(38)}), nullptr, {});
  for (const auto& t : tasks) {
    EXPECT_EQ(t.residual->op(), Operation::kTrue);
    EXPECT_TRUE(t.all_rows_match);
  }
  EXPECT_EQ(metrics_.data_files_all_rows_match, 2);
}

TEST_F(ManifestGroupTest, ProjectsEachFilterPerSpec) {
  TableScan scan(::floe::testing::TestIO(), metadata_, std::nullopt, Pred(Operation::kEq, 2, {Value::Int32(3)}), LocationRemapper());
  scan.SetDynamicFilter(KBetween(1, 4), {{2, BloomOf({Value::Int32(3)})}});
  scan.PlanFiles();
  ASSERT_EQ(scan.PartitionFilters().size(), 1u);
  ASSERT_EQ(scan.DynamicPartitionFilters().size(), 1u);
  EXPECT_EQ(scan.PartitionFilters().at(0)->ToString(), Pred(Operation::kEq, 1000, {Value::Int32(3)})->ToString());
  ExpressionPtr projected =
      Expression::And(Pred(Operation::kGtEq, 1000, {Value::Int32(1)}), Pred(Operation::kLtEq, 1000, {Value::Int32(4)}));
  EXPECT_EQ(scan.DynamicPartitionFilters().at(0)->ToString(), projected->ToString());
  EXPECT_TRUE(scan.metrics().dynamic);
}

}  // namespace
}  // namespace floe::iceberg
