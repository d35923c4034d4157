#include "iceberg/scan/delete_filter.h"

#include <algorithm>
#include <set>

#include "common/exception.h"
#include "parquet/parquet_reader.h"

namespace floe::iceberg {

namespace {

constexpr int kDeleteFilePathId = 2147483546;
constexpr int kDeletePosId = 2147483545;

// Calls fn on every batch of the projected columns of a whole file.
template <typename Fn>
void ReadWholeFile(const ParquetReader& reader, const std::vector<int>& projection,
                   const std::vector<LogicalType>* read_types, Fn fn) {
  DataChunk chunk;
  for (int rg = 0; rg < reader.num_row_groups(); ++rg) {
    auto rows = reader.ReadRowGroup(rg, projection, {}, nullptr, read_types);
    while (rows->Next(chunk)) fn(chunk);
  }
}

}  // namespace

void AppendKey(const Value& value, std::string* key) {
  if (value.is_null()) {
    *key += '\x01';
  } else {
    *key += '\x02';
    *key += value.ToString();
  }
  *key += '\x1f';
}

DeleteFilter::DeleteFilter(const FileScanTask& task, const Schema& schema, const LocationRemapper& remapper,
                           const NameMapping& mapping) {
  for (const auto& d : task.deletes) {
    if (d->file.content == FileContent::kPositionDeletes) {
      LoadPositions(*d, task, remapper);
    } else {
      LoadEquality(*d, schema, mapping);
    }
  }
  std::sort(positions_.begin(), positions_.end());
  positions_.erase(std::unique(positions_.begin(), positions_.end()), positions_.end());
  std::set<int> ids;
  for (const auto& set : equality_) ids.insert(set.field_ids.begin(), set.field_ids.end());
  equality_field_ids_.assign(ids.begin(), ids.end());
}

void DeleteFilter::LoadPositions(const DeleteFileRef& file, const FileScanTask& task,
                                 const LocationRemapper& remapper) {
  auto reader = ParquetReader::Open(file.local_path);
  NameMapping by_name;
  int path_col = by_name.FindColumn(*reader, kDeleteFilePathId, "file_path");
  int pos_col = by_name.FindColumn(*reader, kDeletePosId, "pos");
  if (path_col < 0 || pos_col < 0) {
    throw FormatError("position delete file " + file.local_path + " lacks its file_path or pos column");
  }
  std::vector<LogicalType> types = {TypeId::kString, TypeId::kInt64};
  ReadWholeFile(*reader, {path_col, pos_col}, &types, [&](const DataChunk& chunk) {
    const auto* paths = chunk.column(0).Data<StringRef>();
    const auto* pos = chunk.column(1).Data<int64_t>();
    for (size_t i = 0; i < chunk.size(); ++i) {
      if (chunk.column(0).IsNull(i) || chunk.column(1).IsNull(i)) continue;
      std::string path = paths[i].str();
      if (path == task.data_file.file_path || remapper.Remap(path) == task.local_path) positions_.push_back(pos[i]);
    }
  });
}

void DeleteFilter::LoadEquality(const DeleteFileRef& file, const Schema& schema, const NameMapping& mapping) {
  auto reader = ParquetReader::Open(file.local_path);
  EqualitySet set;
  std::vector<int> projection;
  std::vector<LogicalType> types;
  for (int id : file.file.equality_ids) {
    const NestedField* field = schema.FindFieldById(id);
    int col = mapping.FindColumn(*reader, id, field ? field->name() : "");
    if (col < 0) throw FormatError("equality delete file " + file.local_path + " lacks field " + std::to_string(id));
    set.field_ids.push_back(id);
    projection.push_back(col);
    types.push_back(field && field->type()->IsPrimitive() ? field->type()->ToLogicalType()
                                                          : reader->columns()[col].type);
  }
  ReadWholeFile(*reader, projection, &types, [&](const DataChunk& chunk) {
    for (size_t i = 0; i < chunk.size(); ++i) {
      std::string key;
      for (size_t c = 0; c < projection.size(); ++c) AppendKey(chunk.column(c).GetValue(i), &key);
      set.keys.insert(std::move(key));
    }
  });
  for (auto& existing : equality_) {
    if (existing.field_ids == set.field_ids) {
      existing.keys.merge(set.keys);
      return;
    }
  }
  equality_.push_back(std::move(set));
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
      for (int id : set.field_ids) {
        auto it = column_of.find(id);
        int col = it == column_of.end() ? -1 : it->second;
        AppendKey(col < 0 ? Value() : chunk.column(col).GetValue(i), &key);
      }
      if (set.keys.count(key)) {
        deleted = true;
        break;
      }
    }
    if (!deleted) keep->indexes.push_back(static_cast<uint32_t>(i));
  }
}

}  // namespace floe::iceberg
