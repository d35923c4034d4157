// t.metadata_log_entries: the previous metadata files, then the current one with its
// snapshot, schema and sequence number.
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
  for (const auto& e : m.metadata_log) {
    b.Row({Value::Timestamp(e.timestamp_ms * 1000), Value::String(e.metadata_file), Value::Null(TypeId::kInt64),
           Value::Null(TypeId::kInt32), Value::Null(TypeId::kInt64)});
  }
  b.Row({Value::Timestamp(m.last_updated_ms * 1000), Value::String(source.metadata_location),
         source.snapshot ? Value::Int64(source.snapshot->snapshot_id) : Value::Null(TypeId::kInt64),
         Value::Int32(m.current_schema_id), Value::Int64(m.last_sequence_number)});
  return b;
}

}  // namespace floe::iceberg
