// CALL system.rollback_to_timestamp(table, timestamp): makes the newest ancestor of the
// current snapshot committed strictly before `timestamp` the current one, as Iceberg
// 1.10's RollbackToTimestampProcedure (manageSnapshots().rollbackToTime(millis)).
#include <string>

#include "common/date_time.h"
#include "common/exception.h"
#include "iceberg/procedures/set_snapshot.h"

namespace floe::iceberg {

namespace {

class RollbackToTimestamp final : public Procedure {
 public:
  std::string name() const override { return "rollback_to_timestamp"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true}, {"timestamp", TypeId::kTimestamp, true}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    // ProcedureInput.asTimestampMillis: the micros floored to millis
    int64_t millis = FloorDiv(args.Long("timestamp", name()), 1000);
    SetSnapshotResult moved = SetCurrentSnapshot(*table, [&](const TableMetadata& m) {
      // SetSnapshotOperation.findLatestAncestorOlderThan
      const Snapshot* latest = nullptr;
      if (const Snapshot* current = m.CurrentSnapshot()) {
        for (const Snapshot* s : AncestorsOf(m, current->snapshot_id)) {
          if (s->timestamp_ms < millis && (!latest || s->timestamp_ms > latest->timestamp_ms)) latest = s;
        }
      }
      if (!latest) throw InvalidInputError("Cannot roll back, no valid snapshot older than: " + std::to_string(millis));
      return latest->snapshot_id;
    });
    return PreviousAndCurrent(moved);
  }
};

}  // namespace

const Procedure& RollbackToTimestampProcedure() {
  static const RollbackToTimestamp procedure;
  return procedure;
}

}  // namespace floe::iceberg
