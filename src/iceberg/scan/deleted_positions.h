#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "iceberg/puffin/roaring_position_bitmap.h"

namespace floe::iceberg {

/// The deleted row positions of one data file, sorted and unique: a list (what position
/// delete files name), or a deletion vector's bitmap, which stays compact and is expanded
/// only for the ranges a scan reads (each slice of a large file by the thread reading it).
class DeletedPositions {
 public:
  DeletedPositions() = default;
  /// Takes a list, sorting it and dropping repeats.
  explicit DeletedPositions(std::vector<int64_t> list);
  explicit DeletedPositions(std::shared_ptr<const RoaringPositionBitmap> bitmap) : bitmap_(std::move(bitmap)) {}

  size_t size() const { return bitmap_ ? bitmap_->cardinality() : list_.size(); }
  bool empty() const { return size() == 0; }
  /// Returns the positions in [begin, end), ascending: a part of the list, or the
  /// bitmap's expanded into *scratch (which must outlive the use of what is returned).
  std::span<const int64_t> In(int64_t begin, int64_t end, std::vector<int64_t>* scratch) const;
  /// Appends every position, ascending.
  void AppendTo(std::vector<int64_t>* out) const;

 private:
  std::vector<int64_t> list_;
  std::shared_ptr<const RoaringPositionBitmap> bitmap_;
};

}  // namespace floe::iceberg
