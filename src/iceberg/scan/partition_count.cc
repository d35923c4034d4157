#include "iceberg/scan/partition_count.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <string>

namespace floe::iceberg {

void PartitionHashSet::Insert(uint64_t h) {
  if (h == 0) h = 1;  // 0 marks an empty slot
  if ((size_ + 1) * 2 > slots_.size()) {
    std::vector<uint64_t> old = std::move(slots_);
    slots_.assign(std::max<size_t>(64, old.size() * 2), 0);
    size_ = 0;
    for (uint64_t o : old) {
      if (o) Insert(o);
    }
  }
  size_t mask = slots_.size() - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    if (slots_[i] == h) return;
    if (slots_[i] == 0) {
      slots_[i] = h;
      ++size_;
      return;
    }
  }
}

int64_t CountDistinctPartitions(const std::vector<ManifestPartitions>& manifests) {
  // Memoized by the set of hash owners (cached manifests and layouts, by address). The
  // memo holds them weakly: a hit counts only while every one is still alive, so a freed
  // owner's address reused by another cannot give a stale count, and the memo pins no memory.
  struct Memo {
    std::vector<std::weak_ptr<const void>> owners;
    int64_t count = 0;
  };
  static std::mutex mutex;
  static std::map<std::string, Memo> memo;
  std::string key;
  for (const ManifestPartitions& m : manifests) {
    const void* address = m.owner.get();
    key.append(reinterpret_cast<const char*>(&address), sizeof(address));
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = memo.find(key);
    if (it != memo.end()) {
      bool alive = true;
      for (const auto& w : it->second.owners) alive = alive && !w.expired();
      if (alive) return it->second.count;
      memo.erase(it);
    }
  }
  PartitionHashSet seen;
  for (const ManifestPartitions& m : manifests) {
    for (uint64_t h : *m.hashes) seen.Insert(h);
  }
  Memo entry;
  entry.count = static_cast<int64_t>(seen.size());
  for (const ManifestPartitions& m : manifests) entry.owners.push_back(m.owner);
  int64_t count = entry.count;
  std::lock_guard<std::mutex> lock(mutex);
  if (memo.size() >= 256) memo.clear();  // why: bounded; a miss only recounts
  memo[key] = std::move(entry);
  return count;
}

}  // namespace floe::iceberg
