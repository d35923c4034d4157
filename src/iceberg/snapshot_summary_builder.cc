#include "iceberg/snapshot_summary_builder.h"

#include "common/exception.h"

namespace floe::iceberg {

static std::string PartitionKey(const DataFile& f) {
  std::string key = std::to_string(f.spec_id);
  for (const auto& v : f.partition) key += "/" + (v.is_null() ? std::string("\x01null") : v.ToString());
  return key;
}

void SnapshotSummaryBuilder::Count(const DataFile& f, Counts* c) {
  // a deletion vector counts its blob, not the Puffin file it shares (Java's
  // ScanTaskUtil.contentSizeInBytes), and as a DV rather than a position delete file
  c->files_size += f.IsDeletionVector() ? f.content_size_in_bytes.value_or(0) : f.file_size_in_bytes;
  switch (f.content) {
    case FileContent::kData:
      ++c->data_files;
      c->records += f.record_count;
      break;
    case FileContent::kPositionDeletes:
      ++c->delete_files;
      ++(f.IsDeletionVector() ? c->dvs : c->position_delete_files);
      c->position_deletes += f.record_count;
      break;
    case FileContent::kEqualityDeletes:
      ++c->delete_files;
      ++c->equality_delete_files;
      c->equality_deletes += f.record_count;
      break;
  }
}

void SnapshotSummaryBuilder::AddedFile(const DataFile& file) {
  Count(file, &added_);
  partitions_.insert(PartitionKey(file));
}

void SnapshotSummaryBuilder::RemovedFile(const DataFile& file) {
  Count(file, &removed_);
  partitions_.insert(PartitionKey(file));
}

static int64_t Total(const std::map<std::string, std::string>& parent, const char* key) {
  auto it = parent.find(key);
  if (it == parent.end()) return 0;
  try {
    return std::stoll(it->second);
  } catch (const std::exception&) {
    throw FormatError(std::string("snapshot summary has a non-numeric ") + key + " \"" + it->second + "\"");
  }
}

std::map<std::string, std::string> SnapshotSummaryBuilder::Build(
    const std::string& operation, const std::map<std::string, std::string>& parent) const {
  std::map<std::string, std::string> out = extra_;
  out["operation"] = operation;
  auto set_if = [&](const char* key, int64_t v) {
    if (v > 0) out[key] = std::to_string(v);
  };
  set_if("added-data-files", added_.data_files);
  set_if("deleted-data-files", removed_.data_files);
  set_if("added-delete-files", added_.delete_files);
  set_if("removed-delete-files", removed_.delete_files);
  set_if("added-position-delete-files", added_.position_delete_files);
  set_if("removed-position-delete-files", removed_.position_delete_files);
  set_if("added-dvs", added_.dvs);
  set_if("removed-dvs", removed_.dvs);
  set_if("added-equality-delete-files", added_.equality_delete_files);
  set_if("removed-equality-delete-files", removed_.equality_delete_files);
  set_if("added-records", added_.records);
  set_if("deleted-records", removed_.records);
  set_if("added-files-size", added_.files_size);
  set_if("removed-files-size", removed_.files_size);
  set_if("added-position-deletes", added_.position_deletes);
  set_if("removed-position-deletes", removed_.position_deletes);
  set_if("added-equality-deletes", added_.equality_deletes);
  set_if("removed-equality-deletes", removed_.equality_deletes);
  out["changed-partition-count"] = std::to_string(partitions_.size());
  auto total = [&](const char* key, int64_t added, int64_t removed) {
    out[key] = std::to_string(Total(parent, key) + added - removed);
  };
  total("total-records", added_.records, removed_.records);
  total("total-files-size", added_.files_size, removed_.files_size);
  total("total-data-files", added_.data_files, removed_.data_files);
  total("total-delete-files", added_.delete_files, removed_.delete_files);
  total("total-position-deletes", added_.position_deletes, removed_.position_deletes);
  total("total-equality-deletes", added_.equality_deletes, removed_.equality_deletes);
  return out;
}

}  // namespace floe::iceberg
