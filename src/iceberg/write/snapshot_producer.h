#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/value.h"
#include "iceberg/expressions/expression.h"
#include "iceberg/location_remapper.h"
#include "iceberg/manifests/data_file.h"
#include "iceberg/manifests/manifest_file.h"
#include "iceberg/table_metadata.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Partitions whose files a commit replaces, whatever files they hold when it commits
/// (Iceberg's ReplacePartitions): the live data files of `spec_id` with one of these
/// partition tuples, or every live data file when the spec is unpartitioned.
struct ReplacedPartitions {
  int spec_id = 0;
  bool unpartitioned = false;
  std::vector<std::vector<Value>> partitions;
};

/// What a commit changes: files added, files removed (by path), and the operation name.
struct SnapshotChange {
  std::string operation = "append";  // append, overwrite, delete, replace
  std::vector<DataFile> added;
  /// Files the operation read and removes; each must still be live when it commits.
  std::vector<std::string> removed_paths;
  /// Deletion vectors the operation replaces (a DELETE merging a file's old vector into
  /// a new one): by Puffin path and blob offset, since one Puffin file holds many.
  std::vector<std::pair<std::string, int64_t>> removed_deletion_vectors;
  /// Partitions replaced as they are when it commits (dynamic INSERT OVERWRITE).
  std::optional<ReplacedPartitions> replaced;
  /// A row filter (on the current schema's field ids) deleting rows as the table is when
  /// it commits, as Iceberg's DeleteFiles.deleteFromRowFilter (Spark's metadata-only
  /// DELETE): every live data file whose rows all match, by the strict projection of its
  /// partition or by its column metrics, is removed; one where some rows may match but
  /// not all cannot be, and is listed by SnapshotProducer::partly_matching_files().
  ExpressionPtr delete_filter;
  std::map<std::string, std::string> extra_summary;
  /// The branch the snapshot is committed to; its head is the parent (none for a new branch).
  std::string branch = "main";
  /// Manifests of the parent replaced by `added_manifests`, already written, which hold the
  /// same live files (Iceberg's RewriteManifests: each replaced manifest must still be in
  /// the branch's head, and the live file counts must match).
  std::vector<std::string> replaced_manifests;
  std::vector<ManifestFile> added_manifests;
  /// The data sequence number the added files carry (Iceberg's RewriteFiles
  /// dataSequenceNumber: a compaction's files keep the sequence number of the snapshot it
  /// read, so equality deletes committed meanwhile still apply to them); none: the new
  /// snapshot's.
  std::optional<int64_t> added_data_sequence_number;
  /// A data sequence number for one added file, by its path, over the one above (Java's
  /// RewriteFiles.addFile(file, dataSequenceNumber): each rewritten group of position
  /// delete files keeps its own highest).
  std::map<std::string, int64_t> added_file_sequence_numbers;
  /// Adds the snapshot without moving the branch (a write-audit-publish write, its summary
  /// carrying wap.id): readers of the branch do not see it until it is published.
  bool stage_only = false;
  /// False when `added` are files of another snapshot (a cherry-pick): a failed commit then
  /// leaves them, as they are that snapshot's.
  bool owns_added_files = true;
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

  /// Writes the new snapshot's manifests and manifest list and returns the new metadata
  /// (not yet written nor committed). A file of change.removed_paths no longer live in
  /// the branch's head is listed by missing_files(); the snapshot must not be committed then.
  TableMetadata Produce(const SnapshotChange& change, int64_t now_ms);

  /// Returns every manifest file this producer wrote (to clean up on failure).
  const std::vector<std::string>& written_files() const { return written_; }
  /// Returns the data files the snapshot removes, as the parent's manifests held them.
  const std::vector<DataFile>& removed_files() const { return removed_files_; }
  /// Returns the paths of change.removed_paths that the branch's head no longer holds
  /// (a concurrent commit removed them: Java's "Missing required files to delete").
  const std::vector<std::string>& missing_files() const { return missing_; }
  /// Returns the live data files that change.delete_filter may match only in part (Java's
  /// "Cannot delete file where some, but not all, rows match filter").
  const std::vector<std::string>& partly_matching_files() const { return partly_matching_; }

 private:
  FileIO& io_;
  const TableMetadata& base_;
  std::string base_file_;
  LocationRemapper remapper_;
  std::vector<std::string> written_;
  std::vector<DataFile> removed_files_;
  std::vector<std::string> missing_;
  std::vector<std::string> partly_matching_;
};

/// Returns a new random positive snapshot id.
int64_t NewSnapshotId();

}  // namespace floe::iceberg
