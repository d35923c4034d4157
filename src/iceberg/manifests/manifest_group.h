#pragma once

#include <functional>
#include <string>
#include <vector>

#include "iceberg/location_remapper.h"
#include "iceberg/manifests/manifest_entry.h"
#include "iceberg/manifests/manifest_file.h"
#include "iceberg/table_metadata.h"

namespace floe::iceberg {

/// The live files of one snapshot: reads its manifest list and manifests, remapping every
/// location read from metadata (manifest list, manifests, data and delete files) with the
/// table's LocationRemapper. The start of scan planning; pruning comes on top.
class ManifestGroup {
 public:
  /// Returns the bytes of a (remapped) location; the default reads local files.
  using FileReader = std::function<std::string(const std::string& location)>;

  ManifestGroup(const TableMetadata& metadata, const Snapshot& snapshot, LocationRemapper remapper = {},
                FileReader reader = {});

  /// Returns the snapshot's manifests, paths remapped.
  const std::vector<ManifestFile>& manifests();
  /// Returns the live data file entries (status ADDED or EXISTING), paths remapped.
  std::vector<ManifestEntry> DataEntries();
  /// Returns the live delete file entries (position and equality deletes), paths remapped.
  std::vector<ManifestEntry> DeleteEntries();

 private:
  std::vector<ManifestEntry> LiveEntries(ManifestContent content);

  const TableMetadata& metadata_;
  Snapshot snapshot_;
  LocationRemapper remapper_;
  FileReader reader_;
  std::vector<ManifestFile> manifests_;
  bool loaded_ = false;
};

}  // namespace floe::iceberg
