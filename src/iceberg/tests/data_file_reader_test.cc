#include "iceberg/scan/data_file_reader.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "iceberg/expressions/predicate.h"
#include "iceberg/metadata_columns.h"
#include "iceberg/partition_spec.h"
#include "parquet/parquet_writer.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {
namespace {

TypePtr Prim(TypeKind kind) { return Type::Primitive(kind); }

class DataFileReaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("floe_dfr_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Writes rows (a, b) = (i, "s<i>") for i in [0, n), `rows_per_group` rows per row group.
  std::string WriteData(const std::string& name, int n, bool field_ids, const std::string& a_name = "a",
                        int rows_per_group = 1000) {
    std::string path = (dir_ / name).string();
    ParquetWriterOptions options;
    options.row_group_size = 1;  // a row group per written chunk
    ParquetWriter writer(::floe::testing::TestIO(), path, {{a_name, field_ids ? 1 : -1, TypeId::kInt32}, {"b", field_ids ? 2 : -1, TypeId::kString}},
                         options);
    for (int start = 0; start < n; start += rows_per_group) {
      int count = std::min(rows_per_group, n - start);
      DataChunk chunk({TypeId::kInt32, TypeId::kString}, static_cast<size_t>(count));
      for (int i = 0; i < count; ++i) {
        chunk.column(0).Data<int32_t>()[i] = start + i;
        chunk.column(1).SetString(i, "s" + std::to_string(start + i));
      }
      chunk.SetSize(count);
      writer.Write(chunk);
    }
    writer.Close();
    return path;
  }

  std::vector<std::vector<Value>> ReadAll(const FileScanTask& task, const Schema& schema, std::vector<int> ids,
                                          const std::map<std::string, std::string>& properties = {},
                                          ExpressionPtr filter = nullptr, ScanCounters* counters = nullptr,
                                          const PartitionSpec* spec = nullptr, int64_t rows_per_slice = 0) {
    DataFileReader reader(::floe::testing::TestIO(), task, schema, spec, std::move(ids), filter ? filter : Expression::AlwaysTrue(), remapper_,
                          NameMapping::FromProperties(properties), true);
    std::vector<std::vector<Value>> rows;
    for (int rg = 0; rg < reader.num_row_groups(); ++rg) {
      // (rows_per_slice: each row group read as slices, as threads share a large one)
      for (RowSlice slice : reader.SliceRowGroup(rg, rows_per_slice)) {
        auto cursor = reader.ReadRowGroup(rg, counters, slice);
        if (!cursor) continue;
        DataChunk chunk;
        while (cursor->Next(chunk)) {
          for (size_t r = 0; r < chunk.size(); ++r) rows.push_back(chunk.GetRow(r));
        }
      }
    }
    return rows;
  }

  static FileScanTask Task(const std::string& path) {
    FileScanTask task;
    task.data_file.file_path = "s3://bucket/" + std::filesystem::path(path).filename().string();
    task.local_path = path;
    return task;
  }

  std::filesystem::path dir_;
  LocationRemapper remapper_;
};

TEST_F(DataFileReaderTest, RenamedWidenedAndAddedColumnsByFieldId) {
  FileScanTask task = Task(WriteData("ids.parquet", 5, true, "old_a"));
  // a renamed and widened to long, c added later
  Schema schema(1, {NestedField::Optional(1, "new_a", Prim(TypeKind::kLong)),
                    NestedField::Optional(2, "b", Prim(TypeKind::kString)),
                    NestedField::Optional(3, "c", Prim(TypeKind::kInt))});
  auto rows = ReadAll(task, schema, {3, 1});
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_TRUE(rows[2][0].is_null());
  EXPECT_EQ(rows[2][1].type(), LogicalType(TypeId::kInt64));
  EXPECT_EQ(rows[2][1].int64(), 2);
}

// Format version 3 table encryption: a data file whose manifest entry carries key_metadata
// is refused by name, never decoded as if it were plain Parquet.
TEST_F(DataFileReaderTest, EncryptedDataFilesAreRefused) {
  FileScanTask task = Task(WriteData("encrypted.parquet", 2, true, "a"));
  task.data_file.key_metadata = std::string("\x01\x02", 2);
  Schema schema(1, {NestedField::Optional(1, "a", Prim(TypeKind::kInt))});
  try {
    ReadAll(task, schema, {1});
    FAIL() << "an encrypted file was read";
  } catch (const NotImplementedError& e) {
    EXPECT_NE(std::string(e.what()).find("s3://bucket/encrypted.parquet is encrypted"), std::string::npos) << e.what();
  }
}

TEST_F(DataFileReaderTest, FilesWithoutIdsUseTheNameMapping) {
  FileScanTask task = Task(WriteData("noids.parquet", 3, false, "legacy_a"));
  Schema schema(0, {NestedField::Optional(1, "a", Prim(TypeKind::kInt)),
                    NestedField::Optional(2, "b", Prim(TypeKind::kString))});
  std::map<std::string, std::string> props = {
      {"schema.name-mapping.default", R"([{"field-id": 1, "names": ["legacy_a", "a"]}, {"field-id": 2, "names": ["b"]}])"}};
  auto mapped = ReadAll(task, schema, {1, 2}, props);
  ASSERT_EQ(mapped.size(), 3u);
  EXPECT_EQ(mapped[1][0].int32(), 1);
  EXPECT_EQ(mapped[1][1].str(), "s1");
  // A field the mapping does not name reads as NULL.
  std::map<std::string, std::string> partial = {{"schema.name-mapping.default", R"([{"field-id": 2, "names": ["b"]}])"}};
  auto unmapped = ReadAll(task, schema, {1, 2}, partial);
  EXPECT_TRUE(unmapped[1][0].is_null());
  EXPECT_EQ(unmapped[1][1].str(), "s1");
  // Without a mapping (or with a malformed one) nothing matches columns: not their
  // positions, not their current names (issue 14: never guess); the error names the file.
  for (const auto& properties : std::vector<std::map<std::string, std::string>>{
           {}, {{"schema.name-mapping.default", "{not json"}}}) {
    try {
      ReadAll(task, schema, {1, 2}, properties);
      ADD_FAILURE() << "a file without ids was read without a mapping";
    } catch (const FormatError& e) {
      EXPECT_NE(std::string(e.what()).find("noids.parquet has no Parquet field ids"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("schema.name-mapping.default"), std::string::npos) << e.what();
    }
  }
}

TEST_F(DataFileReaderTest, RowGroupsSkippedByStatistics) {
  FileScanTask task = Task(WriteData("groups.parquet", 4000, true, "a", 1000));
  Schema schema(0, {NestedField::Optional(1, "a", Prim(TypeKind::kInt)),
                    NestedField::Optional(2, "b", Prim(TypeKind::kString))});
  ScanCounters counters;
  auto rows = ReadAll(task, schema, {1}, {}, Predicate::Make(Operation::kGtEq, 1, {Value::Int32(2500)}), &counters);
  EXPECT_EQ(counters.row_groups_skipped, 2);
  EXPECT_GE(rows.size(), 1500u);
  for (const auto& r : rows) EXPECT_GE(r[0].int32(), 2000);
}

TEST_F(DataFileReaderTest, PositionAndEqualityDeletes) {
  std::string data = WriteData("data.parquet", 3000, true, "a", 1000);
  FileScanTask task = Task(data);
  // position deletes name the data file as the metadata does (remapped to the local path)
  std::string pos_path = (dir_ / "pos.parquet").string();
  {
    ParquetWriter writer(::floe::testing::TestIO(), pos_path, {{"file_path", 2147483546, TypeId::kString}, {"pos", 2147483545, TypeId::kInt64}});
    DataChunk chunk({TypeId::kString, TypeId::kInt64}, 4);
    const char* paths[] = {"s3://bucket/data.parquet", "s3://bucket/data.parquet", "s3://bucket/other.parquet",
                           "s3://bucket/data.parquet"};
    int64_t positions[] = {0, 1500, 7, 2999};
    for (int i = 0; i < 4; ++i) {
      chunk.column(0).SetString(i, paths[i]);
      chunk.column(1).Data<int64_t>()[i] = positions[i];
    }
    chunk.SetSize(4);
    writer.Write(chunk);
    writer.Close();
  }
  std::string eq_path = (dir_ / "eq.parquet").string();
  {
    ParquetWriter writer(::floe::testing::TestIO(), eq_path, {{"b", 2, TypeId::kString}});
    DataChunk chunk({TypeId::kString}, 2);
    chunk.column(0).SetString(0, "s10");
    chunk.column(0).SetString(1, "s2000");
    chunk.SetSize(2);
    writer.Write(chunk);
    writer.Close();
  }
  auto pos = std::make_shared<DeleteFileRef>();
  pos->file.content = FileContent::kPositionDeletes;
  pos->local_path = pos_path;
  auto eq = std::make_shared<DeleteFileRef>();
  eq->file.content = FileContent::kEqualityDeletes;
  eq->file.equality_ids = {2};
  eq->local_path = eq_path;
  task.deletes = {pos, eq};
  Schema schema(0, {NestedField::Optional(1, "a", Prim(TypeKind::kInt)),
                    NestedField::Optional(2, "b", Prim(TypeKind::kString))});
  // only a is read; b is read for the equality deletes and left out of the output
  auto rows = ReadAll(task, schema, {1});
  ASSERT_EQ(rows.size(), 3000u - 5u);
  std::set<int32_t> seen;
  for (const auto& r : rows) {
    ASSERT_EQ(r.size(), 1u);
    seen.insert(r[0].int32());
  }
  for (int32_t gone : {0, 10, 1500, 2000, 2999}) EXPECT_EQ(seen.count(gone), 0u) << gone;
  EXPECT_EQ(seen.count(7), 1u);
  // read in slices of row groups (threads sharing one): the same rows, each at its _pos
  {
    std::vector<int> ids = {1, MetadataColumns::kRowPositionFieldId};
    ScanCounters whole_counters, sliced_counters;
    auto whole = ReadAll(task, schema, ids, {}, nullptr, &whole_counters);
    auto sliced = ReadAll(task, schema, ids, {}, nullptr, &sliced_counters, nullptr, 300);
    ASSERT_EQ(whole.size(), 3000u - 5u);
    EXPECT_EQ(sliced, whole);
    DataFileReader reader(::floe::testing::TestIO(), task, schema, nullptr, ids, Expression::AlwaysTrue(), remapper_,
                          NameMapping(), true);
    EXPECT_EQ(reader.SliceRowGroup(0, 300).size(), 3u);
    for (const auto& r : sliced) ASSERT_EQ(r[1].int64(), r[0].int32());
    EXPECT_EQ(sliced_counters.row_groups_read, 3);
    EXPECT_EQ(sliced_counters.rows_read, whole_counters.rows_read);
    EXPECT_EQ(ReadAll(task, schema, {}, {}, nullptr, nullptr, nullptr, 300).size(), 3000u - 5u);
  }
  // no column at all (count(*)) still honours the deletes
  EXPECT_EQ(ReadAll(task, schema, {}).size(), 3000u - 5u);
  task.deletes = {pos};
  EXPECT_EQ(ReadAll(task, schema, {}).size(), 3000u - 3u);
  // an encrypted delete file (key_metadata) is refused by name, as an encrypted data file is
  auto encrypted = std::make_shared<DeleteFileRef>(*pos);
  encrypted->file.file_path = "s3://bucket/pos.parquet";
  encrypted->file.key_metadata = "k";
  task.deletes = {encrypted};
  EXPECT_THROW(ReadAll(task, schema, {1}), NotImplementedError);
}

// A cursor decodes each batch into the vectors its caller's chunk held from the last one
// (no allocation, no zeroing), but only where nothing else holds them: batches the caller
// kept (sharing their vectors, as a join's build side does) keep their values.
TEST_F(DataFileReaderTest, BatchesTheCallerKeepsAreNotOverwrittenByTheNext) {
  std::string path = (dir_ / "batches.parquet").string();
  {
    ParquetWriter writer(::floe::testing::TestIO(), path, {{"a", 1, TypeId::kInt32}, {"b", 2, TypeId::kString}});
    DataChunk chunk({TypeId::kInt32, TypeId::kString}, 9000);
    for (int i = 0; i < 9000; ++i) {
      chunk.column(0).Data<int32_t>()[i] = i;
      chunk.column(1).SetString(i, "s" + std::to_string(i));
    }
    chunk.SetSize(9000);
    writer.Write(chunk);
    writer.Close();
  }
  FileScanTask task = Task(path);
  Schema schema(0, {NestedField::Optional(1, "a", Prim(TypeKind::kInt)),
                    NestedField::Optional(2, "b", Prim(TypeKind::kString))});
  // b read once (its vectors passed back and forth), a twice (shared by two columns)
  DataFileReader reader(::floe::testing::TestIO(), task, schema, nullptr, {2, 1, 1}, Expression::AlwaysTrue(),
                        remapper_, NameMapping(), true);
  ASSERT_EQ(reader.num_row_groups(), 1) << "a row group of several batches";
  for (bool keep_all : {false, true}) {
    DataChunk chunk;
    std::vector<DataChunk> kept;
    int64_t next = 0;
    for (int rg = 0; rg < reader.num_row_groups(); ++rg) {
      auto cursor = reader.ReadRowGroup(rg, nullptr);
      ASSERT_NE(cursor, nullptr);
      while (cursor->Next(chunk)) {
        ASSERT_GT(chunk.size(), 0u);
        for (size_t r = 0; r < chunk.size(); ++r, ++next) {
          ASSERT_EQ(chunk.column(1).Data<int32_t>()[r], next);
          ASSERT_EQ(chunk.column(2).Data<int32_t>()[r], next);
          ASSERT_EQ(chunk.column(0).GetValue(r).str(), "s" + std::to_string(next));
        }
        if (keep_all) kept.push_back(chunk);  // shares the batch's vectors
      }
    }
    EXPECT_EQ(next, 9000);
    int64_t row = 0;
    for (const DataChunk& batch : kept) {
      for (size_t r = 0; r < batch.size(); ++r, ++row) {
        ASSERT_EQ(batch.column(1).Data<int32_t>()[r], row) << "a kept batch was overwritten";
        ASSERT_EQ(batch.column(0).GetValue(r).str(), "s" + std::to_string(row)) << "a kept batch was overwritten";
      }
    }
    if (keep_all) {
      EXPECT_EQ(row, 9000);
    }
  }
}

// Issue 11 / the spec's "Column Projection": a field id missing from a data file reads
// the file's identity partition value (migrated Hive tables, add_files), promoted to the
// field's type now; without an identity field it reads NULL.
TEST_F(DataFileReaderTest, IdentityPartitionColumnsMissingFromTheFileReadThePartitionValue) {
  FileScanTask task = Task(WriteData("part.parquet", 4, true));
  task.data_file.partition = {Value::Int32(7), Value::String("eu")};  // written when p was an int
  Schema schema(0, {NestedField::Optional(1, "a", Prim(TypeKind::kInt)),
                    NestedField::Optional(2, "b", Prim(TypeKind::kString)),
                    NestedField::Optional(3, "p", Prim(TypeKind::kLong)),
                    NestedField::Optional(4, "region", Prim(TypeKind::kString))});
  PartitionSpec spec(0, {PartitionField(3, 1000, "p", Transform::Identity()),
                         PartitionField(4, 1001, "region", Transform::Identity())});
  auto rows = ReadAll(task, schema, {1, 3, 4, 3}, {}, nullptr, nullptr, &spec);
  ASSERT_EQ(rows.size(), 4u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(rows[i][0].int32(), i);
    EXPECT_EQ(rows[i][1].type(), LogicalType(TypeId::kInt64));
    EXPECT_EQ(rows[i][1].int64(), 7);
    EXPECT_EQ(rows[i][2].str(), "eu");
    EXPECT_EQ(rows[i][3].int64(), 7);
  }
  // Only the partition value: no file column at all.
  auto only = ReadAll(task, schema, {4}, {}, nullptr, nullptr, &spec);
  ASSERT_EQ(only.size(), 4u);
  EXPECT_EQ(only[3][0].str(), "eu");
  // A NULL partition value reads NULL; a non-identity transform gives no value.
  task.data_file.partition = {Value::Null(TypeId::kInt32), Value::String("eu")};
  EXPECT_TRUE(ReadAll(task, schema, {3}, {}, nullptr, nullptr, &spec)[0][0].is_null());
  PartitionSpec bucketed(1, {PartitionField(3, 1000, "p_bucket", Transform::Bucket(4))});
  task.data_file.partition = {Value::Int32(1)};
  EXPECT_TRUE(ReadAll(task, schema, {3}, {}, nullptr, nullptr, &bucketed)[0][0].is_null());
  // Without the spec (unpartitioned) a missing column is NULL, as before.
  EXPECT_TRUE(ReadAll(task, schema, {3})[0][0].is_null());
  // A column the file holds is read from the file, even when a partition value exists.
  task.data_file.partition = {Value::Int32(99)};
  PartitionSpec on_a(2, {PartitionField(1, 1000, "a", Transform::Identity())});
  EXPECT_EQ(ReadAll(task, schema, {1}, {}, nullptr, nullptr, &on_a)[2][0].int32(), 2);
}

// The spec's rule 1 comes before the name mapping: a file without field ids that also
// holds a column of the partition's name reads the partition value.
TEST_F(DataFileReaderTest, PartitionValueBeforeTheNameMapping) {
  FileScanTask task = Task(WriteData("noids_part.parquet", 2, false, "p"));
  task.data_file.partition = {Value::Int32(5)};
  Schema schema(0, {NestedField::Optional(1, "p", Prim(TypeKind::kInt)),
                    NestedField::Optional(2, "b", Prim(TypeKind::kString))});
  PartitionSpec spec(0, {PartitionField(1, 1000, "p", Transform::Identity())});
  std::map<std::string, std::string> props = {
      {"schema.name-mapping.default", R"([{"field-id": 1, "names": ["p"]}, {"field-id": 2, "names": ["b"]}])"}};
  auto rows = ReadAll(task, schema, {1, 2}, props, nullptr, nullptr, &spec);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1][0].int32(), 5);
  EXPECT_EQ(rows[1][1].str(), "s1");
}

// Equality deletes keyed on an identity partition column the file lacks compare the
// partition value, not NULL.
TEST_F(DataFileReaderTest, EqualityDeletesOnAnIdentityPartitionColumnTheFileLacks) {
  FileScanTask task = Task(WriteData("eqpart.parquet", 3, true));
  task.data_file.partition = {Value::String("eu")};
  std::string eq_path = (dir_ / "eq_region.parquet").string();
  {
    ParquetWriter writer(::floe::testing::TestIO(), eq_path, {{"region", 3, TypeId::kString}, {"a", 1, TypeId::kInt32}});
    DataChunk chunk({TypeId::kString, TypeId::kInt32}, 2);
    chunk.column(0).SetString(0, "eu");
    chunk.column(1).Data<int32_t>()[0] = 1;
    chunk.column(0).SetString(1, "us");
    chunk.column(1).Data<int32_t>()[1] = 2;
    chunk.SetSize(2);
    writer.Write(chunk);
    writer.Close();
  }
  auto eq = std::make_shared<DeleteFileRef>();
  eq->file.content = FileContent::kEqualityDeletes;
  eq->file.equality_ids = {3, 1};
  eq->local_path = eq_path;
  task.deletes = {eq};
  Schema schema(0, {NestedField::Optional(1, "a", Prim(TypeKind::kInt)),
                    NestedField::Optional(2, "b", Prim(TypeKind::kString)),
                    NestedField::Optional(3, "region", Prim(TypeKind::kString))});
  PartitionSpec spec(0, {PartitionField(3, 1000, "region", Transform::Identity())});
  // (eu, 1) is deleted; (us, 2) names another partition's row.
  auto rows = ReadAll(task, schema, {1}, {}, nullptr, nullptr, &spec);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0][0].int32(), 0);
  EXPECT_EQ(rows[1][0].int32(), 2);
  // Without the partition value the key would be (NULL, 1) and delete nothing.
  EXPECT_EQ(ReadAll(task, schema, {1}).size(), 3u);
}

}  // namespace
}  // namespace floe::iceberg
