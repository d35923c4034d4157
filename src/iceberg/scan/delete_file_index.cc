#include "iceberg/scan/delete_file_index.h"

namespace floe::iceberg {

namespace {

// The reserved field id of a position delete file's file_path column.
constexpr int kDeleteFilePathId = 2147483546;

// Returns false when the delete file's file_path bounds exclude the data file's path.
bool MayReferTo(const DeleteFileRef& d, const std::string& path) {
  auto lower = d.file.lower_bounds.find(kDeleteFilePathId);
  auto upper = d.file.upper_bounds.find(kDeleteFilePathId);
  if (lower != d.file.lower_bounds.end() && path < lower->second) return false;
  if (upper != d.file.upper_bounds.end() && path > upper->second) return false;
  return true;
}

}  // namespace

std::string PartitionKey(int spec_id, const std::vector<Value>& partition) {
  std::string key = std::to_string(spec_id);
  for (const auto& v : partition) {
    key += '\x1f';
    key += v.is_null() ? std::string("\x01") : v.ToString();
  }
  return key;
}

DeleteFileIndex::DeleteFileIndex(const TableMetadata& metadata, const std::vector<ManifestEntry>& entries,
                                 const LocationRemapper& remapper) {
  for (const auto& e : entries) {
    auto ref = std::make_shared<DeleteFileRef>();
    ref->file = e.data_file;
    ref->local_path = remapper.Remap(e.data_file.file_path);
    ref->data_sequence_number = e.sequence_number.value_or(0);
    const PartitionSpec* spec = metadata.SpecById(e.data_file.spec_id);
    bool global = !spec || spec->IsUnpartitioned();
    Bucket& bucket = global ? global_ : by_partition_[PartitionKey(e.data_file.spec_id, e.data_file.partition)];
    if (e.data_file.content == FileContent::kPositionDeletes) {
      bucket.position.push_back(std::move(ref));
    } else {
      bucket.equality.push_back(std::move(ref));
    }
    ++size_;
  }
}

std::vector<std::shared_ptr<const DeleteFileRef>> DeleteFileIndex::ForDataFile(int64_t data_sequence_number,
                                                                              const DataFile& file) const {
  std::vector<std::shared_ptr<const DeleteFileRef>> out;
  auto add = [&](const Bucket& bucket) {
    for (const auto& d : bucket.position) {
      if (d->data_sequence_number >= data_sequence_number && MayReferTo(*d, file.file_path)) out.push_back(d);
    }
    for (const auto& d : bucket.equality) {
      if (d->data_sequence_number > data_sequence_number) out.push_back(d);
    }
  };
  add(global_);
  auto it = by_partition_.find(PartitionKey(file.spec_id, file.partition));
  if (it != by_partition_.end()) add(it->second);
  return out;
}

}  // namespace floe::iceberg
