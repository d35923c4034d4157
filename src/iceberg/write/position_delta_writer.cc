#include "iceberg/write/position_delta_writer.h"

#include "common/ascii_case.h"
#include "iceberg/scan/delete_file_index.h"
#include "iceberg/uuid.h"
#include "iceberg/write/position_delete_writer.h"

namespace floe::iceberg {

PositionDeltaWriter::PositionDeltaWriter(FileIO& io, const TableMetadata& metadata, std::string folder,
                                         LocationRemapper remapper, DeleteFileCache& cache)
    : io_(io), metadata_(metadata), folder_(std::move(folder)), remapper_(std::move(remapper)), cache_(cache) {
  io_.CreateFolder(folder_);
  if (metadata_.format_version >= 3) {
    std::string local_path = folder_ + "/" + Uuid::Random() + "-deletes.puffin";
    vectors_.emplace(io_, local_path, remapper_.Unmap(local_path), cache_);
  } else {
    partition_granularity_ = ToLower(metadata_.Property("write.delete.granularity", "file")) == "partition";
  }
}

void PositionDeltaWriter::Keep() {
  keep_ = true;
  if (vectors_) vectors_->Keep();
}

PositionDeltaWriter::~PositionDeltaWriter() {
  if (!keep_ && !written_.empty()) floe::DeleteQuietly(io_, written_);
}

void PositionDeltaWriter::Add(const FileScanTask& task, std::vector<int64_t> positions, SnapshotChange* change) {
  if (vectors_) {
    ++files_;
    vectors_->Add(task, std::move(positions), change);
    return;
  }
  if (partition_granularity_) {
    // by spec and partition values (a NULL and the string 'null' are different partitions)
    std::string key = PartitionKey(task.data_file.spec_id, task.data_file.partition);
    auto& [files, like] = by_partition_[key];
    std::vector<int64_t>& to = files[task.data_file.file_path];
    to.insert(to.end(), positions.begin(), positions.end());
    like = task.data_file;
    return;
  }
  for (const auto& d : task.deletes) {
    const DataFile& earlier = d->file;
    if (earlier.content != FileContent::kPositionDeletes || earlier.IsDeletionVector() ||
        earlier.ReferencedDataFile() != task.data_file.file_path) {
      continue;  // only a file-scoped position delete file of this data file is taken in
    }
    auto loaded = cache_.Positions(*d);
    const DeletedPositions* old = loaded->For(task.data_file.file_path, task.local_path);
    if (!old) continue;  // it names no row of this file as the manifest names it: left alone
    old->AppendTo(&positions);
    change->removed_paths.push_back(earlier.file_path);
  }
  WriteFile({{task.data_file.file_path, std::move(positions)}}, task.data_file);
}

void PositionDeltaWriter::WriteFile(std::map<std::string, std::vector<int64_t>> positions, const DataFile& like) {
  std::string local_path = folder_ + "/" + Uuid::Random() + "-deletes.parquet";
  written_.push_back(local_path);
  ++files_;
  added_.push_back(
      WritePositionDeleteFile(io_, local_path, remapper_.Unmap(local_path), std::move(positions), like.spec_id,
                              like.partition));
}

std::vector<DataFile> PositionDeltaWriter::Finish() {
  if (vectors_) return vectors_->Finish();
  for (auto& [key, group] : by_partition_) WriteFile(std::move(group.first), group.second);
  by_partition_.clear();
  return added_;
}

}  // namespace floe::iceberg
