#include "iceberg/scan/manifest_cache.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "common/exception.h"
#include "iceberg/manifests/manifest_writer.h"

namespace floe::iceberg {
namespace {

namespace fs = std::filesystem;

Schema CacheSchema() { return Schema(1, {NestedField::Required(1, "id", Type::Primitive(TypeKind::kLong))}); }

PartitionSpec CacheSpec() { return PartitionSpec(3, {PartitionField(1, 1000, "id", Transform::Identity())}); }

ManifestFile WriteManifest(const fs::path& path, int files) {
  ManifestWriter writer(CacheSchema(), CacheSpec(), 77);
  for (int i = 0; i < files; ++i) {
    DataFile f;
    f.file_path = "/data/f" + std::to_string(i) + ".parquet";
    f.partition = {Value::Int64(i)};
    f.record_count = 10;
    f.file_size_in_bytes = 100;
    writer.Add(f);
  }
  ManifestFile m = writer.WriteTo(path.string(), path.string());
  m.sequence_number = 4;
  m.min_sequence_number = 4;
  return m;
}

TEST(ManifestCacheTest, ReadsOnceThenServesFromMemory) {
  fs::path dir = fs::temp_directory_path() / ("floe_manifest_cache_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  ManifestFile m = WriteManifest(dir / "m0.avro", 3);
  ManifestCache cache(100);
  auto first = cache.Get((dir / "m0.avro").string(), m);
  ASSERT_EQ(first->entries.size(), 3u);
  EXPECT_EQ(first->spec_id, 3);
  EXPECT_EQ(first->DataFileAt(0).spec_id, 3);
  EXPECT_EQ(first->DataFileAt(2).file_path, "/data/f2.parquet");
  EXPECT_EQ(first->EntryAt(1).sequence_number, 4);
  EXPECT_EQ(first->entries[1].sequence_number, 4);  // inherited from the list entry
  EXPECT_EQ(first->partition_hashes.size(), 3u);
  EXPECT_EQ(first->distinct_partition_hashes.size(), 3u);
  EXPECT_EQ(first->total_records, 30);
  ASSERT_EQ(first->order_by_field.size(), 1u);
  EXPECT_EQ(first->order_by_field[0], (std::vector<uint32_t>{0, 1, 2}));
  auto second = cache.Get((dir / "m0.avro").string(), m);
  EXPECT_EQ(first.get(), second.get());
  EXPECT_EQ(cache.hits(), 1);
  EXPECT_EQ(cache.misses(), 1);
  // another list entry (other inherited values) is another key
  ManifestFile other = m;
  other.sequence_number = 5;
  EXPECT_EQ(cache.Get((dir / "m0.avro").string(), other)->entries[1].sequence_number, 5);
  EXPECT_EQ(cache.misses(), 2);
  fs::remove_all(dir);
}

TEST(ManifestCacheTest, EvictsLeastRecentlyUsedAndRereadsReplacedFiles) {
  fs::path dir = fs::temp_directory_path() / ("floe_manifest_cache_lru_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  ManifestFile a = WriteManifest(dir / "a.avro", 4);
  ManifestFile b = WriteManifest(dir / "b.avro", 4);
  ManifestCache cache(6);  // room for one of them
  cache.Get((dir / "a.avro").string(), a);
  cache.Get((dir / "b.avro").string(), b);
  cache.Get((dir / "a.avro").string(), a);
  EXPECT_EQ(cache.misses(), 3);
  // a file replaced at the same path (new size) is read again
  ManifestFile a2 = WriteManifest(dir / "a.avro", 2);
  EXPECT_EQ(cache.Get((dir / "a.avro").string(), a2)->entries.size(), 2u);
  EXPECT_THROW(cache.Get((dir / "missing.avro").string(), a), IOError);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace floe::iceberg
