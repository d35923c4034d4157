#include "iceberg/scan/delete_filter.h"

#include <algorithm>
#include <set>

namespace floe::iceberg {

DeleteFilter::DeleteFilter(const FileScanTask& task, DeleteFileCache& cache) {
  for (const auto& d : task.deletes) {
    if (d->file.content == FileContent::kPositionDeletes) {
      auto deletes = cache.Positions(*d);
      auto it = deletes->by_path.find(task.data_file.file_path);
      if (it == deletes->by_path.end()) {
        it = deletes->by_local_path.find(task.local_path);
        if (it == deletes->by_local_path.end()) continue;
      }
      positions_.insert(positions_.end(), it->second.begin(), it->second.end());
    } else {
      auto deletes = cache.Equality(*d);
      if (!deletes->keys.empty()) equality_.push_back(std::move(deletes));
    }
  }
  std::sort(positions_.begin(), positions_.end());
  positions_.erase(std::unique(positions_.begin(), positions_.end()), positions_.end());
  std::set<int> ids;
  for (const auto& set : equality_) ids.insert(set->field_ids.begin(), set->field_ids.end());
  equality_field_ids_.assign(ids.begin(), ids.end());
}

void DeleteFilter::Filter(const DataChunk& chunk, size_t count, int64_t first_position,
                          const std::map<int, int>& column_of, SelectionVector* keep) const {
  keep->indexes.clear();
  auto pos_it = std::lower_bound(positions_.begin(), positions_.end(), first_position);
  std::string key;
  for (size_t i = 0; i < count; ++i) {
    int64_t position = first_position + static_cast<int64_t>(i);
    while (pos_it != positions_.end() && *pos_it < position) ++pos_it;
    if (pos_it != positions_.end() && *pos_it == position) continue;
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
