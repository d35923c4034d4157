#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace floe::iceberg {

/// A set of 64-bit partition hashes (open addressing, no allocation per insert), for
/// counting distinct partitions.
class PartitionHashSet {
 public:
  /// Adds a hash (0 counts as 1: 0 marks an empty slot).
  void Insert(uint64_t h);
  size_t size() const { return size_; }

 private:
  std::vector<uint64_t> slots_;
  size_t size_ = 0;
};

/// The distinct partition hashes of one manifest's live entries, and what owns them (a
/// cached manifest or layout).
struct ManifestPartitions {
  const std::vector<uint64_t>* hashes = nullptr;
  std::shared_ptr<const void> owner;
};

/// Returns the number of distinct partition hashes over `manifests`, memoized by their
/// owners while those live (a table planned again counts nothing again).
int64_t CountDistinctPartitions(const std::vector<ManifestPartitions>& manifests);

}  // namespace floe::iceberg
