#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "iceberg/puffin/roaring_position_bitmap.h"

namespace floe::iceberg {

/// A `deletion-vector-v1` blob (spec "Puffin", "deletion-vector-v1"; Java's
/// BitmapPositionDeleteIndex): the deleted positions of one data file as a big-endian
/// uint32 length of what follows up to the checksum, the magic D1 D3 39 64, the
/// positions as a 64-bit portable Roaring bitmap, and a big-endian CRC-32 of the magic
/// and the bitmap.
class DeletionVector {
 public:
  static constexpr const char* kBlobType = "deletion-vector-v1";
  /// The Puffin blob property naming the data file (as the manifest writes its path).
  static constexpr const char* kReferencedDataFile = "referenced-data-file";
  static constexpr const char* kCardinality = "cardinality";
  /// The field id Puffin lists for a deletion vector blob (the _pos metadata column).
  static constexpr int kPositionFieldId = 2147483645;

  /// Returns the blob of `positions` (sorted, unique, each >= 0).
  static std::string Serialize(const std::vector<int64_t>& positions);
  /// Returns the sorted positions of a blob; throws FormatError naming `what` when its
  /// length, magic or checksum is wrong, the bitmap is malformed, or it holds other than
  /// `cardinality` positions (the count its manifest entry gives).
  static std::vector<int64_t> Deserialize(std::string_view blob, int64_t cardinality, const std::string& what);
  /// Checks a blob as Deserialize does, and returns its bitmap unexpanded (which keeps the
  /// blob's bytes).
  static RoaringPositionBitmap Parse(std::string blob, int64_t cardinality, const std::string& what);
};

}  // namespace floe::iceberg
