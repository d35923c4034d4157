#pragma once

#include <cstdint>
#include <string>

namespace floe {

/// What a Parquet scan read and skipped; one per reader thread, summed by the caller.
struct ScanCounters {
  int64_t row_groups_read = 0;
  int64_t row_groups_skipped = 0;
  /// Of the row groups skipped, those their statistics kept and a Bloom filter ruled out.
  int64_t row_groups_bloom_skipped = 0;
  int64_t pages_read = 0;
  int64_t pages_skipped = 0;
  int64_t bytes_read = 0;
  int64_t rows_read = 0;

  /// Returns the row groups as scans report them: "3 read / 10 total (statistics pruned 5,
  /// Bloom filters pruned 2)", the Bloom filters named only when they pruned any.
  std::string RowGroupsText() const {
    std::string text = std::to_string(row_groups_read) + " read / " +
                       std::to_string(row_groups_read + row_groups_skipped) + " total (statistics pruned " +
                       std::to_string(row_groups_skipped - row_groups_bloom_skipped);
    if (row_groups_bloom_skipped > 0) text += ", Bloom filters pruned " + std::to_string(row_groups_bloom_skipped);
    return text + ")";
  }

  /// Adds another thread's counters to these.
  ScanCounters& operator+=(const ScanCounters& o) {
    row_groups_read += o.row_groups_read;
    row_groups_skipped += o.row_groups_skipped;
    row_groups_bloom_skipped += o.row_groups_bloom_skipped;
    pages_read += o.pages_read;
    pages_skipped += o.pages_skipped;
    bytes_read += o.bytes_read;
    rows_read += o.rows_read;
    return *this;
  }
};

}  // namespace floe
