#include "parquet/row_group_reader.h"

#include <algorithm>
#include <new>

#include "common/exception.h"

namespace floe {

RowGroupReader::RowGroupReader(std::string path, std::vector<LogicalType> types,
                               std::vector<std::unique_ptr<ColumnReader>> readers,
                               std::vector<std::unique_ptr<NestedColumnReader>> nested,
                               std::vector<std::pair<int64_t, int64_t>> ranges,
                               std::unique_ptr<ScanCounters> counters, ScanCounters* sink)
    : path_(std::move(path)),
      types_(std::move(types)),
      readers_(std::move(readers)),
      nested_(std::move(nested)),
      ranges_(std::move(ranges)),
      counters_(std::move(counters)),
      sink_(sink) {}

RowGroupReader::~RowGroupReader() {
  if (sink_) *sink_ += *counters_;
}

void RowGroupReader::SetDeletedRows(DeletedPositionsIn positions_in, int64_t first_position, int64_t window_rows) {
  positions_in_ = std::move(positions_in);
  window_rows_ = std::max<int64_t>(window_rows, 1);
  first_position_ = first_position;
  deleted_ = deleted_end_ = nullptr;
  window_end_ = 0;  // (nothing fetched: the first batch fetches the window at its rows)
}

void RowGroupReader::FetchDeleted(int64_t row, int64_t to) {
  if (to <= window_end_) return;
  int64_t last = ranges_.empty() ? to : ranges_.back().second;
  window_end_ = std::max(to, std::min(row + window_rows_, last));
  std::span<const int64_t> positions = positions_in_(first_position_ + row, first_position_ + window_end_);
  deleted_ = positions.data();
  deleted_end_ = positions.data() + positions.size();
}

void RowGroupReader::SkipRows(size_t n) {
  for (size_t i = 0; i < readers_.size(); ++i) {
    if (nested_[i]) {
      nested_[i]->Skip(n);
    } else {
      readers_[i]->Skip(n);
    }
  }
}

size_t RowGroupReader::SelectRows(size_t keep, int64_t end) {
  int64_t first = first_position_ + row_;  // (Next has passed the deleted positions before it)
  // `keep` rows are read (each column decodes them in one go, most often), their deleted
  // ones left out; while fewer than half of `keep` are kept, more rows are read, as many as
  // could all be kept (up to the range's end, at most 4 batches' rows in all)
  int64_t limit = std::min<int64_t>(end - row_, 4 * static_cast<int64_t>(keep));
  int64_t rows = std::min<int64_t>(limit, static_cast<int64_t>(keep));
  while (true) {
    FetchDeleted(row_, row_ + rows);  // (the batch's deleted positions: one span of those fetched)
    const int64_t* last = std::lower_bound(deleted_, deleted_end_, first + rows);
    auto kept = static_cast<size_t>(rows - (last - deleted_));
    if (2 * kept >= keep || rows == limit) {
      batch_deleted_ = deleted_;
      batch_deleted_count_ = static_cast<size_t>(last - deleted_);
      deleted_ = last;
      return static_cast<size_t>(rows);
    }
    rows = std::min<int64_t>(limit, rows + static_cast<int64_t>(keep - kept));
  }
}

const SelectionVector* RowGroupReader::batch_selection() {
  if (batch_deleted_count_ == 0) return nullptr;
  if (!selection_made_) {
    KeptOffsets(batch_rows_, batch_deleted_, batch_deleted_count_, first_position_ + batch_start_,
                &selection_.indexes);
    selection_made_ = true;
  }
  return &selection_;
}

bool RowGroupReader::Next(DataChunk& out) {
  bool same = out.ColumnCount() == types_.size() && out.capacity() > 0;
  for (size_t i = 0; same && i < types_.size(); ++i) same = out.column(i).type() == types_[i];
  if (!same) out.Initialize(types_);
  out.Reset();
  try {
    while (range_index_ < ranges_.size()) {
      auto [start, end] = ranges_[range_index_];
      if (row_ < start) {
        SkipRows(static_cast<size_t>(start - row_));
        row_ = start;
      }
      while (positions_in_ && row_ < end) {
        // a run of deleted rows at row_: skipped at once (one reaching the end of the
        // positions fetched goes on with the next)
        FetchDeleted(row_, row_ + 1);
        deleted_ = std::lower_bound(deleted_, deleted_end_, first_position_ + row_);  // (rows skipped)
        int64_t run = 0;
        while (deleted_ + run != deleted_end_ && deleted_[run] == first_position_ + row_ + run && row_ + run < end) {
          ++run;
        }
        if (run == 0) break;
        SkipRows(static_cast<size_t>(run));
        row_ += run;
        deleted_ += run;
      }
      if (row_ >= end) {
        ++range_index_;
        continue;
      }
      size_t n = std::min<size_t>({static_cast<size_t>(end - row_), kBatchSize, out.capacity()});
      batch_start_ = row_;
      batch_deleted_count_ = 0;
      selection_made_ = false;
      if (positions_in_) {
        // a batch of rows, their deleted ones left out (more rows when most are deleted)
        n = SelectRows(n, end);
      }
      batch_rows_ = n;
      std::span<const int64_t> deleted(batch_deleted_, batch_deleted_count_);
      for (size_t i = 0; i < readers_.size(); ++i) {
        if (deleted.empty()) {
          if (nested_[i]) {
            nested_[i]->Read(n, out.column(i));
          } else {
            readers_[i]->Read(n, out.column(i));
          }
        } else if (nested_[i]) {
          // a nested column is read whole, then its kept rows copied
          Vector all(types_[i], n);
          nested_[i]->Read(n, all);
          const SelectionVector* kept = batch_selection();
          out.column(i).Gather(all, kept->indexes.data(), kept->size());
        } else {
          readers_[i]->Read(n, out.column(i), deleted, first_position_ + row_);
        }
      }
      row_ += static_cast<int64_t>(n);
      out.SetSize(n - deleted.size());
      counters_->rows_read += static_cast<int64_t>(n);
      return true;
    }
  } catch (const FormatError& e) {
    throw FormatError("Parquet file \"" + path_ + "\": " + e.what());
  } catch (const std::bad_alloc&) {
    throw FormatError("Parquet file \"" + path_ + "\": corrupt sizes (out of memory)");
  } catch (const std::length_error&) {
    throw FormatError("Parquet file \"" + path_ + "\": corrupt sizes");
  }
  return false;
}

}  // namespace floe
