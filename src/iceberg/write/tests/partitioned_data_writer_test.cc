#include "iceberg/write/partitioned_data_writer.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "iceberg/partition_spec_builder.h"
#include "iceberg/type.h"
#include "parquet/parquet_reader.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {
namespace {

namespace fs = std::filesystem;

// A fresh folder under the system's temporary folder, removed afterwards.
class TempFolder {
 public:
  TempFolder() {
    path_ = fs::temp_directory_path() / ("floe_write_test_" + std::to_string(::getpid()) + "_" +
                                         std::to_string(counter_++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempFolder() { fs::remove_all(path_); }
  std::string path() const { return path_.string(); }

 private:
  fs::path path_;
  static inline int counter_ = 0;
};

Schema TestSchema() {
  return Schema(0, {NestedField(1, "id", Type::FromLogicalType(TypeId::kInt64), false),
                    NestedField(2, "part", Type::FromLogicalType(TypeId::kInt32), false),
                    NestedField(3, "payload", Type::FromLogicalType(TypeId::kString), false)});
}

// Rows [start, start + n): id scrambled (a permutation of the range), part = id % parts, and a
// hex payload that compresses poorly, so file sizes are about the data, not the codec.
DataChunk MakeRows(int64_t start, size_t n, int parts, bool with_nulls = false) {
  DataChunk chunk({TypeId::kInt64, TypeId::kInt32, TypeId::kString}, n);
  for (size_t r = 0; r < n; ++r) {
    int64_t i = start + static_cast<int64_t>(r);
    int64_t id = (i * 7919) % 1000003;  // a bijection on [0, 1000003)
    chunk.column(0).Data<int64_t>()[r] = id;
    if (with_nulls && i % 97 == 0) chunk.column(0).SetNull(r, true);
    chunk.column(1).Data<int32_t>()[r] = static_cast<int32_t>(i % parts);
    uint64_t x = static_cast<uint64_t>(i) * 0x9E3779B97F4A7C15ULL;
    char text[33];
    for (int k = 0; k < 32; ++k) {
      x ^= x >> 29;
      x *= 0xBF58476D1CE4E5B9ULL;
      text[k] = "0123456789abcdef"[x & 15];
    }
    chunk.column(2).SetString(r, std::string_view(text, 32));
  }
  chunk.SetSize(n);
  return chunk;
}

// Writes MakeRows's rows [0, total) in batches of 2,048 from one thread, then flushes.
void WriteRows(PartitionedDataWriter& writer, PartitionedDataWriter::LocalState& local, int64_t total, int parts,
               bool with_nulls = false) {
  for (int64_t start = 0; start < total; start += 2048) {
    writer.Write(local, MakeRows(start, std::min<int64_t>(2048, total - start), parts, with_nulls));
  }
  writer.Flush(local);
}

PartitionedDataWriter::ParallelFor Serial() {
  return [](int n, const std::function<void(int)>& fn) {
    for (int i = 0; i < n; ++i) fn(i);
  };
}

// Reads a file's rows in file order: (id or NULL as -1, part).
std::vector<std::pair<int64_t, int32_t>> ReadFile(const std::string& path) {
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  std::vector<std::pair<int64_t, int32_t>> rows;
  for (int g = 0; g < reader->num_row_groups(); ++g) {
    auto rg = reader->ReadRowGroup(g, {0, 1}, {});
    DataChunk chunk;
    while (rg->Next(chunk)) {
      for (size_t r = 0; r < chunk.size(); ++r) {
        int64_t id = chunk.column(0).IsNull(r) ? -1 : chunk.column(0).Data<int64_t>()[r];
        rows.emplace_back(id, chunk.column(1).Data<int32_t>()[r]);
      }
    }
  }
  return rows;
}

size_t ParquetFilesIn(const std::string& folder) {
  size_t n = 0;
  for (const auto& e : fs::recursive_directory_iterator(folder)) n += e.path().extension() == ".parquet";
  return n;
}

TEST(PartitionedDataWriterTest, RollsFilesAtTheTargetCompressedSize) {
  TempFolder folder;
  Schema schema = TestSchema();
  DataWriterOptions options;
  options.io = &::floe::testing::TestIO();
  options.data_location = folder.path();
  options.target_file_size = 256 << 10;
  PartitionedDataWriter writer(schema, PartitionSpec::Unpartitioned(), options);
  auto local = writer.NewLocalState();
  const int64_t total = 200000;  // about 8 MB of payload
  WriteRows(writer, *local, total, 1);
  std::vector<DataFile> files = writer.Finish(Serial());
  ASSERT_GE(files.size(), 10u);
  int64_t rows = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    rows += files[i].record_count;
    EXPECT_EQ(static_cast<int64_t>(fs::file_size(files[i].file_path)), files[i].file_size_in_bytes);
    if (i + 1 == files.size()) continue;  // the last file holds what is left
    // Files roll when they reach the target, within one slice of rows of it.
    EXPECT_GE(files[i].file_size_in_bytes, options.target_file_size * 95 / 100) << files[i].file_path;
    EXPECT_LE(files[i].file_size_in_bytes, options.target_file_size * 115 / 100) << files[i].file_path;
  }
  EXPECT_EQ(rows, total);
}

TEST(PartitionedDataWriterTest, ThreadsShareOneFilePerPartition) {
  TempFolder folder;
  Schema schema = TestSchema();
  PartitionSpec spec = PartitionSpecBuilder(schema).Add("part", Transform::Identity()).Build(0);
  DataWriterOptions options;
  options.io = &::floe::testing::TestIO();
  options.data_location = folder.path();
  options.threads = 2;
  PartitionedDataWriter writer(schema, spec, options);
  const int parts = 10;
  std::atomic<int64_t> written{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      auto local = writer.NewLocalState();
      for (int64_t start = t * 2048; start < 400000; start += 2 * 2048) {
        writer.Write(*local, MakeRows(start, 2048, parts));
        written += 2048;
      }
      writer.Flush(*local);
    });
  }
  for (auto& th : threads) th.join();
  std::vector<DataFile> files = writer.Finish(Serial());
  ASSERT_EQ(files.size(), static_cast<size_t>(parts));
  int64_t rows = 0;
  std::set<int32_t> seen;
  for (const auto& f : files) {
    ASSERT_EQ(f.partition.size(), 1u);
    int32_t part = f.partition[0].int32();
    EXPECT_TRUE(seen.insert(part).second);
    EXPECT_NE(f.file_path.find("/part=" + std::to_string(part) + "/"), std::string::npos) << f.file_path;
    auto read = ReadFile(f.file_path);
    EXPECT_EQ(static_cast<int64_t>(read.size()), f.record_count);
    for (const auto& [id, p] : read) ASSERT_EQ(p, part);
    rows += f.record_count;
  }
  EXPECT_EQ(rows, written.load());
}

TEST(PartitionedDataWriterTest, SortsRowsWithinEveryFileUnderMemoryPressure) {
  TempFolder folder;
  Schema schema = TestSchema();
  PartitionSpec spec = PartitionSpecBuilder(schema).Add("part", Transform::Identity()).Build(0);
  DataWriterOptions options;
  options.io = &::floe::testing::TestIO();
  options.data_location = folder.path();
  options.target_file_size = 512 << 10;
  options.memory_limit = 4 << 20;  // far less than the rows: sort buffers are written early
  options.sort_order = SortOrder(1, {SortField{Transform::Identity(), 1, SortDirection::kDescending,
                                               NullOrder::kNullsLast}});
  PartitionedDataWriter writer(schema, spec, options);
  auto local = writer.NewLocalState();
  const int64_t total = 300000;
  WriteRows(writer, *local, total, 3, true);
  std::vector<DataFile> files = writer.Finish(Serial());
  EXPECT_GT(files.size(), 3u);  // the memory limit made more than one file per partition
  std::multiset<int64_t> ids;
  for (const auto& f : files) {
    EXPECT_EQ(f.sort_order_id, 1);
    auto read = ReadFile(f.file_path);
    for (size_t r = 1; r < read.size(); ++r) {
      int64_t prev = read[r - 1].first, cur = read[r].first;
      // descending, NULLs (read as -1) last
      ASSERT_TRUE(cur == -1 || (prev != -1 && prev >= cur)) << f.file_path << " row " << r;
    }
    for (const auto& [id, p] : read) ids.insert(id);
  }
  std::multiset<int64_t> expected;
  for (int64_t i = 0; i < total; ++i) expected.insert(i % 97 == 0 ? -1 : (i * 7919) % 1000003);
  EXPECT_EQ(ids, expected);
  EXPECT_LE(writer.peak_memory(), options.memory_limit * 3 / 2);
}

TEST(PartitionedDataWriterTest, BoundsMemoryOverManyPartitions) {
  TempFolder folder;
  Schema schema = TestSchema();
  PartitionSpec spec = PartitionSpecBuilder(schema).Add("part", Transform::Identity()).Build(0);
  DataWriterOptions options;
  options.io = &::floe::testing::TestIO();
  options.data_location = folder.path();
  // why: 200 open files count 12.5 MB (kOpenFileBytes each) before any buffer
  options.memory_limit = 24 << 20;
  PartitionedDataWriter writer(schema, spec, options);
  auto local = writer.NewLocalState();
  const int64_t total = 1000000;  // about 56 MB in memory as batches
  WriteRows(writer, *local, total, 200);
  std::vector<DataFile> files = writer.Finish(Serial());
  EXPECT_EQ(files.size(), 200u);  // one file per partition still
  int64_t rows = 0;
  for (const auto& f : files) rows += f.record_count;
  EXPECT_EQ(rows, total);
  EXPECT_LE(writer.peak_memory(), options.memory_limit * 3 / 2);
}

// More partitions than memory holds well: the write turns clustered (rows spilled by
// partition group, each group's partitions written in turn). Every row lands once, in a
// file of its own partition, each partition in at most two files (one closed at the turn,
// one from the spill), the writer's memory stays near its limit and no spill file is left.
// With a sort order every file is still sorted.
void CheckClusteredWrite(bool sorted) {
  TempFolder folder;
  std::string spill = folder.path() + "/spill";
  Schema schema = TestSchema();
  PartitionSpec spec = PartitionSpecBuilder(schema).Add("part", Transform::Identity()).Build(0);
  DataWriterOptions options;
  options.io = &::floe::testing::TestIO();
  options.data_location = folder.path() + "/data";
  options.memory_limit = 8 << 20;
  options.spill_io = &::floe::testing::TestIO();
  options.spill_folder = spill;
  options.threads = 2;  // the two writing threads below share the limit
  if (sorted) {
    options.sort_order = SortOrder(1, {SortField{Transform::Identity(), 1, SortDirection::kAscending,
                                                 NullOrder::kNullsFirst}});
  }
  PartitionedDataWriter writer(schema, spec, options);
  const int parts = 3000;
  const int64_t total = 400000;
  // Two threads, each with its own rows.
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      auto local = writer.NewLocalState();
      for (int64_t start = t * 2048; start < total; start += 2 * 2048) {
        writer.Write(*local, MakeRows(start, std::min<int64_t>(2048, total - start), parts, true));
      }
      writer.Flush(*local);
    });
  }
  for (auto& t : threads) t.join();
  std::vector<DataFile> files = writer.Finish(Serial());
  EXPECT_EQ(writer.spilled_rows() > 0, true);
  std::map<int32_t, int> files_per_part;
  std::multiset<int64_t> ids;
  for (const auto& f : files) {
    ASSERT_EQ(f.partition.size(), 1u);
    int32_t part = f.partition[0].int32();
    ++files_per_part[part];
    auto read = ReadFile(f.file_path);
    EXPECT_EQ(static_cast<int64_t>(read.size()), f.record_count);
    for (size_t r = 0; r < read.size(); ++r) {
      ASSERT_EQ(read[r].second, part) << f.file_path;
      ids.insert(read[r].first);
      if (sorted && r > 0) ASSERT_LE(read[r - 1].first, read[r].first) << f.file_path << " row " << r;
    }
  }
  EXPECT_EQ(files_per_part.size(), static_cast<size_t>(parts));
  for (const auto& [part, n] : files_per_part) EXPECT_LE(n, 2) << "partition " << part;
  std::multiset<int64_t> expected;
  for (int64_t i = 0; i < total; ++i) expected.insert(i % 97 == 0 ? -1 : (i * 7919) % 1000003);
  EXPECT_EQ(ids, expected);
  // why: plus what two threads route before either can shrink: a batch of 2,048 rows over
  // 3,000 partitions makes up to 2,048 partition buffers (about 1 KB each) per thread
  EXPECT_LE(writer.peak_memory(), options.memory_limit * 3 / 2 + (4 << 20));
  EXPECT_TRUE(!fs::exists(spill) || fs::is_empty(spill));
}

TEST(PartitionedDataWriterTest, TurnsClusteredOverMorePartitionsThanMemoryHolds) { CheckClusteredWrite(false); }

TEST(PartitionedDataWriterTest, ASortedClusteredWriteKeepsEveryFileSorted) { CheckClusteredWrite(true); }

TEST(PartitionedDataWriterTest, ClosesTheLargestFilesWhenTooManyAreOpen) {
  TempFolder folder;
  Schema schema = TestSchema();
  PartitionSpec spec = PartitionSpecBuilder(schema).Add("part", Transform::Identity()).Build(0);
  DataWriterOptions options;
  options.io = &::floe::testing::TestIO();
  options.data_location = folder.path();
  options.max_open_files = 8;
  PartitionedDataWriter writer(schema, spec, options);
  auto local = writer.NewLocalState();
  const int64_t total = 200000;
  WriteRows(writer, *local, total, 20);
  std::vector<DataFile> files = writer.Finish(Serial());
  EXPECT_GT(files.size(), 20u);  // some partitions' files were closed early and reopened
  int64_t rows = 0;
  std::map<int32_t, int64_t> per_part;
  for (const auto& f : files) {
    auto read = ReadFile(f.file_path);
    for (const auto& [id, p] : read) ASSERT_EQ(p, f.partition[0].int32());
    per_part[f.partition[0].int32()] += f.record_count;
    rows += f.record_count;
  }
  EXPECT_EQ(rows, total);
  EXPECT_EQ(per_part.size(), 20u);
  for (const auto& [part, n] : per_part) EXPECT_EQ(n, total / 20) << part;
}

TEST(PartitionedDataWriterTest, AbortDeletesEveryFileWritten) {
  TempFolder folder;
  Schema schema = TestSchema();
  PartitionSpec spec = PartitionSpecBuilder(schema).Add("part", Transform::Identity()).Build(0);
  DataWriterOptions options;
  options.io = &::floe::testing::TestIO();
  options.data_location = folder.path();
  options.target_file_size = 64 << 10;
  {
    PartitionedDataWriter writer(schema, spec, options);
    auto local = writer.NewLocalState();
    for (int64_t start = 0; start < 100000; start += 2048) writer.Write(*local, MakeRows(start, 2048, 4));
    writer.Flush(*local);
    EXPECT_GT(ParquetFilesIn(folder.path()), 4u);  // files were rolled (closed) already
    writer.Abort();
    EXPECT_EQ(ParquetFilesIn(folder.path()), 0u);
  }
  {
    // A writer dropped without Finish (an exception unwinding) deletes its files too.
    PartitionedDataWriter writer(schema, spec, options);
    auto local = writer.NewLocalState();
    for (int64_t start = 0; start < 50000; start += 2048) writer.Write(*local, MakeRows(start, 2048, 4));
    writer.Flush(*local);
  }
  EXPECT_EQ(ParquetFilesIn(folder.path()), 0u);
}

// Every folder and file under root, as paths relative to it.
std::set<std::string> TreeOf(const std::string& root) {
  std::set<std::string> tree;
  for (const auto& e : fs::recursive_directory_iterator(root)) tree.insert(fs::relative(e.path(), root).string());
  return tree;
}

TEST(PartitionedDataWriterTest, AbortRemovesOnlyTheFoldersItCreated) {
  TempFolder folder;
  Schema schema = TestSchema();
  PartitionSpec spec = PartitionSpecBuilder(schema)
                           .Add("part", Transform::Identity())
                           .Add("id", Transform::Bucket(2))
                           .Build(0);
  DataWriterOptions options;
  options.io = &::floe::testing::TestIO();
  options.data_location = folder.path() + "/data";
  // Before the write: part=0 holds another writer's file, part=1/id_bucket=0 is empty;
  // part=2 and part=3 (and their bucket folders) do not exist.
  fs::create_directories(options.data_location + "/part=0/id_bucket=1");
  { std::ofstream(options.data_location + "/part=0/id_bucket=1/other.parquet") << "x"; }
  fs::create_directories(options.data_location + "/part=1/id_bucket=0");
  std::set<std::string> before = TreeOf(folder.path());
  {
    PartitionedDataWriter writer(schema, spec, options);
    auto local = writer.NewLocalState();
    writer.Write(*local, MakeRows(0, 4096, 4));
    writer.Flush(*local);
    EXPECT_GT(TreeOf(folder.path()).size(), before.size());
    writer.Abort();
  }
  EXPECT_EQ(TreeOf(folder.path()), before);

  // A write into a table whose data folder does not exist yet leaves no data folder behind.
  TempFolder fresh;
  options.data_location = fresh.path() + "/data";
  {
    PartitionedDataWriter writer(schema, spec, options);
    auto local = writer.NewLocalState();
    writer.Write(*local, MakeRows(0, 4096, 4));
    writer.Flush(*local);
  }
  EXPECT_EQ(TreeOf(fresh.path()), std::set<std::string>{});
}

}  // namespace
}  // namespace floe::iceberg
