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
/// tables' maps and lists (metrics, split offsets, equality ids) are shown as text.
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
/// files, data_files, delete_files, entries and all_data_files: `kind` says which.
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
/// snapshot, data and delete files, and their partition tuples as Iceberg's metadata
/// tables show them (Partitioning.partitionType): a struct of the partition fields of
/// every spec of the table, by field id, each typed as its transform's result on the
/// current schema; a field a file's spec lacks is NULL.
class SnapshotFileRows {
 public:
  SnapshotFileRows(const MetadataTableSource& source, bool deleted_entries);
  /// The data files any snapshot of the table reaches, each once (all_data_files: the
  /// live entries of every manifest the snapshots list, by file path).
  static SnapshotFileRows AllDataFiles(const MetadataTableSource& source);
  const std::vector<ManifestEntry>& entries() const { return entries_; }
  /// True when some spec of the table has partition fields (else tables have no
  /// partition column, as Iceberg's BaseFilesTable drops an empty struct).
  bool partitioned() const { return !partition_fields_.empty(); }
  /// Returns the struct type of the partition column.
  const LogicalType& partition_type() const { return partition_type_; }
  /// Returns a file's partition tuple as a value of partition_type(); throws FormatError
  /// naming the file when a value cannot have its field's type.
  Value Partition(const DataFile& file) const;

 private:
  SnapshotFileRows(const TableMetadata& metadata, std::vector<ManifestEntry> entries);

  const TableMetadata& metadata_;
  std::vector<ManifestEntry> entries_;
  std::vector<int> partition_fields_;  // field ids, sorted
  LogicalType partition_type_;
};

}  // namespace floe::iceberg
