// CALL system.ancestors_of(table [, snapshot_id]): the snapshot (the current one by
// default) and its ancestors, newest first, with their commit times in milliseconds, as
// Iceberg 1.10's AncestorsOfProcedure (SnapshotUtil.ancestorIdsBetween).
#include <string>

#include "common/exception.h"
#include "iceberg/procedures/set_snapshot.h"

namespace floe::iceberg {

namespace {

class AncestorsOfCall final : public Procedure {
 public:
  std::string name() const override { return "ancestors_of"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true}, {"snapshot_id", TypeId::kInt64}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    const TableMetadata& m = *table->state().metadata;
    int64_t start = -1;  // (Java's default for a table without snapshots)
    if (args.Has("snapshot_id")) {
      start = args.Long("snapshot_id", name());
    } else if (const Snapshot* current = m.CurrentSnapshot()) {
      start = current->snapshot_id;
    }
    // SnapshotUtil.ancestorsOf: the first must exist
    if (!m.SnapshotById(start)) throw InvalidInputError("Cannot find snapshot: " + std::to_string(start));
    ProcedureResult result;
    result.names = {"snapshot_id", "timestamp"};
    result.types = {TypeId::kInt64, TypeId::kInt64};
    for (const Snapshot* s : AncestorsOf(m, start)) {
      result.rows.push_back({Value::Int64(s->snapshot_id), Value::Int64(s->timestamp_ms)});
    }
    return result;
  }
};

}  // namespace

const Procedure& AncestorsOfProcedure() {
  static const AncestorsOfCall procedure;
  return procedure;
}

}  // namespace floe::iceberg
