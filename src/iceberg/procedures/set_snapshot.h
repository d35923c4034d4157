#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "iceberg/procedures/procedure.h"
#include "iceberg/table_metadata.h"

namespace floe::iceberg {

/// The main branch's head before and after a procedure moved it.
struct SetSnapshotResult {
  std::optional<int64_t> previous;
  int64_t current = 0;
};

/// Makes a snapshot the table's current one (the head of main) in one commit, as Iceberg's
/// SetSnapshotOperation through a SnapshotManager transaction: `choose` picks the snapshot
/// on the table as each attempt finds it (the first as the procedure read it, again after a
/// concurrent commit) and throws when there is none to pick; the snapshot log records when
/// it became current. `previous` is the head the procedure read.
SetSnapshotResult SetCurrentSnapshot(ProcedureTable& table, const std::function<int64_t(const TableMetadata&)>& choose);

/// The output rollback_to_snapshot, rollback_to_timestamp and set_current_snapshot share:
/// previous_snapshot_id (NULL for a table that had none), current_snapshot_id.
ProcedureResult PreviousAndCurrent(const SetSnapshotResult& moved);

/// Returns true when `snapshot_id` is the current snapshot or one of its ancestors
/// (Java's SnapshotUtil.isAncestorOf of the current snapshot).
bool IsCurrentAncestor(const TableMetadata& metadata, int64_t snapshot_id);

/// Returns the snapshots from `snapshot_id` back through its parents, newest first, while
/// they are in the metadata (an expired parent ends the walk).
std::vector<const Snapshot*> AncestorsOf(const TableMetadata& metadata, int64_t snapshot_id);

}  // namespace floe::iceberg
