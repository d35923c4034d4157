#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "common/vector.h"
#include "parquet/column_reader.h"
#include "parquet/nested_column_reader.h"
#include "parquet/scan_counters.h"

namespace floe {

/// Streams the projected columns of one row group as DataChunks of at most kBatchSize
/// rows, leaving out the row ranges the page index proved cannot match.
class RowGroupReader {
 public:
  /// Takes the column readers (one per projected column: a ColumnReader for a flat column,
  /// else a NestedColumnReader in `nested`, same index) and the row ranges to read.
  RowGroupReader(std::string path, std::vector<LogicalType> types,
                 std::vector<std::unique_ptr<ColumnReader>> readers,
                 std::vector<std::unique_ptr<NestedColumnReader>> nested,
                 std::vector<std::pair<int64_t, int64_t>> ranges,
                 std::unique_ptr<ScanCounters> counters, ScanCounters* sink);
  /// Adds this reader's counters to the sink given at creation.
  ~RowGroupReader();

  /// Fills out with the next rows (re-initializing it for the projected types if
  /// needed); returns false when the row group is exhausted.
  bool Next(DataChunk& out);
  /// Returns the row group's row index of the first row Next returned last (a batch's rows
  /// are consecutive rows of the row group: the ranges skipped lie between batches, and the
  /// rows SetDeletedRows leaves out are among them, as batch_selection() says).
  int64_t batch_start() const { return batch_start_; }

  /// Returns the deleted positions in [begin, end), ascending and unique; what it returns
  /// stays valid until its next call.
  using DeletedPositionsIn = std::function<std::span<const int64_t>(int64_t begin, int64_t end)>;
  /// How many rows' deleted positions are asked for at once, by default.
  static constexpr int64_t kDeletedWindowRows = 16 * static_cast<int64_t>(kBatchSize);

  /// Leaves out of every batch the rows at the deleted positions `positions_in` gives
  /// (position first_position is the row group's first row), e.g. an Iceberg data file's
  /// deleted rows. They are asked for as the reader reaches them, `window_rows` rows at a
  /// time (or what a batch needs), and only for the rows it reads: a deletion vector is
  /// expanded for those alone. Their values are not copied out, and a run of them is
  /// skipped (its whole pages not even decompressed).
  void SetDeletedRows(DeletedPositionsIn positions_in, int64_t first_position,
                      int64_t window_rows = kDeletedWindowRows);
  /// Returns which of the rows from batch_start() on the last batch holds (ascending
  /// offsets from batch_start(); out's row i is row batch_start() + indexes[i]), or null
  /// when it holds consecutive rows. (Made when first asked for, until the next batch.)
  const SelectionVector* batch_selection();
  /// Returns what this reader has read and skipped so far.
  const ScanCounters& counters() const { return *counters_; }

 private:
  std::string path_;
  std::vector<LogicalType> types_;
  std::vector<std::unique_ptr<ColumnReader>> readers_;
  std::vector<std::unique_ptr<NestedColumnReader>> nested_;
  std::vector<std::pair<int64_t, int64_t>> ranges_;
  size_t range_index_ = 0;
  int64_t row_ = 0;
  int64_t batch_start_ = 0;
  std::unique_ptr<ScanCounters> counters_;
  ScanCounters* sink_;
  // SetDeletedRows': the source, the window's size, the row group's first position; the
  // positions fetched that are not yet passed, of the rows before window_end_ (a row index)
  DeletedPositionsIn positions_in_;
  int64_t window_rows_ = 0;
  int64_t first_position_ = 0;
  const int64_t* deleted_ = nullptr;
  const int64_t* deleted_end_ = nullptr;
  int64_t window_end_ = 0;
  // the last batch: how many rows it read, the deleted positions among them (in the
  // positions fetched), its kept rows' offsets when asked for (selection_made_)
  size_t batch_rows_ = 0;
  const int64_t* batch_deleted_ = nullptr;
  size_t batch_deleted_count_ = 0;
  SelectionVector selection_;
  bool selection_made_ = false;

  // Skips n rows of every column.
  void SkipRows(size_t n);
  // Makes [deleted_, deleted_end_) reach at least to row `to`: when it does not, fetches the
  // deleted positions of the rows from `row` on (a window of them, to the last range's end at
  // most). Every deleted position before `row` must have been passed.
  void FetchDeleted(int64_t row, int64_t to);
  // Chooses the rows from row_ on (before `end`) to read next: `keep` rows, or more when
  // fewer than half of them are not deleted (at most `keep` kept rows in all); records the
  // deleted positions among them as the batch's and passes over them; returns how many rows
  // they are. The deleted positions before row_ must have been passed.
  size_t SelectRows(size_t keep, int64_t end);
};

}  // namespace floe
