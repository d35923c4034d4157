// rewrite_data_files' planner against Iceberg 1.10's own cases: TestBinPacking,
// TestSizeBasedFileRewritePlanner and TestBinPackRewriteFilePlanner (core/src/test/java/
// org/apache/iceberg/{util,actions}/), ported case by case.
#include "iceberg/procedures/rewrite_file_planner.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "common/exception.h"
#include "iceberg/transforms/transform.h"

namespace floe::iceberg {
namespace {

using Bins = std::vector<std::vector<int64_t>>;

// BinPacking.ListPacker(target, lookback, false).pack over the weights themselves.
Bins Pack(const std::vector<int64_t>& items, int64_t target, int lookback = 1 << 30) {
  Bins out;
  for (const auto& bin : PackBins(items, target, lookback)) {
    std::vector<int64_t> weights;
    for (size_t i : bin) weights.push_back(items[i]);
    out.push_back(weights);
  }
  return out;
}

TEST(PackBinsTest, BasicBinPacking) {  // TestBinPacking.testBasicBinPacking
  std::vector<int64_t> items = {1, 2, 3, 4, 5};
  EXPECT_EQ(Pack(items, 3), (Bins{{1, 2}, {3}, {4}, {5}}));
  EXPECT_EQ(Pack(items, 5), (Bins{{1, 2}, {3}, {4}, {5}}));
  EXPECT_EQ(Pack(items, 6), (Bins{{1, 2, 3}, {4}, {5}}));
  EXPECT_EQ(Pack(items, 8), (Bins{{1, 2, 3}, {4}, {5}}));
  EXPECT_EQ(Pack(items, 9), (Bins{{1, 2, 3}, {4, 5}}));
  EXPECT_EQ(Pack(items, 10), (Bins{{1, 2, 3, 4}, {5}}));
  EXPECT_EQ(Pack(items, 14), (Bins{{1, 2, 3, 4}, {5}}));
  EXPECT_EQ(Pack(items, 15), (Bins{{1, 2, 3, 4, 5}}));
}

TEST(PackBinsTest, LookBack) {  // TestBinPacking.testBinPackingLookBack
  std::vector<int64_t> items = {5, 1, 5, 1, 5, 1};
  EXPECT_EQ(Pack(items, 8), (Bins{{5, 1, 1, 1}, {5}, {5}}));
  EXPECT_EQ(Pack(items, 8, 2), (Bins{{5, 1, 1}, {5, 1}, {5}}));
  EXPECT_EQ(Pack(items, 8, 1), (Bins{{5, 1}, {5, 1}, {5, 1}}));
}

TEST(PackBinsTest, ItemHeavierThanTheTargetGetsABinOfItsOwn) {
  EXPECT_EQ(Pack({20, 1, 1}, 10, 1), (Bins{{20}, {1, 1}}));
}

// TestBinPackRewriteFilePlanner's table: identity partitions data_bucket = 0, 1, 2.
class RewriteFilePlannerTest : public ::testing::Test {
 protected:
  RewriteFilePlannerTest() {
    metadata_.format_version = 2;
    metadata_.partition_specs = {PartitionSpec(0, {PartitionField(2, 1000, "data_bucket", Transform::Identity())}),
                                 PartitionSpec::Unpartitioned(1)};
    metadata_.default_spec_id = 0;
  }

  static FileScanTask Task(int64_t size, std::optional<int> bucket = std::nullopt, int spec_id = 0,
                           int64_t records = 1) {
    static int counter = 0;
    FileScanTask t;
    t.data_file.file_path = "/path/to/data-" + std::to_string(++counter) + ".parquet";
    t.data_file.file_size_in_bytes = size;
    t.data_file.record_count = records;
    t.data_file.spec_id = spec_id;
    if (bucket) t.data_file.partition = {Value::Int32(*bucket)};
    return t;
  }
  // FILE_1 .. FILE_6 of addFiles()
  static std::vector<FileScanTask> SixFiles() {
    return {Task(10, 0), Task(10, 0), Task(10, 0), Task(11, 1), Task(11, 1), Task(50, 2)};
  }
  // MockFileScanTask.mockTaskWithDeletes(size, n): n delete files, none file-scoped
  static FileScanTask WithDeletes(int64_t size, int deletes) {
    FileScanTask t = Task(size, 0);
    for (int i = 0; i < deletes; ++i) {
      auto ref = std::make_shared<DeleteFileRef>();
      ref->file.content = FileContent::kEqualityDeletes;
      ref->file.record_count = 1;
      t.deletes.push_back(ref);
    }
    return t;
  }
  // mockTaskWithFileScopedDeleteRecords(size, records, 1, deleted)
  static FileScanTask WithFileScopedDeletes(int64_t size, int64_t records, int64_t deleted) {
    FileScanTask t = Task(size, 0, 0, records);
    auto ref = std::make_shared<DeleteFileRef>();
    ref->file.content = FileContent::kPositionDeletes;
    ref->file.record_count = deleted;
    ref->file.referenced_data_file = t.data_file.file_path;
    t.deletes.push_back(ref);
    return t;
  }

  std::vector<RewriteFileGroup> Plan(const std::vector<FileScanTask>& tasks,
                                     const std::map<std::string, std::string>& options) {
    RewriteFilePlanner planner(metadata_, false);
    planner.Init(options);
    auto groups = planner.Plan(tasks);
    total_ = planner.total_group_count();
    return groups;
  }
  void ExpectInvalid(const std::map<std::string, std::string>& options, const std::string& message) {
    RewriteFilePlanner planner(metadata_, false);
    try {
      planner.Init(options);
      FAIL() << "expected: " << message;
    } catch (const InvalidInputError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }

  TableMetadata metadata_;
  int total_ = 0;
};

TEST_F(RewriteFilePlannerTest, PartitionedTable) {  // testPartitionedTable
  auto groups = Plan(SixFiles(), {{"rewrite-all", "true"}});
  ASSERT_EQ(groups.size(), 3u);
  size_t files = 0;
  for (const auto& g : groups) files += g.tasks.size();
  EXPECT_EQ(files, 6u);
}

TEST_F(RewriteFilePlannerTest, UnpartitionedTable) {  // testUnpartitionedTable
  metadata_.default_spec_id = 1;
  auto groups = Plan({Task(10, {}, 1), Task(20, {}, 1), Task(30, {}, 1)},
                     {{"min-input-files", "1"}, {"min-file-size-bytes", "30"}});
  EXPECT_EQ(total_, 1);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].tasks.size(), 2u);
}

TEST_F(RewriteFilePlannerTest, EmptyTable) {  // testEmptyTable
  EXPECT_TRUE(Plan({}, {{"rewrite-all", "true"}}).empty());
  EXPECT_EQ(total_, 0);
}

TEST_F(RewriteFilePlannerTest, JobOrder) {  // testJobOrder, each order
  auto buckets = [&](const std::string& order) {
    std::vector<int> out;
    for (const auto& g : Plan(SixFiles(), {{"rewrite-all", "true"}, {"rewrite-job-order", order}})) {
      out.push_back(g.partition[0].int32());
    }
    EXPECT_EQ(total_, 3);
    return out;
  };
  EXPECT_EQ(buckets("FILES_DESC"), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(buckets("FILES_ASC"), (std::vector<int>{2, 1, 0}));
  EXPECT_EQ(buckets("BYTES_DESC"), (std::vector<int>{2, 0, 1}));
  EXPECT_EQ(buckets("bytes-asc"), (std::vector<int>{1, 0, 2}));
}

TEST_F(RewriteFilePlannerTest, MaxGroupSize) {  // testMaxGroupSize
  auto groups = Plan(SixFiles(), {{"rewrite-all", "true"}, {"max-file-group-size-bytes", "10"}});
  EXPECT_EQ(total_, 6);
  std::map<int, int> per_bucket;
  for (const auto& g : groups) ++per_bucket[g.partition[0].int32()];
  EXPECT_EQ(per_bucket, (std::map<int, int>{{0, 3}, {1, 2}, {2, 1}}));
  // partition_index counts the groups of one partition, global_index all of them
  EXPECT_EQ(groups.back().global_index, 6);
  EXPECT_EQ(groups[2].partition_index, 3);
}

TEST_F(RewriteFilePlannerTest, MaxOutputFileSize) {  // testMaxOutputFileSize
  for (const auto& g : Plan(SixFiles(), {{"rewrite-all", "true"}, {"target-file-size-bytes", "10"}})) {
    EXPECT_GT(g.max_output_file_size, 10);
    EXPECT_LT(g.max_output_file_size, static_cast<int64_t>(10 * 1.8));
  }
}

TEST_F(RewriteFilePlannerTest, ExpectedOutputFiles) {  // testExpectedOutputFiles
  auto groups = Plan(SixFiles(), {{"rewrite-all", "true"}, {"target-file-size-bytes", "21"}});
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0].expected_output_files, 2);  // 30 bytes
  EXPECT_EQ(groups[1].expected_output_files, 1);  // 22 bytes: below target * 1.1
  EXPECT_EQ(groups[2].expected_output_files, 3);  // 50 bytes
}

TEST_F(RewriteFilePlannerTest, OutputSpec) {  // testOutputSpec, both ways
  EXPECT_EQ(RewriteFilePlanner(metadata_, false).output_spec_id(), 0);
  RewriteFilePlanner planner(metadata_, false);
  planner.Init({{"output-spec-id", "1"}});
  EXPECT_EQ(planner.output_spec_id(), 1);
}

TEST_F(RewriteFilePlannerTest, FilesOfAnotherSpecShareTheAllNullPartition) {  // groupByPartition
  auto groups = Plan({Task(10, 0), Task(10, {}, 1), Task(10, {}, 1)}, {{"rewrite-all", "true"}});
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[1].tasks.size(), 2u);
  EXPECT_TRUE(groups[1].partition[0].is_null());
}

TEST_F(RewriteFilePlannerTest, ValidOptions) {  // testValidOptions (both planners)
  EXPECT_EQ(RewriteFilePlanner(metadata_, false).ValidOptions(),
            (std::set<std::string>{"target-file-size-bytes", "min-file-size-bytes", "max-file-size-bytes",
                                   "min-input-files", "rewrite-all", "max-file-group-size-bytes",
                                   "delete-file-threshold", "delete-ratio-threshold", "rewrite-job-order",
                                   "max-files-to-rewrite"}));
  EXPECT_TRUE(RewriteFilePlanner(metadata_, true).ValidOptions().count("compression-factor"));
}

TEST_F(RewriteFilePlannerTest, InvalidOptions) {  // both planners' testInvalidOption
  ExpectInvalid({{"target-file-size-bytes", "0"}}, "'target-file-size-bytes' is set to 0 but must be > 0");
  ExpectInvalid({{"min-file-size-bytes", "-1"}}, "'min-file-size-bytes' is set to -1 but must be >= 0");
  ExpectInvalid({{"target-file-size-bytes", "3"}, {"min-file-size-bytes", "5"}},
                "'target-file-size-bytes' (3) must be > 'min-file-size-bytes' (5), all new files will be smaller "
                "than the min threshold");
  ExpectInvalid({{"target-file-size-bytes", "5"}, {"max-file-size-bytes", "3"}},
                "'target-file-size-bytes' (5) must be < 'max-file-size-bytes' (3), all new files will be larger "
                "than the max threshold");
  ExpectInvalid({{"min-input-files", "0"}}, "'min-input-files' is set to 0 but must be > 0");
  ExpectInvalid({{"max-file-group-size-bytes", "0"}}, "'max-file-group-size-bytes' is set to 0 but must be > 0");
  ExpectInvalid({{"rewrite-job-order", "foo"}}, "Invalid rewrite job order name: foo");
  ExpectInvalid({{"output-spec-id", "1234"}},
                "Cannot use output spec id 1234 because the table does not contain a reference to this spec-id.");
  ExpectInvalid({{"delete-file-threshold", "-1"}}, "'delete-file-threshold' is set to -1 but must be >= 0");
  ExpectInvalid({{"delete-ratio-threshold", "-1"}}, "'delete-ratio-threshold' is set to -1.0 but must be > 0");
  ExpectInvalid({{"delete-ratio-threshold", "127"}}, "'delete-ratio-threshold' is set to 127.0 but must be <= 1");
  ExpectInvalid({{"max-files-to-rewrite", "0"}}, "Cannot set max-files-to-rewrite to 0, the value must be positive");
  ExpectInvalid({{"max-files-to-rewrite", "-2"}}, "Cannot set max-files-to-rewrite to -2");
  // floe reads numbers and booleans strictly (Java: NumberFormatException; "yes" is false)
  ExpectInvalid({{"min-input-files", "2.5"}}, "option min-input-files must be a whole number, not '2.5'");
  ExpectInvalid({{"rewrite-all", "yes"}}, "option rewrite-all must be true or false, not 'yes'");
  ExpectInvalid({{"min-input-files", "99999999999"}}, "option min-input-files must be a 32-bit integer");
  RewriteFilePlanner sort(metadata_, true);
  EXPECT_THROW(sort.Init({{"compression-factor", "0"}}), InvalidInputError);
}

TEST_F(RewriteFilePlannerTest, SizeFiltering) {  // testSizeFiltering
  auto groups = Plan({Task(100, 0), Task(450, 0), Task(1000, 0)},
                     {{"min-file-size-bytes", "250"}, {"target-file-size-bytes", "500"}, {"max-file-size-bytes", "750"}});
  ASSERT_EQ(groups.size(), 1u);
  ASSERT_EQ(groups[0].tasks.size(), 2u);
  EXPECT_EQ(groups[0].tasks[0].data_file.file_size_in_bytes, 100);
  EXPECT_EQ(groups[0].tasks[1].data_file.file_size_in_bytes, 1000);
}

TEST_F(RewriteFilePlannerTest, GroupWithEnoughFiles) {  // testGroupWithEnoughFiles
  auto groups = Plan({Task(100, 0), Task(100, 0), Task(100, 0), Task(100, 0)},
                     {{"min-input-files", "3"},
                      {"min-file-size-bytes", "150"},
                      {"target-file-size-bytes", "1000"},
                      {"max-file-size-bytes", "5000"}});
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].tasks.size(), 4u);
}

TEST_F(RewriteFilePlannerTest, GroupWithEnoughData) {  // testGroupWithEnoughData
  auto groups = Plan({Task(100, 0), Task(100, 0), Task(100, 0)},
                     {{"min-file-size-bytes", "200"}, {"target-file-size-bytes", "250"}, {"max-file-size-bytes", "500"}});
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].tasks.size(), 3u);
}

TEST_F(RewriteFilePlannerTest, FileSizeAboveTarget) {  // testFileSizeAboveTarget
  auto groups = Plan({Task(2000, 0)},
                     {{"min-file-size-bytes", "200"}, {"target-file-size-bytes", "250"}, {"max-file-size-bytes", "500"}});
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].tasks.size(), 1u);
}

TEST_F(RewriteFilePlannerTest, SmallGroupIsLeftAlone) {  // the default: fewer than 5 small files
  EXPECT_TRUE(Plan({Task(100, 0), Task(100, 0), Task(100, 0), Task(100, 0)}, {}).empty());
  EXPECT_EQ(Plan({Task(100, 0), Task(100, 0), Task(100, 0), Task(100, 0), Task(100, 0)}, {}).size(), 1u);
}

TEST_F(RewriteFilePlannerTest, DeleteFileThreshold) {  // testDeleteFileThreshold
  auto groups = Plan({WithDeletes(1000, 3), WithDeletes(1001, 1)},
                     {{"min-file-size-bytes", "0"}, {"delete-file-threshold", "2"}});
  ASSERT_EQ(groups.size(), 1u);
  ASSERT_EQ(groups[0].tasks.size(), 1u);
  EXPECT_EQ(groups[0].tasks[0].data_file.file_size_in_bytes, 1000);
}

TEST_F(RewriteFilePlannerTest, DeleteFileThresholdZeroSelectsEveryFile) {  // tooManyDeletes: size >= 0
  EXPECT_EQ(Plan({Task(1000, 0)}, {{"delete-file-threshold", "0"}}).size(), 1u);
}

TEST_F(RewriteFilePlannerTest, HugeGroupsNeitherOverflowNorDivideByZero) {
  RewriteFilePlanner planner(metadata_, true);
  planner.Init({{"target-file-size-bytes", "2"}, {"compression-factor", "1e300"}});
  int64_t big = int64_t{8} << 30;  // 8 GiB: 2^32 files of 2 bytes
  EXPECT_GE(planner.ExpectedOutputFiles(big), 1);
  EXPECT_GE(planner.InputSplitSize(big), 2);
  RewriteFilePlanner plain(metadata_, false);
  plain.Init({{"target-file-size-bytes", "2"}});
  EXPECT_EQ(plain.ExpectedOutputFiles(big), int64_t{1} << 32);
}

TEST_F(RewriteFilePlannerTest, DeleteRatioThreshold) {  // testDeleteRatioThreshold
  auto groups = Plan({WithFileScopedDeletes(1000, 100, 20), WithFileScopedDeletes(1001, 100, 19)},
                     {{"min-file-size-bytes", "0"}, {"delete-ratio-threshold", "0.2"}});
  ASSERT_EQ(groups.size(), 1u);
  ASSERT_EQ(groups[0].tasks.size(), 1u);
  EXPECT_EQ(groups[0].tasks[0].data_file.file_size_in_bytes, 1000);
  // the default ratio, 0.3; deletes that are not file-scoped do not count
  EXPECT_EQ(Plan({WithFileScopedDeletes(1000, 100, 30)}, {{"min-file-size-bytes", "0"}}).size(), 1u);
  EXPECT_TRUE(Plan({WithDeletes(1000, 1)}, {{"min-file-size-bytes", "0"}}).empty());
}

TEST_F(RewriteFilePlannerTest, MaxFilesToRewrite) {  // textMaxFilesRewriteToOnlyTruncateNeededPartitions
  auto groups = Plan(SixFiles(), {{"max-files-to-rewrite", "4"}, {"rewrite-all", "true"}});
  std::vector<size_t> sizes;
  for (const auto& g : groups) sizes.push_back(g.tasks.size());
  std::sort(sizes.begin(), sizes.end());
  EXPECT_EQ(sizes, (std::vector<size_t>{1, 3}));
  EXPECT_EQ(total_, 3);
  size_t files = 0;  // testRewriteMaxFilesOption, testRewriteMaxFilesRewriteGreaterThanTotalFiles
  for (const auto& g : Plan(SixFiles(), {{"max-files-to-rewrite", "5"}, {"rewrite-all", "true"}})) {
    files += g.tasks.size();
  }
  EXPECT_EQ(files, 5u);
  files = 0;
  for (const auto& g : Plan(SixFiles(), {{"max-files-to-rewrite", "500"}, {"rewrite-all", "true"}})) {
    files += g.tasks.size();
  }
  EXPECT_EQ(files, 6u);
}

TEST_F(RewriteFilePlannerTest, InputSplitSizeLowerBound) {  // TestSizeBasedFileRewritePlanner
  RewriteFilePlanner planner(metadata_, false);
  int64_t mb = 1024 * 1024;
  planner.Init({{"min-file-size-bytes", std::to_string(256 * mb)},
                {"target-file-size-bytes", std::to_string(512 * mb)},
                {"max-file-size-bytes", std::to_string(768 * mb)}});
  // 580 MB: spread over one file, the remainder (68 MB) would make it over 10% too big,
  // so it is written into a separate file; each split is still at least the target
  int64_t split = planner.InputSplitSize(580 * mb);
  EXPECT_GE(split, 512 * mb);
  EXPECT_LT(split, 768 * mb);
  EXPECT_EQ(planner.ExpectedOutputFiles(580 * mb), 2);
  EXPECT_EQ(planner.ExpectedOutputFiles(540 * mb), 1);  // within 10%: spread
  EXPECT_EQ(planner.ExpectedOutputFiles(100 * mb), 1);
  EXPECT_EQ(planner.ExpectedOutputFiles(1024 * mb + 300 * mb), 3);  // remainder above the minimum
}

TEST_F(RewriteFilePlannerTest, CompressionFactorScalesTheExpectedFiles) {  // SparkShufflingDataRewritePlanner
  RewriteFilePlanner planner(metadata_, true);
  planner.Init({{"target-file-size-bytes", "100"}, {"compression-factor", "2"}});
  EXPECT_EQ(planner.ExpectedOutputFiles(100), 2);
}

TEST_F(RewriteFilePlannerTest, TargetDefaultsToTheTableProperty) {  // defaultTargetFileSize
  metadata_.properties["write.target-file-size-bytes"] = "1000";
  RewriteFilePlanner planner(metadata_, false);
  planner.Init({});
  EXPECT_EQ(planner.target_file_size(), 1000);
  EXPECT_EQ(planner.min_file_size(), 750);
  EXPECT_EQ(planner.max_file_size(), 1800);
}

}  // namespace
}  // namespace floe::iceberg
