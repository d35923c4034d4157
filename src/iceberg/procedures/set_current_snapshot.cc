// CALL system.set_current_snapshot(table, snapshot_id | ref): makes any snapshot of the
// table (an ancestor or not, such as a staged write-audit-publish one) or the head of a
// branch or tag the current one, as Iceberg 1.10's SetCurrentSnapshotProcedure.
#include <string>

#include "common/exception.h"
#include "iceberg/procedures/set_snapshot.h"

namespace floe::iceberg {

namespace {

class SetCurrentSnapshotCall final : public Procedure {
 public:
  std::string name() const override { return "set_current_snapshot"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true}, {"snapshot_id", TypeId::kInt64}, {"ref", TypeId::kString}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    bool by_id = args.Has("snapshot_id"), by_ref = args.Has("ref");
    if (by_id == by_ref) throw InvalidInputError("Either snapshot_id or ref must be provided, not both");
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    std::optional<int64_t> target;
    if (by_id) {
      target = args.Long("snapshot_id", name());
    } else {
      // the ref's head as the procedure read the table (toSnapshotId before the commit)
      std::string ref = args.String("ref", name());
      const auto& refs = table->state().metadata->refs;
      auto it = refs.find(ref);
      if (it == refs.end()) throw InvalidInputError("Cannot find matching snapshot ID for ref " + ref);
      target = it->second.snapshot_id;
    }
    SetSnapshotResult moved = SetCurrentSnapshot(*table, [&](const TableMetadata& m) {
      if (!m.SnapshotById(*target)) {
        throw InvalidInputError("Cannot roll back to unknown snapshot id: " + std::to_string(*target));
      }
      return *target;
    });
    return PreviousAndCurrent(moved);
  }
};

}  // namespace

const Procedure& SetCurrentSnapshotProcedure() {
  static const SetCurrentSnapshotCall procedure;
  return procedure;
}

}  // namespace floe::iceberg
