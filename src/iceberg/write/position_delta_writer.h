#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "iceberg/location_remapper.h"
#include "iceberg/scan/delete_file_cache.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/table_metadata.h"
#include "iceberg/write/deletion_vector_writer.h"
#include "iceberg/write/snapshot_producer.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// The deletes of one merge-on-read commit (a DELETE, UPDATE or MERGE in write.<op>.mode =
/// merge-on-read), as Spark's position delta write with Iceberg 1.10 writes them:
/// - format v3: one deletion vector per data file, holding its earlier deletes too
///   (DeletionVectorWriter);
/// - format v2, write.delete.granularity = file (Spark's default): one position delete file
///   per data file, which takes in the file's earlier file-scoped position delete file and
///   replaces it (SparkBatchQueryScan.rewritableDeletes);
/// - format v2, = partition: one position delete file per partition.
/// Files go in `folder` (local paths), recorded as `remapper` unmaps them; everything
/// written is deleted unless Keep() is called after the commit.
class PositionDeltaWriter {
 public:
  PositionDeltaWriter(FileIO& io, const TableMetadata& metadata, std::string folder, LocationRemapper remapper,
                      DeleteFileCache& cache);
  ~PositionDeltaWriter();
  PositionDeltaWriter(const PositionDeltaWriter&) = delete;
  PositionDeltaWriter& operator=(const PositionDeltaWriter&) = delete;

  /// Deletes `positions` (any order) of `task`'s data file; what the new deletes replace
  /// goes into `change`.
  void Add(const FileScanTask& task, std::vector<int64_t> positions, SnapshotChange* change);
  /// Writes what is left to write and returns the delete files to add.
  std::vector<DataFile> Finish();
  /// Keeps the files (their commit succeeded).
  void Keep();
  /// The delete files (or vectors) written so far.
  int files() const { return files_; }

 private:
  void WriteFile(std::map<std::string, std::vector<int64_t>> positions, const DataFile& like);

  FileIO& io_;
  const TableMetadata& metadata_;
  std::string folder_;
  LocationRemapper remapper_;
  DeleteFileCache& cache_;
  bool partition_granularity_ = false;
  std::optional<DeletionVectorWriter> vectors_;  // deletes its Puffin file unless kept
  // partition granularity: the positions of each (spec, partition), by data file
  std::map<std::string, std::pair<std::map<std::string, std::vector<int64_t>>, DataFile>> by_partition_;
  std::vector<DataFile> added_;
  std::vector<std::string> written_;  // the position delete files' local paths
  int files_ = 0;
  bool keep_ = false;
};

}  // namespace floe::iceberg
