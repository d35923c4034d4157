#include "iceberg/scan/delete_file_index.h"

#include <gtest/gtest.h>

#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {
namespace {

std::string Int(int32_t v) { return SingleValueSerialization::ToBytes(*Type::Primitive(TypeKind::kInt), Value::Int32(v)); }

class DeleteFileIndexTest : public ::testing::Test {
 protected:
  void SetUp() override {
    metadata_.schemas = {schema_};
    metadata_.partition_specs = {PartitionSpec::Unpartitioned(0),
                                 PartitionSpec(1, {PartitionField(1, 1000, "id", Transform::Identity())})};
  }

  static ManifestEntry Delete(FileContent content, int spec_id, std::vector<Value> partition, int64_t seq) {
    ManifestEntry e;
    e.sequence_number = seq;
    e.data_file.content = content;
    e.data_file.spec_id = spec_id;
    e.data_file.partition = std::move(partition);
    e.data_file.file_path = "s3://b/delete-" + std::to_string(seq) + ".parquet";
    if (content == FileContent::kEqualityDeletes) e.data_file.equality_ids = {1};
    return e;
  }

  static DataFile Data(int spec_id, std::vector<Value> partition, const std::string& path = "s3://b/d.parquet") {
    DataFile f;
    f.spec_id = spec_id;
    f.partition = std::move(partition);
    f.file_path = path;
    return f;
  }

  Schema schema_{0, {NestedField::Optional(1, "id", Type::Primitive(TypeKind::kInt))}};
  TableMetadata metadata_;
  LocationRemapper remapper_;
};

TEST_F(DeleteFileIndexTest, SequenceNumbersAndPartitionScope) {
  std::vector<ManifestEntry> deletes = {
      Delete(FileContent::kPositionDeletes, 1, {Value::Int32(1)}, 5),
      Delete(FileContent::kEqualityDeletes, 1, {Value::Int32(1)}, 5),
      Delete(FileContent::kEqualityDeletes, 0, {}, 7),  // global: an unpartitioned spec
      Delete(FileContent::kPositionDeletes, 1, {Value::Int32(2)}, 9),
  };
  DeleteFileIndex index(metadata_, schema_, deletes, remapper_);
  EXPECT_EQ(index.size(), 4u);
  // a data file at sequence 5 in partition id=1: the position delete (>=) and the
  // global equality delete (7 > 5) apply, not the partition's equality delete (5 is not > 5)
  auto applied = index.ForDataFile(5, Data(1, {Value::Int32(1)}));
  ASSERT_EQ(applied.size(), 2u);
  EXPECT_EQ(applied[0]->data_sequence_number, 7);
  EXPECT_EQ(applied[1]->file.content, FileContent::kPositionDeletes);
  EXPECT_EQ(index.ForDataFile(4, Data(1, {Value::Int32(1)})).size(), 3u);
  EXPECT_EQ(index.ForDataFile(8, Data(1, {Value::Int32(1)})).size(), 0u);
  // other partition, other spec
  EXPECT_EQ(index.ForDataFile(1, Data(1, {Value::Int32(2)})).size(), 2u);
  EXPECT_EQ(index.ForDataFile(1, Data(0, {})).size(), 1u);
}

TEST_F(DeleteFileIndexTest, BoundsRuleOutFiles) {
  ManifestEntry pos = Delete(FileContent::kPositionDeletes, 0, {}, 5);
  pos.data_file.lower_bounds[2147483546] = "s3://b/a.parquet";
  pos.data_file.upper_bounds[2147483546] = "s3://b/a.parquet";
  ManifestEntry eq = Delete(FileContent::kEqualityDeletes, 0, {}, 5);
  eq.data_file.lower_bounds[1] = Int(100);
  eq.data_file.upper_bounds[1] = Int(200);
  eq.data_file.null_value_counts[1] = 0;
  DeleteFileIndex index(metadata_, schema_, {pos, eq}, remapper_);
  DataFile a = Data(0, {}, "s3://b/a.parquet");
  a.lower_bounds[1] = Int(1);
  a.upper_bounds[1] = Int(50);
  EXPECT_EQ(index.ForDataFile(1, a).size(), 1u);  // the position delete names a; ids do not meet
  DataFile b = Data(0, {}, "s3://b/b.parquet");
  b.lower_bounds[1] = Int(150);
  b.upper_bounds[1] = Int(300);
  auto applied = index.ForDataFile(1, b);
  ASSERT_EQ(applied.size(), 1u);
  EXPECT_EQ(applied[0]->file.content, FileContent::kEqualityDeletes);
}

}  // namespace
}  // namespace floe::iceberg
