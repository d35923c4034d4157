#include "iceberg/scan/deleted_positions.h"

#include <algorithm>
#include <limits>

namespace floe::iceberg {

DeletedPositions::DeletedPositions(std::vector<int64_t> list) : list_(std::move(list)) {
  if (!std::is_sorted(list_.begin(), list_.end())) std::sort(list_.begin(), list_.end());
  list_.erase(std::unique(list_.begin(), list_.end()), list_.end());
}

std::span<const int64_t> DeletedPositions::In(int64_t begin, int64_t end, std::vector<int64_t>* scratch) const {
  if (bitmap_) {
    scratch->clear();
    bitmap_->Append(begin, end, scratch);
    return *scratch;
  }
  auto first = std::lower_bound(list_.begin(), list_.end(), begin);
  auto last = std::lower_bound(first, list_.end(), end);
  return {list_.data() + (first - list_.begin()), static_cast<size_t>(last - first)};
}

void DeletedPositions::AppendTo(std::vector<int64_t>* out) const {
  if (bitmap_) {
    bitmap_->Append(0, std::numeric_limits<int64_t>::max(), out);
  } else {
    out->insert(out->end(), list_.begin(), list_.end());
  }
}

}  // namespace floe::iceberg
