// CALL system.rollback_to_snapshot(table, snapshot_id): makes an ancestor of the current
// snapshot the current one again, as Iceberg 1.10's RollbackToSnapshotProcedure
// (manageSnapshots().rollbackTo(id)); returns the previous and the new current snapshot.
#include <string>

#include "common/exception.h"
#include "iceberg/procedures/set_snapshot.h"

namespace floe::iceberg {

namespace {

class RollbackToSnapshot final : public Procedure {
 public:
  std::string name() const override { return "rollback_to_snapshot"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true}, {"snapshot_id", TypeId::kInt64, true}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    int64_t snapshot_id = args.Long("snapshot_id", name());
    // SetSnapshotOperation.rollbackTo, checked again on each attempt
    SetSnapshotResult moved = SetCurrentSnapshot(*table, [&](const TableMetadata& m) {
      if (!m.SnapshotById(snapshot_id)) {
        throw InvalidInputError("Cannot roll back to unknown snapshot id: " + std::to_string(snapshot_id));
      }
      if (!IsCurrentAncestor(m, snapshot_id)) {
        throw InvalidInputError("Cannot roll back to snapshot, not an ancestor of the current state: " +
                                std::to_string(snapshot_id));
      }
      return snapshot_id;
    });
    return PreviousAndCurrent(moved);
  }
};

}  // namespace

const Procedure& RollbackToSnapshotProcedure() {
  static const RollbackToSnapshot procedure;
  return procedure;
}

}  // namespace floe::iceberg
