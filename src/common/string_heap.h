#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "common/string_ref.h"

namespace floe {

/// Owns the bytes of strings in vectors: an arena of blocks that only grows.
/// Not thread-safe; each vector (or each thread's state) has its own.
class StringHeap {
 public:
  static constexpr size_t kBlockSize = 64 * 1024;

  /// Copies the bytes into the heap and returns a reference to the copy.
  StringRef Add(std::string_view s) {
    if (s.empty()) return StringRef(nullptr, 0);
    char* dst = Allocate(s.size());
    std::memcpy(dst, s.data(), s.size());
    return StringRef(dst, static_cast<uint32_t>(s.size()));
  }

  /// Returns uninitialized space for `size` bytes.
  char* Allocate(size_t size) {
    if (size > kBlockSize / 4) {
      big_.push_back(std::make_unique_for_overwrite<char[]>(size));
      allocated_ += size;
      return big_.back().get();
    }
    if (blocks_.empty() || used_ + size > kBlockSize) {
      blocks_.push_back(std::make_unique_for_overwrite<char[]>(kBlockSize));
      used_ = 0;
      allocated_ += kBlockSize;
    }
    char* p = blocks_.back().get() + used_;
    used_ += size;
    return p;
  }

  size_t allocated_bytes() const { return allocated_; }

 private:
  std::vector<std::unique_ptr<char[]>> blocks_;
  std::vector<std::unique_ptr<char[]>> big_;
  size_t used_ = 0;
  size_t allocated_ = 0;
};

}  // namespace floe
