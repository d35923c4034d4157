#include "iceberg/procedures/set_snapshot.h"

#include "common/date_time.h"
#include "iceberg/table_metadata_builder.h"
#include "iceberg/write/transaction.h"

namespace floe::iceberg {

std::vector<const Snapshot*> AncestorsOf(const TableMetadata& metadata, int64_t snapshot_id) {
  std::vector<const Snapshot*> out;
  for (const Snapshot* s = metadata.SnapshotById(snapshot_id); s != nullptr;
       s = s->parent_snapshot_id ? metadata.SnapshotById(*s->parent_snapshot_id) : nullptr) {
    out.push_back(s);
    if (out.size() > metadata.snapshots.size()) break;  // a cycle of parents: corrupt, stop
  }
  return out;
}

bool IsCurrentAncestor(const TableMetadata& metadata, int64_t snapshot_id) {
  const Snapshot* current = metadata.CurrentSnapshot();
  if (!current) return false;
  for (const Snapshot* s : AncestorsOf(metadata, current->snapshot_id)) {
    if (s->snapshot_id == snapshot_id) return true;
  }
  return false;
}

ProcedureResult PreviousAndCurrent(const SetSnapshotResult& moved) {
  ProcedureResult result;
  result.names = {"previous_snapshot_id", "current_snapshot_id"};
  result.types = {TypeId::kInt64, TypeId::kInt64};
  result.rows.push_back({moved.previous ? Value::Int64(*moved.previous) : Value::Null(TypeId::kInt64),
                         Value::Int64(moved.current)});
  return result;
}

SetSnapshotResult SetCurrentSnapshot(ProcedureTable& table, const std::function<int64_t(const TableMetadata&)>& choose) {
  SetSnapshotResult result;
  const TableState& read = table.state();
  if (const Snapshot* current = read.metadata->CurrentSnapshot()) result.previous = current->snapshot_id;
  Transaction txn(table.operations(), read);
  txn.UpdateMetadata([&](const TableMetadata& m, const std::string& file) -> std::optional<TableMetadata> {
    int64_t target = choose(m);
    result.current = target;
    if (m.CurrentSnapshot() && m.CurrentSnapshot()->snapshot_id == target) return std::nullopt;
    SnapshotRef ref;
    if (auto it = m.refs.find("main"); it != m.refs.end()) ref = it->second;
    ref.snapshot_id = target;
    ref.is_branch = true;
    TableMetadataBuilder builder(m, file);
    builder.SetRef("main", ref);
    return builder.Build(NowMillis());
  });
  txn.Commit();
  return result;
}

}  // namespace floe::iceberg
