// CALL system.fast_forward(table, branch, to): moves `branch` to the head of the ref `to`
// when its head is an ancestor of it (creates `branch` there when it does not exist), as
// Iceberg 1.10's FastForwardBranchProcedure (manageSnapshots().fastForwardBranch).
#include <string>

#include "common/date_time.h"
#include "common/exception.h"
#include "iceberg/procedures/set_snapshot.h"
#include "iceberg/table_metadata_builder.h"
#include "iceberg/write/transaction.h"

namespace floe::iceberg {

namespace {

class FastForward final : public Procedure {
 public:
  std::string name() const override { return "fast_forward"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true}, {"branch", TypeId::kString, true}, {"to", TypeId::kString, true}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    std::string from = args.String("branch", name()), to = args.String("to", name());
    std::optional<int64_t> before;
    int64_t after = 0;
    // UpdateSnapshotReferencesOperation.replaceBranch(from, to, fastForward = true), applied
    // again to the refreshed table on a retry (SnapshotManager's transaction)
    Transaction txn(table->operations(), table->state());
    txn.UpdateMetadata([&](const TableMetadata& m, const std::string& file) -> std::optional<TableMetadata> {
      auto target = m.refs.find(to);
      if (target == m.refs.end()) throw InvalidInputError("Ref does not exist: " + to);
      after = target->second.snapshot_id;
      before.reset();  // the branch's head on the table this attempt moves it in
      if (auto it = m.refs.find(from); it != m.refs.end()) before = it->second.snapshot_id;
      SnapshotRef ref;
      if (auto branch = m.refs.find(from); branch != m.refs.end()) {
        if (!branch->second.is_branch) throw InvalidInputError("Ref " + from + " is a tag not a branch");
        if (branch->second.snapshot_id == after) return std::nullopt;  // nothing to replace
        bool ancestor = false;
        for (const Snapshot* s : AncestorsOf(m, after)) ancestor = ancestor || s->snapshot_id == branch->second.snapshot_id;
        if (!ancestor) throw InvalidInputError("Cannot fast-forward: " + from + " is not an ancestor of " + to);
        ref = branch->second;  // its retention settings stay
      }
      ref.snapshot_id = after;
      ref.is_branch = true;
      TableMetadataBuilder builder(m, file);
      builder.SetRef(from, ref);
      return builder.Build(NowMillis());
    });
    txn.Commit();
    ProcedureResult result;
    result.names = {"branch_updated", "previous_ref", "updated_ref"};
    result.types = {TypeId::kString, TypeId::kInt64, TypeId::kInt64};
    result.rows.push_back(
        {Value::String(from), before ? Value::Int64(*before) : Value::Null(TypeId::kInt64), Value::Int64(after)});
    return result;
  }
};

}  // namespace

const Procedure& FastForwardProcedure() {
  static const FastForward procedure;
  return procedure;
}

}  // namespace floe::iceberg
