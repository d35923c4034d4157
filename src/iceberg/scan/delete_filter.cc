#include "iceberg/scan/delete_filter.h"

#include <algorithm>
#include <set>

namespace floe::iceberg {

DeleteFilter::DeleteFilter(const FileScanTask& task, DeleteFileCache& cache) {
  std::vector<std::pair<std::shared_ptr<const PositionDeletes>, const DeletedPositions*>> sources;
  for (const auto& d : task.deletes) {
    if (d->file.content == FileContent::kPositionDeletes) {
      auto deletes = cache.Positions(*d);
      const DeletedPositions* positions = deletes->For(task.data_file.file_path, task.local_path);
      if (positions) sources.emplace_back(deletes, positions);
    } else {
      auto deletes = cache.Equality(*d);
      if (!deletes->keys.empty()) equality_.push_back(std::move(deletes));
    }
  }
  if (sources.size() == 1) {
    single_ = sources[0].first;
    positions_ = sources[0].second;
  } else if (sources.size() > 1) {
    std::vector<int64_t> merged;
    for (const auto& [deletes, positions] : sources) positions->AppendTo(&merged);
    merged_ = DeletedPositions(std::move(merged));
  }
  std::set<int> ids;
  for (const auto& set : equality_) ids.insert(set->field_ids.begin(), set->field_ids.end());
  equality_field_ids_.assign(ids.begin(), ids.end());
}

void DeleteFilter::Filter(const DataChunk& chunk, size_t count, int64_t first_position,
                          const std::map<int, int>& column_of, SelectionVector* keep,
                          std::vector<int64_t>* scratch) const {
  keep->indexes.clear();
  std::span<const int64_t> positions =
      PositionsIn(first_position, first_position + static_cast<int64_t>(count), scratch);
  auto pos_it = positions.begin();
  if (equality_.empty()) {
    // positions only: the rows between the deleted ones
    auto end = positions.end();
    keep->indexes.resize(count - positions.size());
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
