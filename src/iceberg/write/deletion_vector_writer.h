#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "iceberg/manifests/data_file.h"
#include "iceberg/puffin/puffin_file.h"
#include "iceberg/scan/delete_file_cache.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/write/snapshot_producer.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Writes the deletion vectors of one commit into one Puffin file (spec "Deletion
/// Vectors", Java's BaseDVFileWriter as Spark's position delta write uses it): a data file
/// gets one vector holding the positions deleted now and those it already had (its old
/// vector, its position delete files), which replaces its old vector; a file-scoped
/// position delete file naming only it goes too. Nothing is created until the first
/// vector; the file is deleted unless Finish()ed and Keep() called.
class DeletionVectorWriter {
 public:
  /// Writes to `local_path` through `io`, recorded as `path`; earlier deletes are read
  /// through `cache`.
  DeletionVectorWriter(FileIO& io, std::string local_path, std::string path, DeleteFileCache& cache);
  ~DeletionVectorWriter();
  DeletionVectorWriter(const DeletionVectorWriter&) = delete;
  DeletionVectorWriter& operator=(const DeletionVectorWriter&) = delete;

  /// Adds the vector of `task`'s data file: `positions` (any order, duplicates allowed)
  /// with the file's earlier deletes; what it replaces goes into `change`.
  void Add(const FileScanTask& task, std::vector<int64_t> positions, SnapshotChange* change);
  /// Closes the Puffin file and returns its vectors as delete files to add.
  std::vector<DataFile> Finish();
  /// Keeps the file (its commit succeeded).
  void Keep() { keep_ = true; }

 private:
  FileIO& io_;
  std::string local_path_;
  std::string path_;
  DeleteFileCache& cache_;
  std::unique_ptr<OutputFile> out_;
  std::optional<PuffinWriter> puffin_;
  std::vector<DataFile> added_;
  bool keep_ = false;
};

}  // namespace floe::iceberg
