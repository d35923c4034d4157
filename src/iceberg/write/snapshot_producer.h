#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "iceberg/location_remapper.h"
#include "iceberg/manifests/data_file.h"
#include "iceberg/table_metadata.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// What a commit changes: files added, files removed (by path), and the operation name.
struct SnapshotChange {
  std::string operation = "append";  // append, overwrite, delete, replace
  std::vector<DataFile> added;
  std::vector<std::string> removed_paths;
  std::map<std::string, std::string> extra_summary;
  /// The branch the snapshot is committed to; its head is the parent (none for a new branch).
  std::string branch = "main";
};

/// Writes the manifests, the manifest list and the metadata file of a new snapshot, as
/// Iceberg Java's SnapshotProducer does: new files in new manifests (one per spec),
/// untouched manifests carried over, manifests holding removed files rewritten with
/// those entries marked DELETED, small manifests merged once there are
/// commit.manifest.min-count-to-merge of them.
class SnapshotProducer {
 public:
  /// `base` is the table as read from `base_file`; `remapper` maps metadata paths to the
  /// storage paths `io` reads and writes (which must outlive the producer).
  SnapshotProducer(FileIO& io, const TableMetadata& base, std::string base_file, LocationRemapper remapper);

  /// Writes the new snapshot's files and returns the new metadata (not yet committed)
  /// and the location of its metadata file, which is written too.
  std::pair<TableMetadata, std::string> Produce(const SnapshotChange& change, int64_t now_ms);

  /// Returns every metadata/manifest file this producer wrote (to clean up on failure).
  const std::vector<std::string>& written_files() const { return written_; }

 private:
  FileIO& io_;
  const TableMetadata& base_;
  std::string base_file_;
  LocationRemapper remapper_;
  std::vector<std::string> written_;
};

/// Returns the path of the next metadata file of a table ("<location>/metadata/00003-<uuid>.metadata.json").
std::string NextMetadataPath(const std::string& table_location, const std::string& base_file);

/// Writes metadata JSON to a new file through `io`.
void WriteMetadataFile(FileIO& io, const TableMetadata& metadata, const std::string& path);

/// Returns a new random positive snapshot id.
int64_t NewSnapshotId();

}  // namespace floe::iceberg
