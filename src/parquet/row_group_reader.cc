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

bool RowGroupReader::Next(DataChunk& out) {
  bool same = out.ColumnCount() == types_.size() && out.capacity() > 0;
  for (size_t i = 0; same && i < types_.size(); ++i) same = out.column(i).type() == types_[i];
  if (!same) out.Initialize(types_);
  out.Reset();
  try {
    while (range_index_ < ranges_.size()) {
      auto [start, end] = ranges_[range_index_];
      if (row_ < start) {
        for (size_t i = 0; i < readers_.size(); ++i) {
          if (nested_[i]) {
            nested_[i]->Skip(static_cast<size_t>(start - row_));
          } else {
            readers_[i]->Skip(static_cast<size_t>(start - row_));
          }
        }
        row_ = start;
      }
      if (row_ >= end) {
        ++range_index_;
        continue;
      }
      size_t n = std::min<size_t>({static_cast<size_t>(end - row_), kBatchSize, out.capacity()});
      batch_start_ = row_;
      for (size_t i = 0; i < readers_.size(); ++i) {
        if (nested_[i]) {
          nested_[i]->Read(n, out.column(i));
        } else {
          readers_[i]->Read(n, out.column(i));
        }
      }
      row_ += static_cast<int64_t>(n);
      out.SetSize(n);
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
