#include "iceberg/write/deletion_vector_writer.h"

#include <algorithm>

#include "iceberg/puffin/deletion_vector.h"

namespace floe::iceberg {

DeletionVectorWriter::DeletionVectorWriter(FileIO& io, std::string local_path, std::string path,
                                           DeleteFileCache& cache)
    : io_(io), local_path_(std::move(local_path)), path_(std::move(path)), cache_(cache) {}

DeletionVectorWriter::~DeletionVectorWriter() {
  if (keep_ || !out_) return;
  puffin_.reset();
  out_.reset();
  floe::DeleteQuietly(io_, {local_path_});
}

void DeletionVectorWriter::Add(const FileScanTask& task, std::vector<int64_t> positions, SnapshotChange* change) {
  // The rows already deleted stay deleted: a file's vector replaces its old vector and
  // its position delete files (DeleteFileIndex reads only the vector once there is one).
  for (const auto& d : task.deletes) {
    if (d->file.content != FileContent::kPositionDeletes) continue;
    auto earlier = cache_.Positions(*d);
    if (const DeletedPositions* old = earlier->For(task.data_file.file_path, task.local_path)) {
      old->AppendTo(&positions);
    }
    if (d->file.IsDeletionVector()) {
      change->removed_deletion_vectors.emplace_back(d->file.file_path, d->file.content_offset.value_or(-1));
    } else if (d->file.ReferencedDataFile() == task.data_file.file_path) {
      // a file-scoped position delete file (it names only this file) goes with it, as
      // Java's position delta write removes it; one naming other files too stays
      change->removed_paths.push_back(d->file.file_path);
    }
  }
  std::sort(positions.begin(), positions.end());
  positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
  if (!puffin_) {
    out_ = io_.Create(local_path_);
    puffin_.emplace(*out_);
  }
  BlobMetadata blob;
  blob.type = DeletionVector::kBlobType;
  blob.fields = {DeletionVector::kPositionFieldId};
  blob.properties = {{DeletionVector::kReferencedDataFile, task.data_file.file_path},
                     {DeletionVector::kCardinality, std::to_string(positions.size())}};
  const BlobMetadata& written = puffin_->Add(std::move(blob), DeletionVector::Serialize(positions));
  DataFile dv;
  dv.content = FileContent::kPositionDeletes;
  dv.file_path = path_;
  dv.file_format = kPuffinFormat;
  dv.partition = task.data_file.partition;
  dv.spec_id = task.data_file.spec_id;
  dv.record_count = static_cast<int64_t>(positions.size());
  dv.referenced_data_file = task.data_file.file_path;
  dv.content_offset = written.offset;
  dv.content_size_in_bytes = written.length;
  added_.push_back(std::move(dv));
}

std::vector<DataFile> DeletionVectorWriter::Finish() {
  if (!puffin_) return {};
  puffin_->Finish();
  for (auto& dv : added_) dv.file_size_in_bytes = puffin_->file_size();
  return added_;
}

}  // namespace floe::iceberg
