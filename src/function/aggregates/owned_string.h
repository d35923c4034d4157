#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>

#include "common/string_ref.h"

namespace floe {

/// Holds a copy of string bytes inside an aggregate state (min, max, first, ...).
/// Trivially constructible on zeroed memory; Free() releases the bytes.
class OwnedString {
 public:
  /// Replaces the bytes with a copy of `s`, reusing the buffer when it is big enough.
  void Assign(std::string_view s) {
    if (s.size() > capacity_) {
      size_t capacity = s.size() < 16 ? 16 : s.size();
      char* data = static_cast<char*>(std::realloc(data_, capacity));
      if (data == nullptr) throw std::bad_alloc();
      data_ = data;
      capacity_ = static_cast<uint32_t>(capacity);
    }
    if (!s.empty()) std::memcpy(data_, s.data(), s.size());
    size_ = static_cast<uint32_t>(s.size());
  }
  /// Returns a reference to the held bytes, valid until the next Assign or Free.
  StringRef ref() const { return StringRef(data_, size_); }
  std::string_view view() const { return std::string_view(data_, size_); }
  /// Releases the bytes.
  void Free() {
    std::free(data_);
    data_ = nullptr;
    size_ = capacity_ = 0;
  }

 private:
  char* data_ = nullptr;
  uint32_t size_ = 0;
  uint32_t capacity_ = 0;
};

}  // namespace floe
