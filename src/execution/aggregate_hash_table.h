#pragma once

#include <memory>
#include <vector>

#include "common/vector.h"
#include "planner/bound_expression.h"

namespace floe {

/// Groups -> aggregate states. Storage grows in fixed blocks of kRowsPerBlock groups (no
/// doubling, no copy on growth): per block, one vector per key column and one array of
/// rows (the group's hash, then each aggregate's state at its own alignment). An
/// open-addressing table of group ids (load factor at most 1/2) finds a key's group.
class AggregateHashTable {
 public:
  AggregateHashTable(std::vector<LogicalType> key_types,
                     const std::vector<BoundAggregate>* aggregates);
  ~AggregateHashTable();
  AggregateHashTable(const AggregateHashTable&) = delete;
  AggregateHashTable& operator=(const AggregateHashTable&) = delete;

  /// Writes the hash of each of `count` rows of keys, as FindOrCreateGroups computes it.
  static void HashKeys(const std::vector<const Vector*>& keys, size_t count, uint64_t* hashes);
  /// Finds or creates the group of each of `count` rows of keys; writes group ids.
  void FindOrCreateGroups(const std::vector<const Vector*>& keys, size_t count, uint32_t* groups);
  /// Same, with the rows' hashes (from HashKeys) already computed.
  void FindOrCreateGroups(const std::vector<const Vector*>& keys, size_t count, uint32_t* groups,
                          const uint64_t* hashes);
  /// Returns the hash of group `g`'s keys.
  uint64_t Hash(uint32_t g) const { return HashAt(g); }
  /// Returns the state of aggregate `a` of group `g`.
  uint8_t* State(uint32_t g, size_t a) { return BlockRow(g) + offsets_[a]; }
  size_t GroupCount() const { return group_count_; }
  /// Copies key column `k` of groups [start, start + count) to rows [0, count) of out
  /// (strings shared, not copied).
  void GatherKeys(size_t k, size_t start, size_t count, Vector& out) const;
  /// Merges every group of another table into this one, combining states.
  void Merge(AggregateHashTable& other);
  /// Merges the `count` groups of `other` named by `groups` into this one.
  void Merge(AggregateHashTable& other, const uint32_t* groups, size_t count);

 private:
  uint8_t* BlockRow(uint32_t g) const {
    return blocks_[g / kRowsPerBlock].get() + (g % kRowsPerBlock) * row_size_;
  }
  uint64_t HashAt(uint32_t g) const {
    return *reinterpret_cast<const uint64_t*>(BlockRow(g));
  }
  const Vector& KeyAt(size_t k, uint32_t g) const { return key_blocks_[g / kRowsPerBlock][k]; }
  uint32_t NewGroup(const std::vector<const Vector*>& keys, size_t row, uint64_t hash);
  void Grow();

  static constexpr size_t kRowsPerBlock = 4096;
  std::vector<LogicalType> key_types_;
  const std::vector<BoundAggregate>* aggregates_;
  std::vector<size_t> offsets_;
  size_t row_size_ = 0;
  size_t row_alignment_ = 8;
  std::vector<std::vector<Vector>> key_blocks_;  // [block][key column]
  std::vector<std::unique_ptr<uint8_t[]>> blocks_;
  std::vector<uint32_t> slots_;  // group + 1; 0 is empty
  uint64_t mask_ = 0;
  size_t group_count_ = 0;
};

}  // namespace floe
