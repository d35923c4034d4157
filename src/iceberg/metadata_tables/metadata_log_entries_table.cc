// t.metadata_log_entries: the previous metadata files, then the current one, each with the
// snapshot current at its time, that snapshot's schema and sequence number.
#include "iceberg/metadata_tables/metadata_table.h"

namespace floe::iceberg {

MetadataTableRows MetadataLogEntriesTable(const MetadataTableSource& source) {
  const TableMetadata& m = source.metadata;
  MetadataTableRows b;
  b.Column("timestamp", TypeId::kTimestamp);
  b.Column("file", TypeId::kString);
  b.Column("latest_snapshot_id", TypeId::kInt64);
  b.Column("latest_schema_id", TypeId::kInt32);
  b.Column("latest_sequence_number", TypeId::kInt64);
  // Each file's latest snapshot is the one current at its time: the last entry of the
  // snapshot log at or before it (Iceberg's SnapshotUtil.snapshotIdAsOfTime), even for the
  // current file of a replaced table, whose metadata has no current snapshot.
  auto row = [&](int64_t timestamp_ms, const std::string& file) {
    const SnapshotLogEntry* latest = nullptr;
    for (const auto& entry : m.snapshot_log) {
      if (entry.timestamp_ms <= timestamp_ms) latest = &entry;
    }
    const Snapshot* snapshot = latest ? m.SnapshotById(latest->snapshot_id) : nullptr;
    b.Row({Value::Timestamp(timestamp_ms * 1000), Value::String(file),
           latest ? Value::Int64(latest->snapshot_id) : Value::Null(TypeId::kInt64),
           snapshot && snapshot->schema_id ? Value::Int32(*snapshot->schema_id) : Value::Null(TypeId::kInt32),
           snapshot ? Value::Int64(snapshot->sequence_number) : Value::Null(TypeId::kInt64)});
  };
  for (const auto& e : m.metadata_log) row(e.timestamp_ms, e.metadata_file);
  row(m.last_updated_ms, source.metadata_location);
  return b;
}

}  // namespace floe::iceberg
