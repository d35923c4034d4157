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
  b.Column("summary", TypeId::kString);
  for (const auto& s : source.metadata.snapshots) {
    b.Row({Value::Timestamp(s.timestamp_ms * 1000), Value::Int64(s.snapshot_id), OptionalLong(s.parent_snapshot_id),
           Value::String(s.operation()), Value::String(s.manifest_list), Value::String(MapText(s.summary))});
  }
  return b;
}

}  // namespace floe::iceberg
