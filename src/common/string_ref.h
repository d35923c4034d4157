#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace floe {

/// Points at string bytes owned elsewhere (a StringHeap or a literal's storage).
struct StringRef {
  const char* data = nullptr;
  uint32_t size = 0;

  StringRef() = default;
  StringRef(const char* d, uint32_t s) : data(d), size(s) {}
  std::string_view view() const { return std::string_view(data, size); }
  std::string str() const { return std::string(data, size); }
  bool operator==(const StringRef& o) const {
    return size == o.size && (size == 0 || std::memcmp(data, o.data, size) == 0);
  }
  /// Compares as unsigned bytes, which is UTF-8 code point order.
  int Compare(const StringRef& o) const {
    uint32_t n = size < o.size ? size : o.size;
    int c = n == 0 ? 0 : std::memcmp(data, o.data, n);
    if (c != 0) return c;
    return size < o.size ? -1 : (size > o.size ? 1 : 0);
  }
};

}  // namespace floe
