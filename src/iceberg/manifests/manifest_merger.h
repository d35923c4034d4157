#pragma once

#include <functional>
#include <string>
#include <vector>

#include "iceberg/manifests/manifest_file.h"
#include "iceberg/table_metadata.h"

namespace floe::iceberg {

/// Merges a new snapshot's manifests as Iceberg Java's ManifestMergeManager does: per
/// partition spec, manifests are bin-packed by length (commit.manifest.target-size-bytes,
/// newest first); a bin of several manifests is rewritten as one, unless it holds the
/// snapshot's new manifest and has fewer than commit.manifest.min-count-to-merge
/// manifests. Rewritten entries become EXISTING, except the snapshot's own additions and
/// deletions; deletions by earlier snapshots are dropped.
class ManifestMerger {
 public:
  /// Returns the bytes of a manifest location.
  using FileReader = std::function<std::string(const std::string& location)>;
  /// Writes a new manifest's bytes to a location.
  using FileWriter = std::function<void(const std::string& location, const std::string& bytes)>;
  /// Returns a location for a new manifest.
  using LocationGenerator = std::function<std::string()>;

  /// Configures merging for the snapshot `snapshot_id` of the table `metadata` from the
  /// table properties (commit.manifest-merge.enabled, commit.manifest.min-count-to-merge,
  /// commit.manifest.target-size-bytes).
  ManifestMerger(const TableMetadata& metadata, int64_t snapshot_id, FileReader reader, FileWriter writer,
                 LocationGenerator new_location);

  /// Overrides the table properties.
  void SetOptions(bool enabled, int64_t min_count_to_merge, int64_t target_size_bytes);
  /// Returns the manifests of the new snapshot after merging; `manifests` lists the
  /// snapshot's new manifest(s) first, then the parent's. Delete manifests are kept as is.
  std::vector<ManifestFile> Merge(const std::vector<ManifestFile>& manifests);
  /// Returns how many manifests were rewritten by the last Merge.
  int merged_count() const { return merged_count_; }

 private:
  ManifestFile MergeBin(int spec_id, const std::vector<ManifestFile>& bin);

  const TableMetadata& metadata_;
  int64_t snapshot_id_;
  FileReader reader_;
  FileWriter writer_;
  LocationGenerator new_location_;
  bool enabled_ = true;
  int64_t min_count_to_merge_ = 100;
  int64_t target_size_bytes_ = 8 * 1024 * 1024;
  int merged_count_ = 0;
};

}  // namespace floe::iceberg
