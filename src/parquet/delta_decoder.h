#pragma once

#include <cstdint>
#include <vector>

#include "common/string_heap.h"
#include "common/string_ref.h"

namespace floe::parquet {

/// Decodes the DELTA_* encodings of a whole page at once (they are rare enough that a
/// simple page-at-a-time decoder serves). Malformed input throws FormatError.
/// Each takes `max_values`, the page's value count from its header: deltas of bit width
/// 0 cost almost no bytes, so only that count bounds what a page decodes to.
class DeltaDecoder {
 public:
  /// The most bytes one page's DELTA_BYTE_ARRAY values may decode to (each value copies
  /// the prefix it shares): the cap a decompressed page has too.
  static constexpr size_t kMaxDecodedBytes = size_t{1} << 30;

  /// Decodes DELTA_BINARY_PACKED values; returns the bytes consumed.
  static size_t DecodeBinaryPacked(const uint8_t* data, size_t size, size_t max_values,
                                   std::vector<int64_t>* out);
  /// Decodes DELTA_LENGTH_BYTE_ARRAY values as references into data.
  static void DecodeLengthByteArray(const uint8_t* data, size_t size, size_t max_values,
                                    std::vector<StringRef>* out);
  /// Decodes DELTA_BYTE_ARRAY values, building the strings in heap.
  static void DecodeByteArray(const uint8_t* data, size_t size, size_t max_values, StringHeap* heap,
                              std::vector<StringRef>* out);
};

}  // namespace floe::parquet
