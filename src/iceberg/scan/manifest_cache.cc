#include "iceberg/scan/manifest_cache.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstring>
#include <functional>

#include "common/exception.h"
#include "iceberg/local_file.h"
#include "iceberg/manifests/manifest_reader.h"

namespace floe::iceberg {

namespace {

// A 64-bit hash of a partition tuple: equal for equal tuples of one spec (NULLs equal).
uint64_t PartitionHash(int spec_id, const std::vector<Value>& partition) {
  uint64_t h = 0x9e3779b97f4a7c15ULL ^ static_cast<uint64_t>(spec_id);
  auto mix = [&](uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
  };
  for (const Value& v : partition) {
    if (v.is_null()) {
      mix(0x5bd1e995);
      continue;
    }
    switch (v.type().id()) {
      case TypeId::kString:
      case TypeId::kBinary:
        mix(std::hash<std::string>()(v.str()));
        break;
      case TypeId::kDecimal:
        mix(static_cast<uint64_t>(v.decimal()));
        mix(static_cast<uint64_t>(v.decimal() >> 64));
        break;
      case TypeId::kFloat:
      case TypeId::kDouble: {
        double d = v.float64() == 0 ? 0.0 : v.float64();  // -0 equals 0
        uint64_t bits;
        std::memcpy(&bits, &d, sizeof(bits));
        mix(bits);
        break;
      }
      default:
        mix(static_cast<uint64_t>(v.int64()));
    }
  }
  return h;
}

}  // namespace

ManifestCache& ManifestCache::Instance() {
  // why: never destroyed; freeing every cached entry at exit only delays the exit
  static ManifestCache* cache = new ManifestCache(100000);
  return *cache;
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
  size_t fields = 0;
  reader.VisitLiveEntriesForPlanning(&manifest->lazy, [&](ManifestEntry& e) {
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
    manifest->partition_hashes.push_back(PartitionHash(manifest->spec_id, slim.partition));
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
