#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "iceberg/partition_spec.h"
#include "iceberg/schema.h"
#include "iceberg/snapshot.h"
#include "iceberg/snapshot_ref.h"
#include "iceberg/sort_order.h"

namespace floe::iceberg {

/// An entry of the snapshot log: when a snapshot became current.
struct SnapshotLogEntry {
  int64_t timestamp_ms = 0;
  int64_t snapshot_id = 0;
  bool operator==(const SnapshotLogEntry& other) const = default;
};

/// An entry of the metadata log: a previous metadata file.
struct MetadataLogEntry {
  int64_t timestamp_ms = 0;
  std::string metadata_file;
  bool operator==(const MetadataLogEntry& other) const = default;
};

/// The table metadata file (spec "Table Metadata"): schemas, specs, sort orders,
/// properties, snapshots, refs and logs. Formats 1 to 3 are read; 2 and 3 are written.
struct TableMetadata {
  static constexpr int64_t kNoSnapshot = -1;

  int format_version = 2;
  std::string table_uuid;
  std::string location;
  int64_t last_sequence_number = 0;
  int64_t last_updated_ms = 0;
  int last_column_id = 0;
  std::vector<Schema> schemas;
  int current_schema_id = 0;
  std::vector<PartitionSpec> partition_specs;
  int default_spec_id = 0;
  int last_partition_id = PartitionSpec::kPartitionDataIdStart - 1;
  std::map<std::string, std::string> properties;
  int64_t current_snapshot_id = kNoSnapshot;
  std::vector<Snapshot> snapshots;
  std::vector<SnapshotLogEntry> snapshot_log;
  std::vector<MetadataLogEntry> metadata_log;
  std::vector<SortOrder> sort_orders;
  int default_sort_order_id = 0;
  std::map<std::string, SnapshotRef> refs;
  /// Kept as read so that rewriting the file does not drop them.
  nlohmann::json statistics = nlohmann::json::array();
  nlohmann::json partition_statistics = nlohmann::json::array();
  /// Row lineage (format version 3): the id the next row added gets.
  int64_t next_row_id = 0;
  /// The keys of an encrypted table (format version 3), kept as read; floe refuses to
  /// read the files they encrypt.
  nlohmann::json encryption_keys = nlohmann::json::array();

  /// Returns the current schema; throws FormatError when its id is not among the schemas.
  const Schema& CurrentSchema() const;
  /// Returns the schema with this id, or nullptr.
  const Schema* SchemaById(int schema_id) const;
  /// Returns the schema a read of `snapshot` uses, as Iceberg's SnapshotUtil.schemaFor: the
  /// snapshot's own schema when the read is pinned to it (time travel to a snapshot id or a
  /// timestamp, a tag), else the current schema (the current snapshot, a branch).
  const Schema& ReadSchema(const Snapshot* snapshot, bool pinned) const;
  /// Returns the default partition spec; throws FormatError when missing.
  const PartitionSpec& DefaultSpec() const;
  /// Returns the spec with this id, or nullptr.
  const PartitionSpec* SpecById(int spec_id) const;
  /// Returns the default sort order, or nullptr when missing.
  const SortOrder* DefaultSortOrder() const;
  /// Returns the current snapshot, or nullptr for a table without snapshots.
  const Snapshot* CurrentSnapshot() const;
  /// Returns the snapshot with this id, or nullptr.
  const Snapshot* SnapshotById(int64_t snapshot_id) const;
  /// Returns the snapshot a branch or tag points at, or nullptr.
  const Snapshot* SnapshotByRef(const std::string& name) const;
  /// Returns the snapshot current at a time (the last log entry at or before it), or nullptr.
  const Snapshot* SnapshotAsOfTime(int64_t timestamp_ms) const;
  /// Returns a property, or `fallback` when unset.
  std::string Property(const std::string& key, const std::string& fallback) const;

  /// Serializes as the spec's JSON (format version 2 layout).
  nlohmann::json ToJson() const;
  /// Returns ToJson() as text; throws InvalidInputError naming the value when a name,
  /// property or comment is not valid UTF-8 (JSON text must be).
  std::string ToJsonString() const;
  /// Throws InvalidInputError naming the first key or string of `json` that is not valid UTF-8.
  static void ValidateText(const nlohmann::json& json);
  /// Parses metadata JSON. Format version 4 and later throw NotImplementedError
  /// ("format version 4 is not supported"); malformed input throws FormatError.
  static TableMetadata FromJson(const nlohmann::json& json);
  /// Parses metadata text; `location` names the file in error messages.
  static TableMetadata Parse(const std::string& text, const std::string& location);

  bool operator==(const TableMetadata& other) const = default;
};

}  // namespace floe::iceberg
