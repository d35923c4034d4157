#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace floe::iceberg {

/// Row positions as a 64-bit Roaring bitmap in the portable serialization Iceberg's
/// deletion vectors use (Java's RoaringPositionBitmap; the format of
/// github.com/RoaringBitmap/RoaringFormatSpec, "64-bit extension"): a little-endian
/// uint64 count of 32-bit bitmaps, then for each, ascending, its uint32 key (the high 32
/// bits of its positions) and a 32-bit portable Roaring bitmap of the low 32 bits.
class RoaringPositionBitmap {
 public:
  /// Returns the serialized form of `positions` (sorted, unique, each >= 0). Containers
  /// are arrays, bitmaps or runs, whichever is smallest (as runOptimize chooses).
  static std::string Serialize(const std::vector<int64_t>& positions);
  /// Returns the positions a serialized bitmap holds, sorted; throws FormatError naming
  /// `what` when the bytes are not a well-formed bitmap (truncated, keys out of order,
  /// a container larger than its bytes, trailing bytes) or holds more than
  /// `max_positions` positions (what memory it may take is bounded by what it declares).
  static std::vector<int64_t> Deserialize(std::string_view bytes, size_t max_positions, const std::string& what);
};

}  // namespace floe::iceberg
