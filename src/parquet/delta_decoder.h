#pragma once

#include <cstdint>
#include <vector>

#include "common/string_heap.h"
#include "common/string_ref.h"

namespace floe::parquet {

/// Decodes the DELTA_* encodings of a whole page at once (they are rare enough that a
/// simple page-at-a-time decoder serves). Malformed input throws FormatError.
class DeltaDecoder {
 public:
  /// Decodes DELTA_BINARY_PACKED values; returns the bytes consumed.
  static size_t DecodeBinaryPacked(const uint8_t* data, size_t size, std::vector<int64_t>* out);
  /// Decodes DELTA_LENGTH_BYTE_ARRAY values as references into data.
  static void DecodeLengthByteArray(const uint8_t* data, size_t size, std::vector<StringRef>* out);
  /// Decodes DELTA_BYTE_ARRAY values, building the strings in heap.
  static void DecodeByteArray(const uint8_t* data, size_t size, StringHeap* heap,
                              std::vector<StringRef>* out);
};

}  // namespace floe::parquet
