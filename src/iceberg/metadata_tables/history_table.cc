// t.history: when each snapshot became current, and whether it is an ancestor of the
// current one.
#include <set>

#include "iceberg/metadata_tables/metadata_table.h"

namespace floe::iceberg {

MetadataTableRows HistoryTable(const MetadataTableSource& source) {
  const TableMetadata& m = source.metadata;
  MetadataTableRows b;
  b.Column("made_current_at", TypeId::kTimestamp);
  b.Column("snapshot_id", TypeId::kInt64);
  b.Column("parent_id", TypeId::kInt64);
  b.Column("is_current_ancestor", TypeId::kBoolean);
  std::set<int64_t> ancestors;
  for (const Snapshot* s = source.snapshot; s; s = s->parent_snapshot_id ? m.SnapshotById(*s->parent_snapshot_id) : nullptr) {
    ancestors.insert(s->snapshot_id);
  }
  for (const auto& log : m.snapshot_log) {
    const Snapshot* s = m.SnapshotById(log.snapshot_id);
    b.Row({Value::Timestamp(log.timestamp_ms * 1000), Value::Int64(log.snapshot_id),
           s ? OptionalLong(s->parent_snapshot_id) : Value::Null(TypeId::kInt64),
           Value::Boolean(ancestors.count(log.snapshot_id) > 0)});
  }
  return b;
}

}  // namespace floe::iceberg
