#include "iceberg/scan/manifest_cache.h"

#include <sys/stat.h>

#include <algorithm>
#include <functional>

#include "common/exception.h"
#include "iceberg/manifests/manifest_reader.h"

namespace floe::iceberg {

namespace {

// Builds a cached manifest (or block) from the entries `read` visits.
std::shared_ptr<CachedManifest> BuildCached(
    int spec_id, const std::function<void(LazyMetrics*, const std::function<void(ManifestEntry&)>&)>& read) {
  auto manifest = std::make_shared<CachedManifest>();
  manifest->spec_id = spec_id;
  size_t fields = 0;
  read(&manifest->lazy, [&](ManifestEntry& e) {
    DataFile& f = e.data_file;
    CachedManifest::Entry slim;
    slim.partition = std::move(f.partition);
    slim.snapshot_id = e.snapshot_id;
    slim.sequence_number = e.sequence_number;
    slim.file_sequence_number = e.file_sequence_number;
    slim.record_count = f.record_count;
    slim.file_size_in_bytes = f.file_size_in_bytes;
    slim.status = e.status;
    slim.content = f.content;
    slim.first_row_id = f.first_row_id;
    manifest->partition_hashes.push_back(StablePartitionHash(spec_id, slim.partition));
    manifest->total_records += f.record_count;
    manifest->total_bytes += f.file_size_in_bytes;
    fields = std::max(fields, slim.partition.size());
    manifest->entries.push_back(std::move(slim));
    if (!manifest->lazy.decoder) manifest->whole.push_back(std::move(f));
  });
  manifest->distinct_partition_hashes = manifest->partition_hashes;
  auto& distinct = manifest->distinct_partition_hashes;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  manifest->order_by_field.resize(fields);
  for (size_t p = 0; p < fields; ++p) {
    std::vector<uint32_t>& order = manifest->order_by_field[p];
    for (size_t i = 0; i < manifest->entries.size(); ++i) {
      const auto& partition = manifest->entries[i].partition;
      if (p < partition.size() && !partition[p].is_null()) order.push_back(static_cast<uint32_t>(i));
    }
    const auto& entries = manifest->entries;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return entries[a].partition[p].Compare(entries[b].partition[p]) < 0;
    });
  }
  return manifest;
}

}  // namespace

ManifestCache& ManifestCache::Instance() {
  // why: never destroyed; freeing every cached entry at exit only delays the exit
  static ManifestCache* cache = new ManifestCache(100000);
  return *cache;
}

std::string ManifestCache::KeyOf(FileIO& io, const std::string& local_path,
                                 const std::optional<ManifestFile>& list_entry, int64_t* size) {
  std::optional<FileInfo> info = io.Stat(local_path);
  if (!info) return "";
  if (size) *size = static_cast<int64_t>(info->size);
  std::string key = local_path + '\n' + std::to_string(info->size) + '\n' + std::to_string(info->modified_ns);
  if (list_entry) {
    key += '\n' + std::to_string(list_entry->added_snapshot_id) + '\n' + std::to_string(list_entry->sequence_number) +
           '\n' + std::to_string(list_entry->min_sequence_number) + '\n' +
           std::to_string(list_entry->partition_spec_id) + '\n' +
           (list_entry->first_row_id ? std::to_string(*list_entry->first_row_id) : "-");
  }
  return key;
}

std::optional<ManifestCache::Slot> ManifestCache::Find(const std::string& key) {
  if (key.empty()) return std::nullopt;
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = slots_.find(key);
  if (it == slots_.end()) return std::nullopt;
  lru_.splice(lru_.begin(), lru_, it->second.lru);
  ++hits_;
  return it->second;
}

ManifestCache::Slot ManifestCache::Keep(const std::string& key, Slot slot) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++misses_;
  if (key.empty() || slot.weight > max_entries_) return slot;
  auto [it, inserted] = slots_.try_emplace(key);
  if (!inserted) return it->second;  // another thread read it meanwhile
  lru_.push_front(key);
  slot.lru = lru_.begin();
  it->second = slot;
  held_entries_ += slot.weight;
  while (held_entries_ > max_entries_ && !lru_.empty()) {
    auto last = slots_.find(lru_.back());
    held_entries_ -= last->second.weight;
    slots_.erase(last);
    lru_.pop_back();
  }
  return slot;
}

ManifestCache::Opened ManifestCache::Open(FileIO& io, const std::string& local_path,
                                          const std::optional<ManifestFile>& list_entry) {
  int64_t size = -1;
  std::string key = KeyOf(io, local_path, list_entry, &size);
  if (auto slot = Find(key.empty() ? key : key + "\nlayout")) return Opened{slot->layout, nullptr, size};
  if (auto slot = Find(key.empty() ? key : key + "\nwhole")) return Opened{nullptr, slot->manifest, size};
  // why: a missing file is not cached; reading it raises the reader's error
  auto bytes = std::make_shared<const std::string>(io.ReadAll(local_path));
  ManifestReader reader(bytes, local_path, list_entry);
  std::optional<PartitionBlockIndex> index = reader.BlockIndex();
  if (!index) {
    Slot slot;
    slot.manifest = BuildCached(reader.spec_id(), [&](LazyMetrics* lazy, const auto& visit) {
      reader.VisitLiveEntriesForPlanning(lazy, visit);
    });
    slot.weight = slot.manifest->entries.size();
    return Opened{nullptr, Keep(key.empty() ? key : key + "\nwhole", std::move(slot)).manifest, size};
  }
  auto layout = std::make_shared<CachedManifestLayout>();
  layout->spec_id = reader.spec_id();
  for (const auto& block : index->blocks) {
    ManifestFile summary;
    summary.partition_spec_id = layout->spec_id;
    summary.partitions = block.partitions;
    layout->block_summaries.push_back(std::move(summary));
    layout->distinct_partition_hashes.insert(layout->distinct_partition_hashes.end(), block.partition_hashes.begin(),
                                             block.partition_hashes.end());
    layout->total_files += block.live_files;
    layout->total_records += block.live_records;
    layout->total_bytes += block.live_bytes;
  }
  auto& distinct = layout->distinct_partition_hashes;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  layout->index = std::move(*index);
  layout->bytes = std::move(bytes);
  Slot slot;
  slot.layout = layout;
  slot.weight = layout->index.blocks.size() + layout->bytes->size() / 512;
  return Opened{Keep(key.empty() ? key : key + "\nlayout", std::move(slot)).layout, nullptr, size};
}

std::shared_ptr<const CachedManifest> ManifestCache::Block(FileIO& io, const std::string& local_path,
                                                           const std::optional<ManifestFile>& list_entry,
                                                           const std::shared_ptr<const CachedManifestLayout>& layout,
                                                           size_t block) {
  std::string key = KeyOf(io, local_path, list_entry);
  if (!key.empty()) key += "\nblock " + std::to_string(block);
  if (auto slot = Find(key)) return slot->manifest;
  ManifestReader reader(layout->bytes, local_path, list_entry);
  Slot slot;
  slot.manifest = BuildCached(reader.spec_id(), [&](LazyMetrics* lazy, const auto& visit) {
    reader.VisitBlockForPlanning(layout->index.blocks.at(block), lazy, visit);
  });
  slot.weight = slot.manifest->entries.size();
  return Keep(key, std::move(slot)).manifest;
}

DataFile CachedManifest::DataFileAt(size_t i) const {
  DataFile f;
  if (!lazy.decoder) {
    f = whole.at(i);
  } else {
    const Entry& e = entries.at(i);
    f.content = e.content;
    f.partition = e.partition;
    f.record_count = e.record_count;
    f.file_size_in_bytes = e.file_size_in_bytes;
    lazy.Fill(i, &f);
    f.first_row_id = e.first_row_id;  // inherited: the bytes may not hold it
  }
  f.spec_id = spec_id;
  return f;
}

ManifestEntry CachedManifest::EntryAt(size_t i) const {
  const Entry& e = entries.at(i);
  ManifestEntry out;
  out.status = e.status;
  out.snapshot_id = e.snapshot_id;
  out.sequence_number = e.sequence_number;
  out.file_sequence_number = e.file_sequence_number;
  out.data_file = DataFileAt(i);
  return out;
}

}  // namespace floe::iceberg
