#pragma once

#include <cstdint>

namespace floe {

/// What a Parquet scan read and skipped; one per reader thread, summed by the caller.
struct ScanCounters {
  int64_t row_groups_read = 0;
  int64_t row_groups_skipped = 0;
  int64_t pages_read = 0;
  int64_t pages_skipped = 0;
  int64_t bytes_read = 0;
  int64_t rows_read = 0;

  /// Adds another thread's counters to these.
  ScanCounters& operator+=(const ScanCounters& o) {
    row_groups_read += o.row_groups_read;
    row_groups_skipped += o.row_groups_skipped;
    pages_read += o.pages_read;
    pages_skipped += o.pages_skipped;
    bytes_read += o.bytes_read;
    rows_read += o.rows_read;
    return *this;
  }
};

}  // namespace floe
