// floe's partition block index: manifests floe writes hold their entries ordered by
// partition in small Avro blocks, indexed in the header; a scan decodes only the blocks
// its partition filter may match. The index must describe its blocks exactly, and a
// malformed or mismatched index must be a FormatError naming the manifest.
#include "iceberg/manifests/partition_block_index.h"

#include <gtest/gtest.h>

#include <cmath>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include "common/exception.h"
#include "iceberg/avro/avro_file_reader.h"
#include "iceberg/avro/avro_file_writer.h"
#include "iceberg/manifests/manifest_reader.h"
#include "iceberg/manifests/manifest_writer.h"
#include "iceberg/scan/manifest_cache.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {
namespace {

Schema IndexSchema() {
  return Schema(1, {NestedField::Optional(1, "k", Type::Primitive(TypeKind::kInt)),
                    NestedField::Optional(2, "s", Type::Primitive(TypeKind::kString))});
}

PartitionSpec IndexSpec() {
  return PartitionSpec(0, {PartitionField(1, 1000, "k", Transform::Identity()),
                           PartitionField(2, 1001, "s", Transform::Identity())});
}

// 300 files given out of partition order: k = 37 i mod 100 (NULL every 25th), s one of
// three strings; every 50th entry deleted, every 7th existing.
std::string WriteTestManifest() {
  ManifestWriter writer(IndexSchema(), IndexSpec(), 9);
  for (int i = 0; i < 300; ++i) {
    DataFile f;
    f.file_path = "/data/f" + std::to_string(i) + ".parquet";
    f.partition = {i % 25 == 0 ? Value::Null(TypeId::kInt32) : Value::Int32((i * 37) % 100),
                   Value::String("s" + std::to_string(i % 3))};
    f.record_count = 10 + i;
    f.file_size_in_bytes = 1000 + i;
    ManifestEntry e;
    e.snapshot_id = 5;
    e.sequence_number = 3;
    e.file_sequence_number = 3;
    e.data_file = f;
    if (i % 50 == 0) {
      writer.Delete(e);
    } else if (i % 7 == 0) {
      writer.Existing(e);
    } else {
      writer.Add(f);
    }
  }
  return writer.Finish();
}

// Returns whether a sorts before b by partition tuple (NULLs first), as the writer orders.
bool PartitionLess(const std::vector<Value>& a, const std::vector<Value>& b) {
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].is_null() != b[i].is_null()) return a[i].is_null();
    if (a[i].is_null()) continue;
    if (int c = a[i].Compare(b[i]); c != 0) return c < 0;
  }
  return false;
}

TEST(PartitionBlockIndexTest, WriterOrdersEntriesByPartitionInIndexedBlocks) {
  std::string bytes = WriteTestManifest();
  ManifestReader reader(bytes, "m.avro");
  std::vector<ManifestEntry> all = reader.Entries();
  ASSERT_EQ(all.size(), 300u);
  for (size_t i = 1; i < all.size(); ++i) {
    EXPECT_FALSE(PartitionLess(all[i].data_file.partition, all[i - 1].data_file.partition)) << "entry " << i;
  }
  std::optional<PartitionBlockIndex> index = reader.BlockIndex();
  ASSERT_TRUE(index.has_value());
  ASSERT_EQ(index->blocks.size(), (300 + ManifestWriter::kBlockEntries - 1) / ManifestWriter::kBlockEntries);
  TypePtr partition_type = IndexSpec().PartitionType(IndexSchema());
  size_t first = 0;
  for (const auto& block : index->blocks) {
    SCOPED_TRACE("block at " + std::to_string(block.offset));
    std::vector<ManifestEntry> slice(all.begin() + static_cast<std::ptrdiff_t>(first),
                                     all.begin() + static_cast<std::ptrdiff_t>(first + static_cast<size_t>(block.entries)));
    first += static_cast<size_t>(block.entries);
    // the counts, hashes and summaries the index gives, recomputed from the entries
    PartitionSummaryBuilder summary(2);
    int64_t files = 0, records = 0, sizes = 0;
    std::vector<uint64_t> hashes;
    std::vector<ManifestEntry> live;
    for (const auto& e : slice) {
      summary.Add(e.data_file.partition);
      if (!e.IsLive()) continue;
      live.push_back(e);
      ++files;
      records += e.data_file.record_count;
      sizes += e.data_file.file_size_in_bytes;
      hashes.push_back(StablePartitionHash(0, e.data_file.partition));
    }
    std::sort(hashes.begin(), hashes.end());
    hashes.erase(std::unique(hashes.begin(), hashes.end()), hashes.end());
    EXPECT_EQ(block.live_files, files);
    EXPECT_EQ(block.live_records, records);
    EXPECT_EQ(block.live_bytes, sizes);
    EXPECT_EQ(block.partition_hashes, hashes);
    EXPECT_EQ(block.partitions, summary.Build(*partition_type));
    // the block read alone holds exactly its live entries, whole once filled
    LazyMetrics lazy;
    std::vector<ManifestEntry> got;
    ManifestReader(bytes, "m.avro").VisitBlockForPlanning(block, &lazy, [&](ManifestEntry& e) { got.push_back(e); });
    ASSERT_EQ(got.size(), live.size());
    for (size_t i = 0; i < got.size(); ++i) {
      lazy.Fill(i, &got[i].data_file);
      EXPECT_TRUE(got[i] == live[i]) << live[i].data_file.file_path;
    }
  }
  EXPECT_EQ(first, all.size());
}

TEST(PartitionBlockIndexTest, HashesIgnoreTheValueTypeButNotThePayload) {
  // a day written as INT by the writer and read back as DATE is one partition
  EXPECT_EQ(StablePartitionHash(1, {Value::Int32(19000)}), StablePartitionHash(1, {Value::Date(19000)}));
  EXPECT_NE(StablePartitionHash(1, {Value::Int32(19000)}), StablePartitionHash(1, {Value::Int32(19001)}));
  EXPECT_NE(StablePartitionHash(1, {Value::Int32(1)}), StablePartitionHash(2, {Value::Int32(1)}));
  EXPECT_NE(StablePartitionHash(1, {Value::Null(TypeId::kInt32)}), StablePartitionHash(1, {Value::Int32(0)}));
  // -0.0 and +0.0 are two identity partitions; NaNs of any payload one
  EXPECT_NE(StablePartitionHash(1, {Value::Double(0.0)}), StablePartitionHash(1, {Value::Double(-0.0)}));
  EXPECT_EQ(StablePartitionHash(1, {Value::Double(std::nan(""))}), StablePartitionHash(1, {Value::Double(-std::nan(""))}));
  EXPECT_NE(StablePartitionHash(1, {Value::String("a"), Value::String("b")}),
            StablePartitionHash(1, {Value::String("b"), Value::String("a")}));
}

TEST(PartitionBlockIndexTest, UnpartitionedManifestsHaveNoIndex) {
  ManifestWriter writer(IndexSchema(), PartitionSpec::Unpartitioned(), 9);
  DataFile f;
  f.file_path = "/data/u.parquet";
  f.record_count = 1;
  f.file_size_in_bytes = 10;
  writer.Add(f);
  EXPECT_FALSE(ManifestReader(writer.Finish(), "u.avro").BlockIndex().has_value());
}

TEST(PartitionBlockIndexTest, RoundTripsAndRejectsMalformedBytes) {
  PartitionBlockIndex index = *ManifestReader(WriteTestManifest(), "m.avro").BlockIndex();
  std::string bytes = index.Encode();
  EXPECT_EQ(PartitionBlockIndex::Decode(bytes, "m"), index);
  for (size_t n = 0; n < bytes.size(); ++n) {
    EXPECT_THROW(PartitionBlockIndex::Decode(bytes.substr(0, n), "m"), FormatError) << "first " << n << " bytes";
  }
  std::mt19937 rng(7);
  int rejected = 0;
  for (int i = 0; i < 2000; ++i) {
    std::string mutated = bytes;
    for (int k = 0; k < 3; ++k) mutated[rng() % mutated.size()] = static_cast<char>(rng() & 0xff);
    try {
      PartitionBlockIndex::Decode(mutated, "m");
    } catch (const FormatError& e) {
      EXPECT_NE(std::string(e.what()).find("floe.partition-block-index"), std::string::npos) << e.what();
      ++rejected;
    }
  }
  EXPECT_GT(rejected, 0);
}

// Version 2 (format version 3 manifests): each block's row-id offset round-trips; an index
// whose offsets decrease is malformed; version 1 bytes still read, without offsets.
TEST(PartitionBlockIndexTest, RowIdOffsetsRoundTripInVersion2) {
  PartitionBlockIndex index = *ManifestReader(WriteTestManifest(), "m.avro").BlockIndex();
  ASSERT_GE(index.blocks.size(), 2u);
  EXPECT_FALSE(index.blocks[0].unassigned_rows_before);  // a v2 manifest: version 1
  PartitionBlockIndex v2 = index;
  for (size_t i = 0; i < v2.blocks.size(); ++i) v2.blocks[i].unassigned_rows_before = static_cast<int64_t>(i) * 100;
  std::string bytes = v2.Encode();
  EXPECT_EQ(PartitionBlockIndex::Decode(bytes, "m"), v2);
  EXPECT_EQ(PartitionBlockIndex::Decode(index.Encode(), "m"), index);
  v2.blocks[0].unassigned_rows_before = 5;
  v2.blocks[1].unassigned_rows_before = 4;
  EXPECT_THROW(PartitionBlockIndex::Decode(v2.Encode(), "m"), FormatError);
}

// Returns the manifest with its block index replaced (the header rewritten, blocks kept).
std::string WithIndex(const std::string& file, const std::string& index) {
  std::string sync = file.substr(file.size() - 16);  // ends the header and every block
  size_t header_end = file.find(sync) + 16;
  avro::AvroFileReader reader(file, "m.avro");
  std::map<std::string, std::string> metadata = reader.metadata();
  metadata[PartitionBlockIndex::kMetadataKey] = index;
  return avro::AvroFileWriter::EncodeHeader(metadata, sync) + file.substr(header_end);
}

TEST(PartitionBlockIndexTest, AnIndexThatDoesNotMatchItsBlocksIsAFormatError) {
  std::string file = WriteTestManifest();
  PartitionBlockIndex good = *ManifestReader(file, "m.avro").BlockIndex();
  // rewritten with the same index, the file still reads
  ASSERT_EQ(ManifestReader(WithIndex(file, good.Encode()), "m.avro").Entries().size(), 300u);
  std::vector<std::pair<std::string, PartitionBlockIndex>> bad;
  PartitionBlockIndex more = good;
  more.blocks[1].entries += 1;
  bad.emplace_back("one entry too many", more);
  PartitionBlockIndex inside = good;
  inside.blocks[1].offset += 3;
  bad.emplace_back("an offset inside a block", inside);
  PartitionBlockIndex past = good;
  past.blocks.back().offset += 1000000;
  bad.emplace_back("an offset past the end", past);
  PartitionBlockIndex extra = good;
  extra.blocks.push_back(extra.blocks.back());
  extra.blocks.back().offset = good.blocks.back().offset + 1;
  bad.emplace_back("a block that is not there", extra);
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("floe_block_index_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  int n = 0;
  for (const auto& [what, index] : bad) {
    SCOPED_TRACE(what);
    std::string path = (dir / ("m" + std::to_string(n++) + ".avro")).string();
    ::floe::testing::TestIO().WriteAtomically(path, WithIndex(file, index.Encode()));
    ManifestCache cache(100000);
    ManifestCache::Opened opened = cache.Open(::floe::testing::TestIO(), path, std::nullopt);
    ASSERT_NE(opened.layout, nullptr);
    try {
      for (size_t b = 0; b < opened.layout->index.blocks.size(); ++b) cache.Block(::floe::testing::TestIO(), path, std::nullopt, opened.layout, b);
      ADD_FAILURE() << "no error";
    } catch (const FormatError& e) {
      EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace floe::iceberg
