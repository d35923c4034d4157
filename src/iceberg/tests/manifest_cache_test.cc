#include "iceberg/scan/manifest_cache.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "common/exception.h"
#include "iceberg/manifests/manifest_writer.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {
namespace {

namespace fs = std::filesystem;

Schema CacheSchema() { return Schema(1, {NestedField::Required(1, "id", Type::Primitive(TypeKind::kLong))}); }

PartitionSpec CacheSpec() { return PartitionSpec(3, {PartitionField(1, 1000, "id", Transform::Identity())}); }

// Writes a manifest of `files` files, one per partition (floe's block index: one block),
// or unpartitioned (no index: read whole).
ManifestFile WriteManifest(const fs::path& path, int files, bool partitioned = true) {
  PartitionSpec spec = partitioned ? CacheSpec() : PartitionSpec::Unpartitioned(3);
  ManifestWriter writer(CacheSchema(), spec, 77);
  for (int i = 0; i < files; ++i) {
    DataFile f;
    f.file_path = "/data/f" + std::to_string(i) + ".parquet";
    if (partitioned) f.partition = {Value::Int64(i)};
    f.record_count = 10;
    f.file_size_in_bytes = 100;
    writer.Add(f);
  }
  ManifestFile m = writer.WriteTo(::floe::testing::TestIO(), path.string(), path.string());
  m.sequence_number = 4;
  m.min_sequence_number = 4;
  return m;
}

TEST(ManifestCacheTest, ReadsBlocksOnceThenServesFromMemory) {
  fs::path dir = fs::temp_directory_path() / ("floe_manifest_cache_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string path = (dir / "m0.avro").string();
  ManifestFile m = WriteManifest(path, 3);
  ManifestCache cache(100000);
  ManifestCache::Opened opened = cache.Open(::floe::testing::TestIO(), path, m);
  ASSERT_NE(opened.layout, nullptr);  // floe's manifests have a block index
  EXPECT_EQ(opened.whole, nullptr);
  EXPECT_EQ(opened.layout->spec_id, 3);
  EXPECT_EQ(opened.layout->total_files, 3);
  EXPECT_EQ(opened.layout->total_records, 30);
  EXPECT_EQ(opened.layout->distinct_partition_hashes.size(), 3u);
  ASSERT_EQ(opened.layout->index.blocks.size(), 1u);
  auto first = cache.Block(::floe::testing::TestIO(), path, m, opened.layout, 0);
  ASSERT_EQ(first->entries.size(), 3u);
  EXPECT_EQ(first->spec_id, 3);
  EXPECT_EQ(first->DataFileAt(0).spec_id, 3);
  EXPECT_EQ(first->DataFileAt(2).file_path, "/data/f2.parquet");
  EXPECT_EQ(first->EntryAt(1).sequence_number, 4);  // inherited from the list entry
  EXPECT_EQ(first->entries[1].sequence_number, 4);
  EXPECT_EQ(first->partition_hashes.size(), 3u);
  EXPECT_EQ(first->distinct_partition_hashes, opened.layout->distinct_partition_hashes);
  EXPECT_EQ(first->total_records, 30);
  ASSERT_EQ(first->order_by_field.size(), 1u);
  EXPECT_EQ(first->order_by_field[0], (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(cache.misses(), 2);  // the layout, the block
  ManifestCache::Opened again = cache.Open(::floe::testing::TestIO(), path, m);
  EXPECT_EQ(again.layout.get(), opened.layout.get());
  EXPECT_EQ(cache.Block(::floe::testing::TestIO(), path, m, again.layout, 0).get(), first.get());
  EXPECT_EQ(cache.hits(), 2);
  EXPECT_EQ(cache.misses(), 2);
  // another list entry (other inherited values) is another key
  ManifestFile other = m;
  other.sequence_number = 5;
  ManifestCache::Opened reopened = cache.Open(::floe::testing::TestIO(), path, other);
  EXPECT_EQ(cache.Block(::floe::testing::TestIO(), path, other, reopened.layout, 0)->entries[1].sequence_number, 5);
  EXPECT_EQ(cache.misses(), 4);
  fs::remove_all(dir);
}

TEST(ManifestCacheTest, ManifestsWithoutIndexAreReadWhole) {
  fs::path dir = fs::temp_directory_path() / ("floe_manifest_cache_whole_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string path = (dir / "u.avro").string();
  ManifestFile m = WriteManifest(path, 3, false);
  ManifestCache cache(100000);
  ManifestCache::Opened opened = cache.Open(::floe::testing::TestIO(), path, m);
  EXPECT_EQ(opened.layout, nullptr);
  ASSERT_NE(opened.whole, nullptr);
  EXPECT_EQ(opened.whole->entries.size(), 3u);
  EXPECT_EQ(opened.whole->DataFileAt(1).file_path, "/data/f1.parquet");
  EXPECT_EQ(cache.Open(::floe::testing::TestIO(), path, m).whole.get(), opened.whole.get());
  EXPECT_EQ(cache.hits(), 1);
  fs::remove_all(dir);
}

TEST(ManifestCacheTest, EvictsLeastRecentlyUsedAndRereadsReplacedFiles) {
  fs::path dir = fs::temp_directory_path() / ("floe_manifest_cache_lru_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string a_path = (dir / "a.avro").string(), b_path = (dir / "b.avro").string();
  ManifestFile a = WriteManifest(a_path, 4, false);
  ManifestFile b = WriteManifest(b_path, 4, false);
  ManifestCache cache(6);  // room for one of them (4 entries each)
  cache.Open(::floe::testing::TestIO(), a_path, a);
  cache.Open(::floe::testing::TestIO(), b_path, b);
  cache.Open(::floe::testing::TestIO(), a_path, a);
  EXPECT_EQ(cache.misses(), 3);
  // a file replaced at the same path (new size) is read again
  ManifestFile a2 = WriteManifest(a_path, 2, false);
  EXPECT_EQ(cache.Open(::floe::testing::TestIO(), a_path, a2).whole->entries.size(), 2u);
  EXPECT_THROW(cache.Open(::floe::testing::TestIO(), (dir / "missing.avro").string(), a), IOError);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace floe::iceberg
