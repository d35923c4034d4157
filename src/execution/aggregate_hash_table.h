#pragma once

#include <memory>
#include <vector>

#include "common/vector.h"
#include "planner/bound_expression.h"

namespace floe {

/// Groups -> aggregate states. Keys are kept column-wise in growing vectors; an
/// open-addressing table of (hash, group) finds a key's group.
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
  uint64_t Hash(uint32_t g) const { return hashes_[g]; }
  /// Returns the state of aggregate `a` of group `g`.
  uint8_t* State(uint32_t g, size_t a) { return BlockRow(g) + offsets_[a]; }
  size_t GroupCount() const { return group_count_; }
  /// Returns the key vectors (rows [0, GroupCount())).
  const std::vector<Vector>& keys() const { return keys_; }
  /// Merges every group of another table into this one, combining states.
  void Merge(AggregateHashTable& other);
  /// Merges the `count` groups of `other` named by `groups` into this one.
  void Merge(AggregateHashTable& other, const uint32_t* groups, size_t count);

 private:
  uint8_t* BlockRow(uint32_t g) {
    return blocks_[g / kRowsPerBlock].get() + (g % kRowsPerBlock) * row_size_;
  }
  uint32_t NewGroup(const std::vector<const Vector*>& keys, size_t row, uint64_t hash);
  void Grow();

  static constexpr size_t kRowsPerBlock = 4096;
  std::vector<LogicalType> key_types_;
  const std::vector<BoundAggregate>* aggregates_;
  std::vector<size_t> offsets_;
  size_t row_size_ = 0;
  std::vector<Vector> keys_;
  std::vector<uint64_t> hashes_;
  std::vector<std::unique_ptr<uint8_t[]>> blocks_;
  std::vector<uint32_t> slots_;  // group + 1; 0 is empty
  uint64_t mask_ = 0;
  size_t group_count_ = 0;
  size_t key_capacity_ = 0;
};

}  // namespace floe
