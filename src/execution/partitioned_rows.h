#pragma once

#include <cstdint>
#include <vector>

#include "common/vector.h"

namespace floe {

/// Rows spread over 2^kRadixBits partitions by the high bits of a 64-bit hash, each
/// partition a list of batches; lets a hash aggregate hand each partition to its own task.
class PartitionedRows {
 public:
  static constexpr size_t kRadixBits = 6;
  static constexpr size_t kPartitions = size_t{1} << kRadixBits;

  /// Returns the partition of a row with this hash.
  static size_t PartitionOf(uint64_t hash) {
    return static_cast<size_t>(hash >> (64 - kRadixBits));
  }

  explicit PartitionedRows(std::vector<LogicalType> types);

  /// Appends rows [0, count) of `columns` (of this object's types) to the partitions of
  /// their `hashes`.
  void Append(const std::vector<const Vector*>& columns, size_t count, const uint64_t* hashes);
  /// Returns the batches of partition p.
  std::vector<DataChunk>& partition(size_t p) { return partitions_[p]; }
  size_t RowCount() const { return rows_; }

 private:
  std::vector<LogicalType> types_;
  std::vector<std::vector<DataChunk>> partitions_;
  size_t rows_ = 0;
};

}  // namespace floe
