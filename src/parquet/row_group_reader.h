#pragma once

#include <cstdint>
#include <memory>
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
  /// are consecutive rows of the row group: the ranges skipped lie between batches).
  int64_t batch_start() const { return batch_start_; }
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
};

}  // namespace floe
