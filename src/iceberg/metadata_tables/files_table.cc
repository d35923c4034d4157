// t.files, t.data_files, t.delete_files and t.entries: the files of a snapshot with
// their metrics; entries adds each manifest entry's status, snapshot and sequence numbers;
// t.all_data_files lists the data files of every snapshot.
#include "common/exception.h"
#include "iceberg/metadata_tables/metadata_table.h"
#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {

namespace {

// Bounds decoded with the current schema's types: "{1 -> 5, 2 -> abc}".
std::string BoundsText(const Schema& schema, const std::map<int, std::string>& raw) {
  std::string out = "{";
  for (const auto& [id, bytes] : raw) {
    const NestedField* f = schema.FindFieldById(id);
    std::string text = "?";
    if (f) {
      try {
        text = SingleValueSerialization::FromBytes(*f->type(), bytes).ToString();
      } catch (const Exception&) {
        // why: a bound another engine wrote in a type floe cannot decode shows as "?"
      }
    }
    out += (out.size() > 1 ? ", " : "") + std::to_string(id) + " -> " + text;
  }
  return out + "}";
}

template <typename T>
std::string ListText(const std::vector<T>& values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
  return out + "]";
}

}  // namespace

MetadataTableRows FilesTable(const std::string& kind, const MetadataTableSource& source) {
  bool entries = kind == "entries";
  MetadataTableRows b;
  if (entries) {
    b.Column("status", TypeId::kInt32);
    b.Column("snapshot_id", TypeId::kInt64);
    b.Column("sequence_number", TypeId::kInt64);
    b.Column("file_sequence_number", TypeId::kInt64);
  }
  b.Column("content", TypeId::kInt32);
  b.Column("file_path", TypeId::kString);
  b.Column("file_format", TypeId::kString);
  b.Column("spec_id", TypeId::kInt32);
  SnapshotFileRows files =
      kind == "all_data_files" ? SnapshotFileRows::AllDataFiles(source) : SnapshotFileRows(source, entries);
  if (files.partitioned()) b.Column("partition", files.partition_type());
  b.Column("record_count", TypeId::kInt64);
  b.Column("file_size_in_bytes", TypeId::kInt64);
  b.Column("column_sizes", TypeId::kString);
  b.Column("value_counts", TypeId::kString);
  b.Column("null_value_counts", TypeId::kString);
  b.Column("nan_value_counts", TypeId::kString);
  b.Column("lower_bounds", TypeId::kString);
  b.Column("upper_bounds", TypeId::kString);
  b.Column("split_offsets", TypeId::kString);
  b.Column("equality_ids", TypeId::kString);
  b.Column("sort_order_id", TypeId::kInt32);
  // format version 3 (Iceberg's DataFile fields 142-145)
  b.Column("first_row_id", TypeId::kInt64);
  b.Column("referenced_data_file", TypeId::kString);
  b.Column("content_offset", TypeId::kInt64);
  b.Column("content_size_in_bytes", TypeId::kInt64);
  const Schema& schema = source.metadata.CurrentSchema();
  for (const auto& entry : files.entries()) {
    const DataFile& f = entry.data_file;
    bool is_delete = f.content != FileContent::kData;
    if ((kind == "data_files" || kind == "all_data_files") && is_delete) continue;
    if (kind == "delete_files" && !is_delete) continue;
    std::vector<Value> values;
    if (entries) {
      values.push_back(Value::Int32(static_cast<int32_t>(entry.status)));
      values.push_back(OptionalLong(entry.snapshot_id));
      values.push_back(OptionalLong(entry.sequence_number));
      values.push_back(OptionalLong(entry.file_sequence_number));
    }
    values.push_back(Value::Int32(static_cast<int32_t>(f.content)));
    values.push_back(Value::String(f.file_path));
    values.push_back(Value::String(f.file_format));
    values.push_back(Value::Int32(f.spec_id));
    if (files.partitioned()) values.push_back(files.Partition(f));
    values.push_back(Value::Int64(f.record_count));
    values.push_back(Value::Int64(f.file_size_in_bytes));
    values.push_back(Value::String(CountMapText(f.column_sizes)));
    values.push_back(Value::String(CountMapText(f.value_counts)));
    values.push_back(Value::String(CountMapText(f.null_value_counts)));
    values.push_back(Value::String(CountMapText(f.nan_value_counts)));
    values.push_back(Value::String(BoundsText(schema, f.lower_bounds)));
    values.push_back(Value::String(BoundsText(schema, f.upper_bounds)));
    values.push_back(f.split_offsets.empty() ? Value::Null(TypeId::kString) : Value::String(ListText(f.split_offsets)));
    values.push_back(f.equality_ids.empty() ? Value::Null(TypeId::kString) : Value::String(ListText(f.equality_ids)));
    values.push_back(f.sort_order_id ? Value::Int32(*f.sort_order_id) : Value::Null(TypeId::kInt32));
    values.push_back(OptionalLong(f.first_row_id));
    values.push_back(f.referenced_data_file ? Value::String(*f.referenced_data_file) : Value::Null(TypeId::kString));
    values.push_back(OptionalLong(f.content_offset));
    values.push_back(OptionalLong(f.content_size_in_bytes));
    b.Row(std::move(values));
  }
  return b;
}

}  // namespace floe::iceberg
