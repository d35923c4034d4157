#include "iceberg/scan/delete_filter.h"

#include <algorithm>
#include <set>

namespace floe::iceberg {

namespace {

bool SortedAndUnique(const std::vector<int64_t>& v) {
  return std::adjacent_find(v.begin(), v.end(), [](int64_t a, int64_t b) { return a >= b; }) == v.end();
}

}  // namespace

DeleteFilter::DeleteFilter(const FileScanTask& task, DeleteFileCache& cache) {
  std::vector<std::pair<std::shared_ptr<const PositionDeletes>, const std::vector<int64_t>*>> sources;
  for (const auto& d : task.deletes) {
    if (d->file.content == FileContent::kPositionDeletes) {
      auto deletes = cache.Positions(*d);
      auto it = deletes->by_path.find(task.data_file.file_path);
      if (it == deletes->by_path.end()) {
        it = deletes->by_local_path.find(task.local_path);
        if (it == deletes->by_local_path.end()) continue;
      }
      sources.emplace_back(deletes, &it->second);
    } else {
      auto deletes = cache.Equality(*d);
      if (!deletes->keys.empty()) equality_.push_back(std::move(deletes));
    }
  }
  // A deletion vector's positions are sorted and unique already: used where they are.
  if (sources.size() == 1 && SortedAndUnique(*sources[0].second)) {
    single_ = sources[0].first;
    positions_ = sources[0].second;
  } else {
    for (const auto& [deletes, list] : sources) merged_.insert(merged_.end(), list->begin(), list->end());
    std::sort(merged_.begin(), merged_.end());
    merged_.erase(std::unique(merged_.begin(), merged_.end()), merged_.end());
  }
  std::set<int> ids;
  for (const auto& set : equality_) ids.insert(set->field_ids.begin(), set->field_ids.end());
  equality_field_ids_.assign(ids.begin(), ids.end());
}

void DeleteFilter::Filter(const DataChunk& chunk, size_t count, int64_t first_position,
                          const std::map<int, int>& column_of, SelectionVector* keep) const {
  keep->indexes.clear();
  const std::vector<int64_t>& positions = *positions_;
  auto pos_it = std::lower_bound(positions.begin(), positions.end(), first_position);
  if (equality_.empty()) {
    // positions only: the rows between the deleted ones
    auto end = std::lower_bound(pos_it, positions.end(), first_position + static_cast<int64_t>(count));
    keep->indexes.resize(count - static_cast<size_t>(end - pos_it));
    uint32_t* out = keep->indexes.data();
    uint32_t row = 0;
    for (; pos_it != end; ++pos_it) {
      auto deleted = static_cast<uint32_t>(*pos_it - first_position);
      for (; row < deleted; ++row) *out++ = row;
      row = deleted + 1;
    }
    for (; row < count; ++row) *out++ = row;
    return;
  }
  std::string key;
  for (size_t i = 0; i < count; ++i) {
    int64_t position = first_position + static_cast<int64_t>(i);
    while (pos_it != positions.end() && *pos_it < position) ++pos_it;
    if (pos_it != positions.end() && *pos_it == position) continue;
    bool deleted = false;
    for (const auto& set : equality_) {
      key.clear();
      for (int id : set->field_ids) {
        auto it = column_of.find(id);
        int col = it == column_of.end() ? -1 : it->second;
        if (col < 0) {
          AppendNullKey(&key);
        } else {
          AppendKey(chunk.column(col), i, &key);
        }
      }
      if (set->keys.count(key)) {
        deleted = true;
        break;
      }
    }
    if (!deleted) keep->indexes.push_back(static_cast<uint32_t>(i));
  }
}

}  // namespace floe::iceberg
