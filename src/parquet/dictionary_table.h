#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <string_view>
#include <vector>

#include "common/string_heap.h"
#include "common/string_ref.h"
#include "common/vector_operations.h"

namespace floe::parquet {

/// Maps distinct values to dense dictionary indexes (open addressing, linear probing).
/// Fixed-width values compare by their bits, so NaN payloads and -0.0 stay distinct;
/// string keys are copied into the table's own heap.
template <typename T>
class DictionaryTable {
 public:
  DictionaryTable() { Clear(); }

  /// Returns the index of v, inserting it when new.
  uint32_t GetOrInsert(const T& v) {
    uint64_t h = Hash(v);
    size_t mask = slots_.size() - 1;
    size_t i = h & mask;
    while (true) {
      int32_t s = slots_[i];
      if (s < 0) break;
      if (Equal(values_[s], v)) return static_cast<uint32_t>(s);
      i = (i + 1) & mask;
    }
    auto index = static_cast<uint32_t>(values_.size());
    slots_[i] = static_cast<int32_t>(index);
    if constexpr (std::is_same_v<T, StringRef>) {
      values_.push_back(heap_.Add(v.view()));
      byte_size_ += 4 + v.size;
    } else {
      values_.push_back(v);
      byte_size_ += sizeof(T);
    }
    if (values_.size() * 2 > slots_.size()) Grow();
    return index;
  }

  /// Returns the distinct values in index order.
  const std::vector<T>& values() const { return values_; }
  /// Returns the PLAIN-encoded size of the dictionary page.
  size_t byte_size() const { return byte_size_; }
  /// Returns the bytes of memory the table holds.
  size_t memory_usage() const {
    return slots_.capacity() * sizeof(int32_t) + values_.capacity() * sizeof(T) + heap_.allocated_bytes();
  }
  /// Forgets every value.
  void Clear() {
    // why: capacity released, not kept; small to start, as a write into thousands of
    // partitions keeps a table per column of every open file
    std::vector<int32_t>(kInitialSlots, -1).swap(slots_);
    std::vector<T>().swap(values_);
    heap_ = StringHeap();
    byte_size_ = 0;
  }

 private:
  static constexpr size_t kInitialSlots = 64;

  static uint64_t Hash(const T& v) {
    if constexpr (std::is_same_v<T, StringRef>) {
      return MixHash(std::hash<std::string_view>()(v.view()));
    } else {
      uint64_t bits = 0;
      std::memcpy(&bits, &v, sizeof(T));
      return MixHash(bits);
    }
  }
  static bool Equal(const T& a, const T& b) {
    if constexpr (std::is_same_v<T, StringRef>) {
      return a == b;
    } else {
      return std::memcmp(&a, &b, sizeof(T)) == 0;
    }
  }
  void Grow() {
    std::vector<int32_t> slots(slots_.size() * 2, -1);
    size_t mask = slots.size() - 1;
    for (size_t k = 0; k < values_.size(); ++k) {
      size_t i = Hash(values_[k]) & mask;
      while (slots[i] >= 0) i = (i + 1) & mask;
      slots[i] = static_cast<int32_t>(k);
    }
    slots_ = std::move(slots);
  }

  std::vector<int32_t> slots_;
  std::vector<T> values_;
  StringHeap heap_;
  size_t byte_size_ = 0;
};

}  // namespace floe::parquet
