// t.snapshots: every snapshot of the table.
#include "iceberg/metadata_tables/metadata_table.h"

namespace floe::iceberg {

MetadataTableRows SnapshotsTable(const MetadataTableSource& source) {
  MetadataTableRows b;
  b.Column("committed_at", TypeId::kTimestamp);
  b.Column("snapshot_id", TypeId::kInt64);
  b.Column("parent_id", TypeId::kInt64);
  b.Column("operation", TypeId::kString);
  b.Column("manifest_list", TypeId::kString);
  // (a map, as Iceberg's SnapshotsTable: summary['added-records'])
  const LogicalType summary_type = LogicalType::Map(TypeId::kString, TypeId::kString);
  b.Column("summary", summary_type);
  for (const auto& s : source.metadata.snapshots) {
    std::vector<Value> keys, values;
    for (const auto& [k, v] : s.summary) {
      if (k == "operation") continue;  // its own column (SnapshotParser keeps it out of the map)
      keys.push_back(Value::String(k));
      values.push_back(Value::String(v));
    }
    b.Row({Value::Timestamp(s.timestamp_ms * 1000), Value::Int64(s.snapshot_id), OptionalLong(s.parent_snapshot_id),
           Value::String(s.operation()), Value::String(s.manifest_list), Value::Map(summary_type, keys, values)});
  }
  return b;
}

}  // namespace floe::iceberg
