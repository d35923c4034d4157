#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "iceberg/write/conflict_validation.h"
#include "iceberg/write/snapshot_producer.h"
#include "iceberg/write/table_operations.h"

namespace floe::iceberg {

/// One commit to one table, as Iceberg's Transaction: the changes of a statement
/// (metadata updates and snapshots, applied in order), what it read, and the commit
/// itself. Commit() applies the changes to the table as the catalog holds it, validates
/// them against what other writers committed since the statement read it, writes one
/// new metadata file and swaps the catalog's pointer once; when another commit won the
/// swap, it starts over from the table as it is now, after a jittered backoff, as often
/// as the table's commit.retry.* properties allow. A failed commit leaves the table as
/// it was and deletes every file the statement wrote for it.
class Transaction {
 public:
  /// Changes the metadata: `update` gets the metadata as changed so far and the metadata
  /// file it comes from (for the metadata log; "" when an earlier change of this
  /// transaction logged it) and returns the new metadata, or nothing for no change. It is
  /// called again on every attempt, so it decides on the table as it then is.
  using MetadataUpdate =
      std::function<std::optional<TableMetadata>(const TableMetadata& metadata, const std::string& metadata_file)>;

  /// A transaction on an existing table, as the statement read it: validations look for
  /// commits made since `read`.
  Transaction(TableOperations& ops, TableState read);
  /// A transaction that creates a table with `metadata` (CREATE TABLE, CTAS); its
  /// commit fails when the name is taken meanwhile.
  static Transaction CreateTable(TableOperations& ops, TableMetadata metadata);

  Transaction& UpdateMetadata(MetadataUpdate update);
  /// Adds a snapshot with `change`, checked with `validation`; the data files it adds
  /// belong to the transaction (deleted when the commit fails).
  Transaction& AddSnapshot(SnapshotChange change, ConflictValidation validation = {});
  /// Fails the commit when the table changed at all since it was read (`what`, as
  /// "replaced", names the operation in the error).
  Transaction& RequireUnchanged(std::string what);

  /// Commits; returns the table as committed (the state as refreshed when nothing
  /// changed). Throws CatalogError ([CONCURRENT_MODIFICATION]) on a conflict or when the
  /// retries are spent, and whatever a change throws.
  TableState Commit();

  /// The number of swaps attempted by Commit().
  int attempts() const { return attempts_; }

 private:
  struct Step {
    MetadataUpdate update;                   // a metadata change, or
    std::optional<SnapshotChange> snapshot;  // a snapshot
    ConflictValidation validation;
  };

  /// One attempt on `base`: applies the steps, writes the metadata file and swaps.
  /// Returns the state committed, or nothing when the swap lost; `written` gets the
  /// files it wrote.
  std::optional<TableState> Attempt(const TableState& base, std::vector<std::string>* written, bool* changed);
  void DiscardAddedFiles();
  void DeleteRemovedMetadataFiles(const TableState& base, const TableState& committed);

  TableOperations& ops_;
  TableState read_;
  bool create_ = false;
  std::string require_unchanged_;
  std::vector<Step> steps_;
  int attempts_ = 0;
};

/// Returns the head of `branch` in `metadata`: its ref's snapshot, or the current snapshot
/// when it has no ref (main, or a branch its first commit creates from main's head, as Java's
/// SnapshotUtil.latestSnapshot); nullptr for a tag or a table without snapshots.
const Snapshot* BranchHead(const TableMetadata& metadata, const std::string& branch);

}  // namespace floe::iceberg
