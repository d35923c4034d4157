#include "iceberg/scan/delete_file_cache.h"

#include "common/exception.h"
#include "iceberg/puffin/deletion_vector.h"
#include "iceberg/puffin/puffin_file.h"
#include "parquet/parquet_reader.h"

namespace floe::iceberg {

namespace {


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

void AppendNullKey(std::string* key) { *key += '\x01'; }

void AppendKey(const Vector& vector, size_t row, std::string* key) {
  if (vector.IsNull(row)) return AppendNullKey(key);
  *key += '\x02';
  TypeId id = vector.type().id();
  if (vector.type().HasStringStorage()) {
    const StringRef& s = vector.Data<StringRef>()[row];
    uint32_t size = s.size;
    key->append(reinterpret_cast<const char*>(&size), sizeof(size));
    key->append(s.data, s.size);
    return;
  }
  size_t width = PhysicalSize(id);
  key->append(reinterpret_cast<const char*>(vector.Data<uint8_t>()) + row * width, width);
}

const DeletedPositions* PositionDeletes::For(const std::string& path, const std::string& local_path) const {
  if (auto it = by_path.find(path); it != by_path.end()) return &it->second;
  if (auto it = by_local_path.find(local_path); it != by_local_path.end()) return &it->second;
  return nullptr;
}

std::shared_ptr<const PositionDeletes> DeleteFileCache::Positions(const DeleteFileRef& file) {
  // why: the deletion vectors of a commit share one Puffin file, each at its own offset
  std::string key = file.file.IsDeletionVector()
                        ? file.local_path + '\0' + std::to_string(file.file.content_offset.value_or(-1))
                        : file.local_path;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = positions_.find(key);
    if (it != positions_.end()) return it->second;
  }
  auto loaded = LoadPositions(file);  // outside the lock; a rare double load is harmless
  std::lock_guard<std::mutex> lock(mutex_);
  return positions_.emplace(key, std::move(loaded)).first->second;
}

std::shared_ptr<const EqualityDeletes> DeleteFileCache::Equality(const DeleteFileRef& file) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = equality_.find(file.local_path);
    if (it != equality_.end()) return it->second;
  }
  auto loaded = LoadEquality(file);
  std::lock_guard<std::mutex> lock(mutex_);
  return equality_.emplace(file.local_path, std::move(loaded)).first->second;
}

std::shared_ptr<const PositionDeletes> DeleteFileCache::LoadDeletionVector(const DeleteFileRef& file) const {
  const DataFile& dv = file.file;
  const std::string what = "deletion vector in " + file.local_path;
  if (!dv.referenced_data_file || !dv.content_offset || !dv.content_size_in_bytes) {
    throw FormatError(what + " lacks its referenced_data_file, content_offset or content_size_in_bytes");
  }
  auto input = io_.OpenForRead(file.local_path);
  std::string blob = PuffinReader::ReadBlob(*input, *dv.content_offset, *dv.content_size_in_bytes);
  auto out = std::make_shared<PositionDeletes>();
  // (kept as the bitmap: a scan expands the positions of the rows it reads)
  auto bitmap = std::make_shared<const RoaringPositionBitmap>(DeletionVector::Parse(
      std::move(blob), dv.record_count, what + " at offset " + std::to_string(*dv.content_offset)));
  // (by the path as written only: DeleteFileIndex matched the vector to its file by it)
  out->by_path.emplace(*dv.referenced_data_file, DeletedPositions(std::move(bitmap)));
  return out;
}

namespace {

// Refuses an encrypted delete file (format version 3 table encryption) before reading it.
void CheckUnencrypted(const DeleteFileRef& file) {
  if (file.file.key_metadata) {
    throw NotImplementedError("delete file " + file.file.file_path +
                              " is encrypted (its manifest entry has key_metadata); floe does not read encrypted tables");
  }
}

}  // namespace

std::shared_ptr<const PositionDeletes> DeleteFileCache::LoadPositions(const DeleteFileRef& file) const {
  CheckUnencrypted(file);
  if (file.file.IsDeletionVector()) return LoadDeletionVector(file);
  auto reader = ParquetReader::Open(io_, file.local_path);
  NameMapping by_name;
  int path_col = by_name.FindColumn(*reader, kDeleteFilePathFieldId, "file_path");
  int pos_col = by_name.FindColumn(*reader, kDeletePosFieldId, "pos");
  if (path_col < 0 || pos_col < 0) {
    throw FormatError("position delete file " + file.local_path + " lacks its file_path or pos column");
  }
  std::unordered_map<std::string, std::vector<int64_t>> by_path;
  std::vector<LogicalType> types = {TypeId::kString, TypeId::kInt64};
  ReadWholeFile(*reader, {path_col, pos_col}, &types, [&](const DataChunk& chunk) {
    const auto* paths = chunk.column(0).Data<StringRef>();
    const auto* pos = chunk.column(1).Data<int64_t>();
    std::vector<int64_t>* current = nullptr;
    std::string_view current_path;
    for (size_t i = 0; i < chunk.size(); ++i) {
      if (chunk.column(0).IsNull(i) || chunk.column(1).IsNull(i)) continue;
      if (!current || paths[i].view() != current_path) {
        current = &by_path[paths[i].str()];
        current_path = paths[i].view();
      }
      current->push_back(pos[i]);
    }
  });
  std::unordered_map<std::string, std::vector<int64_t>> by_local_path;
  for (const auto& [path, positions] : by_path) {
    auto& local = by_local_path[remapper_.Remap(path)];
    local.insert(local.end(), positions.begin(), positions.end());
  }
  auto out = std::make_shared<PositionDeletes>();
  for (auto& [path, positions] : by_path) out->by_path.emplace(path, DeletedPositions(std::move(positions)));
  for (auto& [path, positions] : by_local_path) {
    out->by_local_path.emplace(path, DeletedPositions(std::move(positions)));
  }
  return out;
}

std::shared_ptr<const EqualityDeletes> DeleteFileCache::LoadEquality(const DeleteFileRef& file) const {
  CheckUnencrypted(file);
  auto reader = ParquetReader::Open(io_, file.local_path);
  auto out = std::make_shared<EqualityDeletes>();
  std::vector<int> projection;
  std::vector<LogicalType> types;
  for (int id : file.file.equality_ids) {
    const NestedField* field = schema_.FindFieldById(id);
    int col = mapping_.FindColumn(*reader, id, field ? field->name() : "");
    if (col < 0) throw FormatError("equality delete file " + file.local_path + " lacks field " + std::to_string(id));
    out->field_ids.push_back(id);
    projection.push_back(col);
    types.push_back(field && field->type()->IsPrimitive() ? field->type()->ToLogicalType()
                                                          : reader->columns()[col].type);
  }
  ReadWholeFile(*reader, projection, &types, [&](const DataChunk& chunk) {
    for (size_t i = 0; i < chunk.size(); ++i) {
      std::string key;
      for (size_t c = 0; c < projection.size(); ++c) AppendKey(chunk.column(c), i, &key);
      out->keys.insert(std::move(key));
    }
  });
  return out;
}

}  // namespace floe::iceberg
