#pragma once

#include <string>
#include <vector>

#include "iceberg/location_remapper.h"
#include "iceberg/table_metadata.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Every file a table's metadata references, by kind, as Iceberg's ReachableFileUtil and
/// Spark's DeleteReachableFiles action gather them: the files DROP TABLE ... PURGE deletes.
/// Paths stay as the metadata names them (not remapped).
struct ReachableFiles {
  /// Data and delete files live in any manifest of any snapshot.
  std::vector<std::string> content_files;
  /// The same, by content: data files, position delete files (deletion vectors' Puffin
  /// files included), equality delete files.
  std::vector<std::string> data_files;
  std::vector<std::string> position_delete_files;
  std::vector<std::string> equality_delete_files;
  /// The manifests of every snapshot.
  std::vector<std::string> manifests;
  /// The manifest list of every snapshot.
  std::vector<std::string> manifest_lists;
  /// Statistics and partition statistics files.
  std::vector<std::string> statistics_files;
  /// The current metadata file and the previous ones its metadata log names, followed
  /// through the oldest previous file that still exists.
  std::vector<std::string> metadata_files;
};

/// Gathers the files `metadata` (read from `metadata_location`) references. Throws when
/// a manifest list or manifest cannot be read; previous metadata files that are gone are
/// skipped, as Iceberg's ReachableFileUtil does.
ReachableFiles FindReachableFiles(FileIO& io, const TableMetadata& metadata, const std::string& metadata_location,
                                  const LocationRemapper& remapper);

}  // namespace floe::iceberg
