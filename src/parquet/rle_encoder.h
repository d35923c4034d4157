#pragma once

#include <cstdint>
#include <string>

namespace floe::parquet {

/// Encodes values with Parquet's RLE / bit-packed hybrid: runs of 8 or more equal
/// values become RLE runs, the rest bit-packed groups of 8.
class RleEncoder {
 public:
  /// Appends the encoding of n values of `bit_width` bits to out (no length prefix).
  template <typename T>
  static void Encode(const T* values, size_t n, int bit_width, std::string* out);
  /// Returns the bits needed for values up to max_value.
  static int BitWidth(uint64_t max_value) {
    int w = 0;
    while (max_value) {
      ++w;
      max_value >>= 1;
    }
    return w;
  }
};

}  // namespace floe::parquet
