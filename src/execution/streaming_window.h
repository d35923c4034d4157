#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "common/vector.h"
#include "function/function_context.h"
#include "planner/bound_window_function.h"

namespace floe {

/// Window functions computed over rows already sorted by their (shared) partition and order
/// keys, as the rows stream by: a row's results are known once its peer group is complete
/// (RANGE frames) and the rows its lead() reaches have arrived, and rows are kept only as
/// far back as its lag() reaches. So a partition of any size passes through a buffer of a
/// few batches (or of its largest peer group, under a RANGE frame).
///
/// What streams (Supports): row_number, rank, dense_rank, lag and lead with a constant
/// offset, and aggregates (not DISTINCT) whose frame runs from the partition's start to the
/// current row (ROWS, or RANGE with its peers: the default with ORDER BY), all over one
/// window (the same PARTITION BY and ORDER BY, at least one key). The others need the whole
/// partition at once (ntile, percent_rank, cume_dist, frames ending after the current row,
/// first/last/nth_value).
///
/// The rows come in a wide layout: the input columns, the keys of the window (partition
/// keys, then order keys), then each function's arguments and, for an aggregate with a
/// FILTER, its filter (WideLayout tells where); each output batch holds the input columns
/// and one column per function.
class StreamingWindow {
 public:
  /// Where the columns of the wide rows are.
  struct WideLayout {
    size_t input_columns = 0;
    size_t partition_keys = 0;             // columns [input_columns, + partition_keys)
    size_t order_keys = 0;                 // the next ones
    std::vector<size_t> first_arg;         // per function: its first argument's column
    std::vector<int> filter;               // per function: its FILTER column, or -1
    std::vector<LogicalType> types;        // of every column
  };

  /// Returns true when `functions` can be computed this way.
  static bool Supports(const std::vector<BoundWindowFunction>& functions);
  /// Returns the wide layout of rows of `input_types` for `functions`.
  static WideLayout Layout(const std::vector<BoundWindowFunction>& functions,
                           const std::vector<LogicalType>& input_types);

  StreamingWindow(const std::vector<BoundWindowFunction>& functions, WideLayout layout,
                  std::vector<LogicalType> output_types, FunctionContext context);
  ~StreamingWindow();

  /// Appends the next sorted rows.
  void Push(const DataChunk& rows);
  /// Ends the input: every row left becomes ready.
  void Finish();
  /// Moves up to a batch of rows whose results are known into `out` (re-initialized to the
  /// output types); returns false when no row is ready.
  bool Pop(DataChunk& out);

 private:
  struct FunctionState;

  // Returns true when wide row `a` and `b` (buffer positions) are equal on the first `count` keys.
  bool SameKeys(size_t a, size_t b, size_t count) const;
  // Returns where the partition being computed ends: the first position after it that
  // starts a partition, or `known` (the buffer's end) when none is buffered yet.
  size_t PartitionEnd(size_t known);
  void Compact();

  const std::vector<BoundWindowFunction>& functions_;
  WideLayout layout_;
  std::vector<LogicalType> output_types_;
  FunctionContext context_;
  std::vector<std::unique_ptr<FunctionState>> states_;

  DataChunk buffer_;                    // wide rows, from absolute position base_
  std::vector<uint8_t> partition_start_;  // per buffered row: starts a partition
  std::vector<uint8_t> peer_start_;       // per buffered row: starts a peer group
  size_t base_ = 0;
  size_t next_ = 0;              // absolute position of the next row to compute
  size_t last_partition_start_ = 0;
  size_t last_peer_start_ = 0;
  size_t partition_begin_ = 0;   // of the row being computed
  size_t partition_end_ = SIZE_MAX;  // unknown until a later partition start is buffered
  size_t scanned_ = 0;               // positions before it were looked at for that start
  size_t peer_begin_ = 0;
  int32_t dense_rank_ = 0;
  bool finished_ = false;
  bool need_peer_end_ = false;   // a RANGE frame: a row waits for its peer group's end
  size_t lookahead_ = 0;         // the farthest lead()
  size_t lookbehind_ = 0;        // the farthest lag()
};

}  // namespace floe
