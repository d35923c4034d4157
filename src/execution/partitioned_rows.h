#pragma once

#include <cstdint>
#include <vector>

#include "common/vector.h"

namespace floe {

/// Rows spread over 2^kRadixBits partitions by the high bits of a 64-bit hash, each
/// partition a list of batches; lets a hash aggregate hand each partition to its own task,
/// or to its own spill file. Counts the bytes each partition holds (RowBytes).
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
  /// Returns the bytes of the rows partition p holds, as RowBytes counts them.
  int64_t bytes(size_t p) const { return bytes_[p]; }
  /// Returns the bytes of every partition's rows.
  int64_t bytes() const;
  /// Frees partition p's rows.
  void Clear(size_t p);
  const std::vector<LogicalType>& types() const { return types_; }

 private:
  std::vector<LogicalType> types_;
  std::vector<std::vector<DataChunk>> partitions_;
  std::vector<int64_t> bytes_;
};

}  // namespace floe
