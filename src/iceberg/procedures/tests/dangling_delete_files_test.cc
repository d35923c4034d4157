// rewrite_data_files' remove-dangling-deletes: which delete files no live data file needs,
// as Iceberg 1.10's RemoveDanglingDeletesSparkAction decides (findDanglingDeletes,
// findDanglingDvs; TestRewriteDataFilesAction.testRemoveDangledPositionDeletesPartitionEvolution
// and testRemoveDangledEqualityDeletesPartitionEvolution test the same rule end to end).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "iceberg/procedures/procedure.h"
#include "iceberg/table_metadata_builder.h"
#include "iceberg/transforms/transform.h"
#include "iceberg/write/tests/test_table_operations.h"
#include "iceberg/write/transaction.h"

namespace floe::iceberg {
namespace {

namespace fs = std::filesystem;

class DanglingDeleteFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("floe_dangling_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    Schema schema(0, {NestedField::Required(1, "id", Type::Primitive(TypeKind::kLong)),
                      NestedField::Optional(2, "day", Type::Primitive(TypeKind::kString))});
    PartitionSpec spec(0, {PartitionField(2, 1000, "day", Transform::Identity())});
    TableMetadata metadata =
        TableMetadataBuilder::NewTable(schema, spec, SortOrder::Unsorted(), dir_.string(), {}).Build(2);
    Transaction::CreateTable(ops_, metadata).Commit();
  }
  void TearDown() override { fs::remove_all(dir_); }

  DataFile File(const std::string& name, const std::string& day, FileContent content = FileContent::kData) {
    DataFile f;
    f.content = content;
    f.file_path = (dir_ / "data" / name).string();
    f.partition = {Value::String(day)};
    f.record_count = 1;
    f.file_size_in_bytes = 10;
    if (content == FileContent::kEqualityDeletes) f.equality_ids = {1};
    return f;
  }
  void Commit(std::vector<DataFile> added, std::vector<std::string> removed = {}) {
    SnapshotChange c;
    c.operation = removed.empty() ? "append" : "overwrite";
    c.added = std::move(added);
    c.removed_paths = std::move(removed);
    Transaction t(ops_, ops_.Refresh());
    t.AddSnapshot(std::move(c));
    t.Commit();
  }
  std::vector<std::string> Dangling() {
    TableState state = ops_.Refresh();
    SnapshotChange change = DanglingDeleteFiles(ops_.io(), ops_.remapper(), *state.metadata);
    std::vector<std::string> names;
    for (const auto& p : change.removed_paths) names.push_back(fs::path(p).filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

  fs::path dir_;
  TestTableOperations ops_;
};

TEST_F(DanglingDeleteFilesTest, DeletesOlderThanEveryDataFileOfTheirPartition) {
  Commit({File("a1.parquet", "a"), File("b1.parquet", "b")});                     // seq 1
  Commit({File("a-pos.parquet", "a", FileContent::kPositionDeletes),              // seq 2
          File("a-eq.parquet", "a", FileContent::kEqualityDeletes),
          File("b-pos.parquet", "b", FileContent::kPositionDeletes),
          File("c-pos.parquet", "c", FileContent::kPositionDeletes)});
  // every delete applies to some data file, but partition c holds none
  EXPECT_EQ(Dangling(), (std::vector<std::string>{"c-pos.parquet"}));
  // a's data file replaced at seq 3: its deletes (seq 2) apply to nothing live
  Commit({File("a2.parquet", "a")}, {(dir_ / "data" / "a1.parquet").string()});
  EXPECT_EQ(Dangling(), (std::vector<std::string>{"a-eq.parquet", "a-pos.parquet", "c-pos.parquet"}));
}

TEST_F(DanglingDeleteFilesTest, EqualityDeletesOfTheSameSequenceNumberAreDangling) {
  // an equality delete applies to data files of lower sequence numbers only; a position
  // delete to those of lower or equal ones
  Commit({File("a1.parquet", "a"), File("a-pos.parquet", "a", FileContent::kPositionDeletes),
          File("a-eq.parquet", "a", FileContent::kEqualityDeletes)});
  EXPECT_EQ(Dangling(), (std::vector<std::string>{"a-eq.parquet"}));
}

TEST_F(DanglingDeleteFilesTest, NothingToRemove) {
  Commit({File("a1.parquet", "a")});
  EXPECT_TRUE(Dangling().empty());
}

}  // namespace
}  // namespace floe::iceberg
