#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "iceberg/table_metadata.h"

namespace floe::iceberg {

/// Produces the next version of a table's metadata, as Iceberg Java's
/// TableMetadata.Builder: schemas, specs and sort orders are reused when an equal one
/// exists, snapshots get the next sequence number, refs and logs are kept up to date.
class TableMetadataBuilder {
 public:
  /// Starts the metadata of a new v2 table. Field ids of `schema` and `spec` are kept;
  /// the schema becomes id 0, the spec id 0 and a non-empty sort order id 1.
  static TableMetadataBuilder NewTable(const Schema& schema, const PartitionSpec& spec, const SortOrder& order,
                                       const std::string& location,
                                       const std::map<std::string, std::string>& properties);
  /// Starts the replacement of `base` (read from `base_metadata_file`) by a table with
  /// this schema, spec, order, location and properties, as Java's buildReplacement: same
  /// uuid, snapshots, branches and tags; columns keep the field ids of same-named columns
  /// of the current schema, new ones get fresh ids; properties are merged; the main
  /// branch is removed (no current snapshot, empty snapshot log) until the next commit.
  static TableMetadataBuilder Replacement(const TableMetadata& base, const std::string& base_metadata_file,
                                          const Schema& schema, const PartitionSpec& spec, const SortOrder& order,
                                          const std::string& location,
                                          const std::map<std::string, std::string>& properties);
  /// Starts an update of `base`, which was read from `base_metadata_file` ("" for none).
  TableMetadataBuilder(TableMetadata base, std::string base_metadata_file);

  /// Adds the schema unless an equal one exists, makes it current and returns its id.
  int SetCurrentSchema(const Schema& schema);
  /// Adds the spec unless one with the same fields exists (new specs get the next id),
  /// makes it the default and returns its id.
  int SetDefaultPartitionSpec(const PartitionSpec& spec);
  /// Adds the sort order unless an equal one exists, makes it the default, returns its id.
  int SetDefaultSortOrder(const SortOrder& order);
  /// Sets table properties. The reserved `format-version` is not stored: it upgrades the
  /// table (UpgradeFormatVersion).
  void SetProperties(const std::map<std::string, std::string>& updates);
  /// Upgrades the table to format version 2 or 3 (a v3 table starts its next-row-id at 0:
  /// its older snapshots have no row ids, spec Row Lineage). Throws InvalidInputError for a
  /// downgrade or a version that is not a number, NotImplementedError past 3.
  void UpgradeFormatVersion(const std::string& version);
  /// Removes table properties.
  void RemoveProperties(const std::vector<std::string>& keys);
  /// Sets the table location.
  void SetLocation(const std::string& location) { metadata_.location = location; }

  /// Returns the sequence number the next snapshot must carry.
  int64_t NextSequenceNumber() const { return metadata_.last_sequence_number + 1; }
  /// Adds a snapshot (its sequence number must be NextSequenceNumber()) and points the
  /// branch at it; the "main" branch is the current snapshot.
  void AddSnapshot(const Snapshot& snapshot, const std::string& branch = "main");
  /// Adds a snapshot no branch points at (Iceberg's stageOnly: a write-audit-publish write,
  /// published later by cherrypick_snapshot or publish_changes).
  void StageSnapshot(const Snapshot& snapshot);
  /// Points a branch or tag at an existing snapshot; throws InvalidInputError if unknown.
  void SetRef(const std::string& name, const SnapshotRef& ref);
  /// Removes a branch or tag; removing main leaves the table without a current snapshot.
  void RemoveRef(const std::string& name);
  /// Removes snapshots (Java's removeSnapshots), with their statistics files; the snapshot
  /// log loses every entry up to the last one that named a removed snapshot, so that it
  /// never shows an older snapshot current over a gap (Java's updateSnapshotLog).
  void RemoveSnapshots(const std::set<int64_t>& ids);
  /// Removes partition specs and schemas by id (Java's removeSpecs / removeSchemas); the
  /// default spec and the current schema cannot be removed.
  void RemoveSpecsAndSchemas(const std::set<int>& spec_ids, const std::set<int>& schema_ids);

  /// Returns the new metadata, stamped `now_ms`; the base file joins the metadata log,
  /// which keeps the newest write.metadata.previous-versions-max entries (default 100).
  TableMetadata Build(int64_t now_ms);

 private:
  // a snapshot log entry whose time is the commit's, filled in by Build
  static constexpr int64_t kPendingTimestamp = INT64_MIN;
  TableMetadata metadata_;
  std::string base_metadata_file_;
  int64_t base_last_updated_ms_ = 0;
};

}  // namespace floe::iceberg
