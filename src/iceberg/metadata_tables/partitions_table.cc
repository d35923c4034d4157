// t.partitions: per partition of a snapshot, its records, files and delete files, and
// the snapshot that last added a file to it.
#include <algorithm>

#include "iceberg/metadata_tables/metadata_table.h"

namespace floe::iceberg {

MetadataTableRows PartitionsTable(const MetadataTableSource& source) {
  SnapshotFileRows files(source, false);
  bool partitioned = files.partitioned();
  MetadataTableRows b;
  if (partitioned) {
    b.Column("partition", files.partition_type());
    b.Column("spec_id", TypeId::kInt32);
  }
  b.Column("record_count", TypeId::kInt64);
  b.Column("file_count", TypeId::kInt32);
  b.Column("total_data_file_size_in_bytes", TypeId::kInt64);
  b.Column("position_delete_record_count", TypeId::kInt64);
  b.Column("position_delete_file_count", TypeId::kInt32);
  b.Column("equality_delete_record_count", TypeId::kInt64);
  b.Column("equality_delete_file_count", TypeId::kInt32);
  b.Column("last_updated_at", TypeId::kTimestamp);
  b.Column("last_updated_snapshot_id", TypeId::kInt64);
  struct Totals {
    int spec_id = 0;
    int64_t records = 0, size = 0, pos_records = 0, eq_records = 0;
    int32_t files = 0, pos_files = 0, eq_files = 0;
    int64_t last_snapshot = -1;
    Value partition;
  };
  std::map<std::string, Totals> totals;  // by the partition's text
  for (const auto& entry : files.entries()) {
    const DataFile& f = entry.data_file;
    Value partition = partitioned ? files.Partition(f) : Value();
    Totals& t = totals[partition.ToString()];
    t.partition = std::move(partition);
    t.spec_id = f.spec_id;
    if (f.content == FileContent::kData) {
      t.records += f.record_count;
      t.size += f.file_size_in_bytes;
      ++t.files;
    } else if (f.content == FileContent::kPositionDeletes) {
      t.pos_records += f.record_count;
      ++t.pos_files;
    } else {
      t.eq_records += f.record_count;
      ++t.eq_files;
    }
    if (entry.snapshot_id) t.last_snapshot = std::max(t.last_snapshot, *entry.snapshot_id);
  }
  for (const auto& [key, t] : totals) {
    const Snapshot* s = t.last_snapshot >= 0 ? source.metadata.SnapshotById(t.last_snapshot) : nullptr;
    std::vector<Value> values;
    if (partitioned) {
      values.push_back(t.partition);
      values.push_back(Value::Int32(t.spec_id));
    }
    values.push_back(Value::Int64(t.records));
    values.push_back(Value::Int32(t.files));
    values.push_back(Value::Int64(t.size));
    values.push_back(Value::Int64(t.pos_records));
    values.push_back(Value::Int32(t.pos_files));
    values.push_back(Value::Int64(t.eq_records));
    values.push_back(Value::Int32(t.eq_files));
    values.push_back(s ? Value::Timestamp(s->timestamp_ms * 1000) : Value::Null(TypeId::kTimestamp));
    values.push_back(s ? Value::Int64(s->snapshot_id) : Value::Null(TypeId::kInt64));
    b.Row(std::move(values));
  }
  return b;
}

}  // namespace floe::iceberg
