#pragma once

#include <algorithm>
#include <memory>
#include <string_view>
#include <vector>

#include "common/string_ref.h"

namespace floe {

/// Owns the bytes of strings in vectors: an arena of blocks that only grows. Blocks double
/// from kFirstBlockSize to kBlockSize, so the many small heaps a write into thousands of
/// partitions keeps (a dictionary per open file) stay small.
/// Not thread-safe; each vector (or each thread's state) has its own.
class StringHeap {
 public:
  static constexpr size_t kFirstBlockSize = 1024;
  static constexpr size_t kBlockSize = 64 * 1024;

  /// Copies the bytes into the heap and returns a reference to the copy.
  StringRef Add(std::string_view s) {
    if (s.empty()) return StringRef(nullptr, 0);
    char* dst = Allocate(s.size());
    std::memcpy(dst, s.data(), s.size());
    return StringRef(dst, static_cast<uint32_t>(s.size()));
  }

  /// Returns a reference to bytes `owner` keeps, without copying them; the heap keeps the
  /// owner alive as long as itself (a subquery's result read by every batch).
  StringRef AddBorrowed(std::string_view s, std::shared_ptr<const void> owner) {
    if (s.empty()) return StringRef(nullptr, 0);
    owners_.push_back(std::move(owner));
    return StringRef(s.data(), static_cast<uint32_t>(s.size()));
  }

  /// Returns uninitialized space for `size` bytes.
  char* Allocate(size_t size) {
    if (size > kBlockSize / 4) {
      big_.push_back(std::make_unique_for_overwrite<char[]>(size));
      allocated_ += size;
      return big_.back().get();
    }
    if (blocks_.empty() || used_ + size > block_size_) {
      block_size_ = blocks_.empty() ? kFirstBlockSize : std::min(kBlockSize, 2 * block_size_);
      while (block_size_ < size) block_size_ *= 2;
      blocks_.push_back(std::make_unique_for_overwrite<char[]>(block_size_));
      used_ = 0;
      allocated_ += block_size_;
    }
    char* p = blocks_.back().get() + used_;
    used_ += size;
    return p;
  }

  size_t allocated_bytes() const { return allocated_; }

 private:
  std::vector<std::unique_ptr<char[]>> blocks_;
  std::vector<std::unique_ptr<char[]>> big_;
  std::vector<std::shared_ptr<const void>> owners_;
  size_t block_size_ = 0;  // of the last block
  size_t used_ = 0;
  size_t allocated_ = 0;
};

}  // namespace floe
