#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "common/vector.h"
#include "iceberg/location_remapper.h"
#include "iceberg/scan/deleted_positions.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/scan/name_mapping.h"
#include "iceberg/schema.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// The rows one position delete file or deletion vector deletes: positions by data file
/// path, as written and as remapped.
struct PositionDeletes {
  std::unordered_map<std::string, DeletedPositions> by_path;
  std::unordered_map<std::string, DeletedPositions> by_local_path;

  /// Returns the positions of the data file its manifest names `path` (found by that
  /// name, else by its remapped `local_path`), or null when none are listed.
  const DeletedPositions* For(const std::string& path, const std::string& local_path) const;
};

/// The keys one equality delete file deletes, over its equality field ids.
struct EqualityDeletes {
  std::vector<int> field_ids;
  std::unordered_set<std::string> keys;
};

/// Delete files read once per scan and shared by the readers of every data file they
/// apply to (a partition's position delete file usually covers many data files).
/// Thread-safe.
class DeleteFileCache {
 public:
  /// Reads delete files through `io` (which must outlive the cache).
  DeleteFileCache(FileIO& io, const Schema& schema, LocationRemapper remapper, NameMapping mapping)
      : io_(io), schema_(schema), remapper_(std::move(remapper)), mapping_(std::move(mapping)) {}

  /// Returns the positions a position delete file or deletion vector lists; throws
  /// IOError or FormatError.
  std::shared_ptr<const PositionDeletes> Positions(const DeleteFileRef& file);
  /// Returns the keys an equality delete file lists; throws IOError or FormatError.
  std::shared_ptr<const EqualityDeletes> Equality(const DeleteFileRef& file);

  const LocationRemapper& remapper() const { return remapper_; }
  FileIO& io() const { return io_; }
  const NameMapping& mapping() const { return mapping_; }

 private:
  std::shared_ptr<const PositionDeletes> LoadPositions(const DeleteFileRef& file) const;
  std::shared_ptr<const PositionDeletes> LoadDeletionVector(const DeleteFileRef& file) const;
  std::shared_ptr<const EqualityDeletes> LoadEquality(const DeleteFileRef& file) const;

  FileIO& io_;
  const Schema& schema_;
  LocationRemapper remapper_;
  NameMapping mapping_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const PositionDeletes>> positions_;
  std::map<std::string, std::shared_ptr<const EqualityDeletes>> equality_;
};

/// Appends the key of row `row` of a vector to an equality delete key: a NULL marker, or
/// the value's bytes (vectors of one logical type give equal keys for equal values).
void AppendKey(const Vector& vector, size_t row, std::string* key);
/// Appends the key of a NULL (a column the data file lacks) to an equality delete key.
void AppendNullKey(std::string* key);

}  // namespace floe::iceberg
