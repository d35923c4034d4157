#pragma once

#include <map>
#include <memory>
#include <span>
#include <vector>

#include "common/vector.h"
#include "iceberg/scan/delete_file_cache.h"
#include "iceberg/scan/file_scan_task.h"

namespace floe::iceberg {

/// The deletes of one data file, from its task's delete files: the positions its
/// position deletes name (their file_path compared as written and remapped) and the
/// key sets of its equality deletes (Java's DeleteFilter).
class DeleteFilter {
 public:
  /// Loads the task's delete files through the scan's cache; throws IOError or FormatError.
  DeleteFilter(const FileScanTask& task, DeleteFileCache& cache);

  /// Returns true when no row is deleted.
  bool empty() const { return positions_->empty() && equality_.empty(); }
  /// Returns true when position deletes apply (rows must then keep their positions).
  bool has_positions() const { return !positions_->empty(); }
  /// Returns true when only position deletes (and deletion vectors) apply.
  bool positions_only() const { return equality_.empty(); }
  /// Returns the deleted positions in [begin, end), ascending (a deletion vector's
  /// expanded into *scratch, which must outlive the use of what is returned).
  std::span<const int64_t> PositionsIn(int64_t begin, int64_t end, std::vector<int64_t>* scratch) const {
    return positions_->In(begin, end, scratch);
  }
  /// Returns the field ids equality deletes compare, sorted.
  const std::vector<int>& equality_field_ids() const { return equality_field_ids_; }

  /// Keeps in `keep` the rows [0, count) of a batch that are not deleted. Row i is at file
  /// position first_position + i; `column_of` maps an equality field id to its column
  /// in `chunk` (-1: the file lacks it, so its values are NULL). `scratch` is the
  /// caller's, for the batch's positions.
  void Filter(const DataChunk& chunk, size_t count, int64_t first_position, const std::map<int, int>& column_of,
              SelectionVector* keep, std::vector<int64_t>* scratch) const;

 private:
  /// The deleted positions: the one source's own when only one applies (a deletion
  /// vector: not copied), else merged into `merged_`.
  const DeletedPositions* positions_ = &merged_;
  DeletedPositions merged_;
  std::shared_ptr<const PositionDeletes> single_;
  std::vector<std::shared_ptr<const EqualityDeletes>> equality_;
  std::vector<int> equality_field_ids_;
};

}  // namespace floe::iceberg
