#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"
#include "iceberg/location_remapper.h"
#include "iceberg/manifests/manifest_entry.h"
#include "iceberg/table_metadata.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// What a metadata table describes: a table's metadata as read from `metadata_location`
/// and the snapshot the snapshot-based tables (files, entries, manifests, partitions)
/// list (nullptr: none).
struct MetadataTableSource {
  FileIO& io;
  const LocationRemapper& remapper;
  const TableMetadata& metadata;
  std::string metadata_location;
  const Snapshot* snapshot = nullptr;
};

/// The rows of a metadata table, with the columns Spark + Iceberg give it; the files
/// tables' maps, lists and structs are shown as text.
class MetadataTableRows {
 public:
  void Column(std::string name, LogicalType type);
  void Row(std::vector<Value> row) { rows_.push_back(std::move(row)); }

  const std::vector<std::string>& names() const { return names_; }
  const std::vector<LogicalType>& types() const { return types_; }
  const std::vector<std::vector<Value>>& rows() const { return rows_; }

 private:
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  std::vector<std::vector<Value>> rows_;
};

/// Returns true for the names of metadata tables (snapshots, files, ...), any case.
bool IsMetadataTableName(const std::string& name);

/// Builds metadata table `kind` (a lower-case name IsMetadataTableName accepts). The
/// tables that list every snapshot (snapshots, history, refs, metadata_log_entries,
/// all_*) refuse a snapshot other than the current one (time travel). Throws
/// NotImplementedError for a kind floe cannot build.
MetadataTableRows BuildMetadataTable(const std::string& kind, const MetadataTableSource& source);

// One builder per table, each in its own file.
MetadataTableRows SnapshotsTable(const MetadataTableSource& source);
MetadataTableRows HistoryTable(const MetadataTableSource& source);
/// files, data_files, delete_files and entries: `kind` says which.
MetadataTableRows FilesTable(const std::string& kind, const MetadataTableSource& source);
MetadataTableRows ManifestsTable(const MetadataTableSource& source, bool all_snapshots);
MetadataTableRows PartitionsTable(const MetadataTableSource& source);
MetadataTableRows MetadataLogEntriesTable(const MetadataTableSource& source);
MetadataTableRows RefsTable(const MetadataTableSource& source);

/// Shared by the builders: an optional long as a value, count maps as "{k -> v, ...}", and the
/// files of the source's snapshot with a partition column covering every spec's fields.
Value OptionalLong(const std::optional<int64_t>& v);
std::string CountMapText(const std::map<int, int64_t>& m);

/// The live files (and, with `deleted_entries`, the deleted ones) of the source's
/// snapshot, data and delete files, and their partition tuples shown over the fields of
/// every spec of the table ("{2024-01-01, NULL}"), by partition field id.
class SnapshotFileRows {
 public:
  SnapshotFileRows(const MetadataTableSource& source, bool deleted_entries);
  const std::vector<ManifestEntry>& entries() const { return entries_; }
  /// True when some spec of the table has partition fields.
  bool partitioned() const { return !partition_fields_.empty(); }
  std::string PartitionText(const DataFile& file) const;

 private:
  const TableMetadata& metadata_;
  std::vector<ManifestEntry> entries_;
  std::vector<int> partition_fields_;  // field ids, sorted
};

}  // namespace floe::iceberg
