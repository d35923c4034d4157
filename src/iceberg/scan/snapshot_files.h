#pragma once

#include <vector>

#include "iceberg/location_remapper.h"
#include "iceberg/manifests/manifest_entry.h"
#include "iceberg/manifests/manifest_file.h"
#include "iceberg/table_metadata.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Which manifest entries SnapshotFiles returns.
struct SnapshotFilesOptions {
  /// Returns the entries of data manifests.
  bool data = true;
  /// Returns the entries of delete manifests (position and equality delete files).
  bool deletes = false;
  /// Returns DELETED entries too (the `entries` metadata table), not only live ones.
  bool deleted_entries = false;
};

/// Returns the manifests of a snapshot: its manifest list, or the manifests a v1
/// snapshot lists inline (their partition_spec_id is -1: the manifest header names it).
std::vector<ManifestFile> SnapshotManifests(FileIO& io, const Snapshot& snapshot, const LocationRemapper& remapper);

/// Reads the entries of `manifests` in parallel, one vector per manifest; each data
/// file's spec_id is its manifest's. Paths stay as the metadata names them.
std::vector<std::vector<ManifestEntry>> ReadManifestEntries(FileIO& io, const std::vector<const ManifestFile*>& manifests,
                                                            const LocationRemapper& remapper, bool live_only = true);

/// Returns the files of one snapshot (nullptr: none), as `options` selects: the one way
/// INSERT OVERWRITE, DELETE, rewrite_data_files and the metadata tables list them.
std::vector<ManifestEntry> SnapshotFiles(FileIO& io, const Snapshot* snapshot, const LocationRemapper& remapper,
                                         SnapshotFilesOptions options = {});

}  // namespace floe::iceberg
