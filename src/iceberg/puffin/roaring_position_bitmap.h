#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
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
  /// Returns the positions a serialized bitmap holds, sorted (Parse, then Append of all).
  static std::vector<int64_t> Deserialize(std::string_view bytes, size_t max_positions, const std::string& what);

  /// Reads and checks a serialized bitmap without expanding it; throws FormatError naming
  /// `what` when the bytes are not a well-formed bitmap (truncated, keys out of order, a
  /// container larger than its bytes, array values or runs out of order, a container
  /// holding other than its cardinality, trailing bytes) or hold more than `max_positions`
  /// positions (what memory it may take is bounded by what it declares).
  static RoaringPositionBitmap Parse(std::string bytes, size_t max_positions, const std::string& what) {
    size_t size = bytes.size();
    return Parse(std::move(bytes), 0, size, max_positions, what);
  }
  /// The same, of the bitmap that is bytes [begin, end) of `bytes`, which it keeps whole
  /// (a blob read with more around the bitmap is not copied).
  static RoaringPositionBitmap Parse(std::string bytes, size_t begin, size_t end, size_t max_positions,
                                     const std::string& what);
  /// Returns how many positions it holds.
  size_t cardinality() const { return cardinality_; }
  /// Appends the positions in [begin, end), ascending: only the containers of that range
  /// are read (a scan's slices of a large file each expand their own).
  void Append(int64_t begin, int64_t end, std::vector<int64_t>* out) const;

 private:
  struct Parser;
  enum class Kind : uint8_t { kArray, kBitmap, kRuns };
  struct Container {
    uint64_t base = 0;  // its positions' bits above the low 16
    size_t offset = 0;  // where its values (or its run count) begin in bytes_ (from begin_)
    uint32_t cardinality = 0;
    Kind kind = Kind::kArray;
  };

  std::string bytes_;
  size_t begin_ = 0;  // where the bitmap begins in bytes_
  std::vector<Container> containers_;  // ascending by base
  size_t cardinality_ = 0;
};

}  // namespace floe::iceberg
