#pragma once

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "iceberg/location_remapper.h"
#include "iceberg/manifests/manifest_entry.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/table_metadata.h"

namespace floe::iceberg {

/// The live delete files of a snapshot, indexed by spec and partition, answering which of
/// them apply to a data file (spec "Scan Planning", Java's DeleteFileIndex).
class DeleteFileIndex {
 public:
  /// Indexes delete entries (paths as written); `remapper` gives their local paths and
  /// `schema` the types of equality delete bounds.
  DeleteFileIndex(const TableMetadata& metadata, const Schema& schema, const std::vector<ManifestEntry>& entries,
                  const LocationRemapper& remapper);

  /// Returns the delete files that apply to a data file of `spec_id` with this sequence number.
  std::vector<std::shared_ptr<const DeleteFileRef>> ForDataFile(int64_t data_sequence_number,
                                                               const DataFile& file) const;
  /// Returns the number of delete files indexed.
  size_t size() const { return size_; }

 private:
  struct Bucket {
    std::vector<std::shared_ptr<const DeleteFileRef>> position;
    std::vector<std::shared_ptr<const DeleteFileRef>> equality;
  };

  /// Returns false when the equality delete file's bounds prove it matches no row of `file`.
  bool MayMatch(const DeleteFileRef& deletes, const DataFile& file) const;

  const Schema& schema_;
  std::map<std::string, Bucket> by_partition_;  // key: spec id + partition tuple
  Bucket global_;                               // deletes of unpartitioned specs
  /// Deletion vectors by their data file's path (as written).
  std::unordered_map<std::string, std::shared_ptr<const DeleteFileRef>> dv_by_path_;
  size_t size_ = 0;
};

/// Returns a key that is equal for two files exactly when their spec and partition are.
std::string PartitionKey(int spec_id, const std::vector<Value>& partition);

}  // namespace floe::iceberg
