#include "iceberg/scan/manifest_cache.h"

#include <sys/stat.h>

#include <algorithm>
#include <functional>

#include "common/exception.h"
#include "iceberg/local_file.h"
#include "iceberg/manifests/manifest_reader.h"
#include "iceberg/scan/delete_file_index.h"

namespace floe::iceberg {

ManifestCache& ManifestCache::Instance() {
  static ManifestCache cache(100000);
  return cache;
}

std::shared_ptr<const CachedManifest> ManifestCache::Get(const std::string& local_path,
                                                         const std::optional<ManifestFile>& list_entry) {
  struct stat st;
  std::string key;
  if (::stat(local_path.c_str(), &st) == 0) {
    key = local_path + '\n' + std::to_string(st.st_size) + '\n' + std::to_string(st.st_mtim.tv_sec) + '.' +
          std::to_string(st.st_mtim.tv_nsec);
    if (list_entry) {
      key += '\n' + std::to_string(list_entry->added_snapshot_id) + '\n' + std::to_string(list_entry->sequence_number) +
             '\n' + std::to_string(list_entry->min_sequence_number) + '\n' +
             std::to_string(list_entry->partition_spec_id);
    }
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = slots_.find(key);
    if (it != slots_.end()) {
      lru_.splice(lru_.begin(), lru_, it->second.lru);
      ++hits_;
      return it->second.manifest;
    }
  }
  // why: a missing file is not cached; reading it raises the reader's error
  ManifestReader reader(LocalFile::Read(local_path), local_path, list_entry);
  auto manifest = std::make_shared<CachedManifest>();
  manifest->spec_id = reader.spec_id();
  manifest->entries = reader.LiveEntriesWithoutMetrics(&manifest->lazy);
  manifest->partition_hashes.reserve(manifest->entries.size());
  size_t fields = 0;
  for (auto& e : manifest->entries) {
    e.data_file.spec_id = manifest->spec_id;
    manifest->partition_hashes.push_back(
        std::hash<std::string>()(PartitionKey(manifest->spec_id, e.data_file.partition)));
    manifest->total_records += e.data_file.record_count;
    manifest->total_bytes += e.data_file.file_size_in_bytes;
    fields = std::max(fields, e.data_file.partition.size());
  }
  manifest->distinct_partition_hashes = manifest->partition_hashes;
  auto& distinct = manifest->distinct_partition_hashes;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  manifest->order_by_field.resize(fields);
  for (size_t p = 0; p < fields; ++p) {
    std::vector<uint32_t>& order = manifest->order_by_field[p];
    for (size_t i = 0; i < manifest->entries.size(); ++i) {
      const auto& partition = manifest->entries[i].data_file.partition;
      if (p < partition.size() && !partition[p].is_null()) order.push_back(static_cast<uint32_t>(i));
    }
    const auto& entries = manifest->entries;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return entries[a].data_file.partition[p].Compare(entries[b].data_file.partition[p]) < 0;
    });
  }
  std::lock_guard<std::mutex> lock(mutex_);
  ++misses_;
  if (key.empty() || manifest->entries.size() > max_entries_) return manifest;
  auto [it, inserted] = slots_.try_emplace(key);
  if (!inserted) return it->second.manifest;  // another thread read it meanwhile
  lru_.push_front(key);
  it->second = Slot{manifest, lru_.begin()};
  held_entries_ += manifest->entries.size();
  while (held_entries_ > max_entries_ && !lru_.empty()) {
    auto last = slots_.find(lru_.back());
    held_entries_ -= last->second.manifest->entries.size();
    slots_.erase(last);
    lru_.pop_back();
  }
  return manifest;
}

}  // namespace floe::iceberg
