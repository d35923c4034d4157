// Metadata tables of Iceberg tables (t.snapshots, t.files, ...), with the columns Spark +
// Iceberg give them; map and struct columns are shown as text.
#include <algorithm>
#include <set>

#include "common/exception.h"
#include "execution/table_sources/memory_table.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/single_value_serialization.h"
#include "iceberg/type.h"
#include "main/client_context.h"

namespace floe {

namespace {

// Rows of Values -> a memory table.
class TableBuilder {
 public:
  void Column(std::string name, LogicalType type) {
    names_.push_back(std::move(name));
    types_.push_back(type);
  }
  void Row(std::vector<Value> row) { rows_.push_back(std::move(row)); }
  std::shared_ptr<MemoryTable> Build(const std::string& name) {
    auto table = std::make_shared<MemoryTable>(name, names_, types_, std::vector<bool>(names_.size(), false));
    std::vector<std::shared_ptr<DataChunk>> chunks;
    for (size_t start = 0; start < rows_.size(); start += kBatchSize) {
      size_t n = std::min(kBatchSize, rows_.size() - start);
      auto chunk = std::make_shared<DataChunk>(types_, n);
      for (size_t r = 0; r < n; ++r) {
        for (size_t c = 0; c < types_.size(); ++c) chunk->column(c).SetValue(r, rows_[start + r][c]);
      }
      chunk->SetSize(n);
      chunks.push_back(std::move(chunk));
    }
    table->Append(std::move(chunks));
    return table;
  }

 private:
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  std::vector<std::vector<Value>> rows_;
};

Value OptionalLong(const std::optional<int64_t>& v) { return v ? Value::Int64(*v) : Value::Null(TypeId::kInt64); }

std::string MapText(const std::map<std::string, std::string>& m) {
  std::string out = "{";
  for (const auto& [k, v] : m) out += (out.size() > 1 ? ", " : "") + k + " -> " + v;
  return out + "}";
}

template <typename T>
std::string CountMapText(const std::map<int, T>& m) {
  std::string out = "{";
  for (const auto& [k, v] : m) out += (out.size() > 1 ? ", " : "") + std::to_string(k) + " -> " + std::to_string(v);
  return out + "}";
}

struct FileRow {
  iceberg::ManifestEntry entry;
  int spec_id = 0;
};

}  // namespace

std::shared_ptr<TableSource> ClientContext::MakeMetadataTable(const LoadedTable& table,
                                                              const iceberg::Snapshot* snapshot) {
  const iceberg::TableMetadata& m = *table.metadata;
  const std::string& kind = table.name.metadata_table;
  iceberg::LocationRemapper remapper = Remapper();
  TableBuilder b;
  std::string display = table.name.ToString() + "." + kind;
  const iceberg::Snapshot* current = m.CurrentSnapshot();
  if (snapshot != current && (kind == "snapshots" || kind == "history" || kind == "refs" ||
                              kind == "metadata_log_entries" || kind.rfind("all_", 0) == 0)) {
    throw NotImplementedError("time travel on metadata table " + kind + " is not supported: it lists every snapshot");
  }
  current = snapshot;  // the snapshot-based tables (files, entries, manifests, partitions) describe this one

  auto current_files = [&](bool all_entries) {
    std::vector<FileRow> rows;
    iceberg::SnapshotFilesOptions options;
    options.deletes = true;
    options.deleted_entries = all_entries;
    for (auto& e : iceberg::SnapshotFiles(Io(), current, remapper, options)) {
      int spec_id = e.data_file.spec_id;
      rows.push_back({std::move(e), spec_id});
    }
    return rows;
  };
  // The partition column covers the fields of every spec, by partition field id.
  std::vector<std::pair<int, std::string>> partition_fields;
  {
    std::set<int> seen;
    for (const auto& spec : m.partition_specs) {
      for (const auto& f : spec.fields()) {
        if (seen.insert(f.field_id()).second) partition_fields.emplace_back(f.field_id(), f.name());
      }
    }
    std::sort(partition_fields.begin(), partition_fields.end());
  }
  auto partition_text = [&](const FileRow& row) {
    const iceberg::PartitionSpec* spec = m.SpecById(row.spec_id);
    std::string out = "{";
    for (size_t i = 0; i < partition_fields.size(); ++i) {
      std::string value = "NULL";
      if (spec) {
        for (size_t k = 0; k < spec->fields().size() && k < row.entry.data_file.partition.size(); ++k) {
          if (spec->fields()[k].field_id() == partition_fields[i].first) {
            value = row.entry.data_file.partition[k].ToString();
          }
        }
      }
      out += (i ? ", " : "") + value;
    }
    return out + "}";
  };

  if (kind == "snapshots") {
    b.Column("committed_at", TypeId::kTimestamp);
    b.Column("snapshot_id", TypeId::kInt64);
    b.Column("parent_id", TypeId::kInt64);
    b.Column("operation", TypeId::kString);
    b.Column("manifest_list", TypeId::kString);
    b.Column("summary", TypeId::kString);
    for (const auto& s : m.snapshots) {
      b.Row({Value::Timestamp(s.timestamp_ms * 1000), Value::Int64(s.snapshot_id), OptionalLong(s.parent_snapshot_id),
             Value::String(s.operation()), Value::String(s.manifest_list), Value::String(MapText(s.summary))});
    }
  } else if (kind == "history") {
    b.Column("made_current_at", TypeId::kTimestamp);
    b.Column("snapshot_id", TypeId::kInt64);
    b.Column("parent_id", TypeId::kInt64);
    b.Column("is_current_ancestor", TypeId::kBoolean);
    std::set<int64_t> ancestors;
    for (const iceberg::Snapshot* s = current; s;
         s = s->parent_snapshot_id ? m.SnapshotById(*s->parent_snapshot_id) : nullptr) {
      ancestors.insert(s->snapshot_id);
    }
    for (const auto& log : m.snapshot_log) {
      const iceberg::Snapshot* s = m.SnapshotById(log.snapshot_id);
      b.Row({Value::Timestamp(log.timestamp_ms * 1000), Value::Int64(log.snapshot_id),
             s ? OptionalLong(s->parent_snapshot_id) : Value::Null(TypeId::kInt64),
             Value::Boolean(ancestors.count(log.snapshot_id) > 0)});
    }
  } else if (kind == "files" || kind == "data_files" || kind == "delete_files" || kind == "entries") {
    bool entries = kind == "entries";
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
    b.Column("partition", TypeId::kString);
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
    const iceberg::Schema& schema = m.CurrentSchema();
    auto bounds = [&](const std::map<int, std::string>& raw) {
      std::string out = "{";
      for (const auto& [id, bytes] : raw) {
        const iceberg::NestedField* f = schema.FindFieldById(id);
        std::string text = "?";
        if (f) {
          try {
            text = iceberg::SingleValueSerialization::FromBytes(*f->type(), bytes).ToString();
          } catch (const Exception&) {
          }
        }
        out += (out.size() > 1 ? ", " : "") + std::to_string(id) + " -> " + text;
      }
      return out + "}";
    };
    for (const auto& row : current_files(entries)) {
      const auto& f = row.entry.data_file;
      bool is_delete = f.content != iceberg::FileContent::kData;
      if (kind == "data_files" && is_delete) continue;
      if (kind == "delete_files" && !is_delete) continue;
      std::vector<Value> values;
      if (entries) {
        values.push_back(Value::Int32(static_cast<int32_t>(row.entry.status)));
        values.push_back(OptionalLong(row.entry.snapshot_id));
        values.push_back(OptionalLong(row.entry.sequence_number));
        values.push_back(OptionalLong(row.entry.file_sequence_number));
      }
      std::string offsets = "[";
      for (size_t i = 0; i < f.split_offsets.size(); ++i) offsets += (i ? ", " : "") + std::to_string(f.split_offsets[i]);
      offsets += "]";
      std::string eq = "[";
      for (size_t i = 0; i < f.equality_ids.size(); ++i) eq += (i ? ", " : "") + std::to_string(f.equality_ids[i]);
      eq += "]";
      values.push_back(Value::Int32(static_cast<int32_t>(f.content)));
      values.push_back(Value::String(f.file_path));
      values.push_back(Value::String(f.file_format));
      values.push_back(Value::Int32(row.spec_id));
      values.push_back(Value::String(partition_text(row)));
      values.push_back(Value::Int64(f.record_count));
      values.push_back(Value::Int64(f.file_size_in_bytes));
      values.push_back(Value::String(CountMapText(f.column_sizes)));
      values.push_back(Value::String(CountMapText(f.value_counts)));
      values.push_back(Value::String(CountMapText(f.null_value_counts)));
      values.push_back(Value::String(CountMapText(f.nan_value_counts)));
      values.push_back(Value::String(bounds(f.lower_bounds)));
      values.push_back(Value::String(bounds(f.upper_bounds)));
      values.push_back(f.split_offsets.empty() ? Value::Null(TypeId::kString) : Value::String(offsets));
      values.push_back(f.equality_ids.empty() ? Value::Null(TypeId::kString) : Value::String(eq));
      values.push_back(f.sort_order_id ? Value::Int32(*f.sort_order_id) : Value::Null(TypeId::kInt32));
      b.Row(std::move(values));
    }
  } else if (kind == "manifests" || kind == "all_manifests") {
    b.Column("content", TypeId::kInt32);
    b.Column("path", TypeId::kString);
    b.Column("length", TypeId::kInt64);
    b.Column("partition_spec_id", TypeId::kInt32);
    b.Column("added_snapshot_id", TypeId::kInt64);
    b.Column("added_data_files_count", TypeId::kInt32);
    b.Column("existing_data_files_count", TypeId::kInt32);
    b.Column("deleted_data_files_count", TypeId::kInt32);
    b.Column("added_delete_files_count", TypeId::kInt32);
    b.Column("existing_delete_files_count", TypeId::kInt32);
    b.Column("deleted_delete_files_count", TypeId::kInt32);
    if (current) {
      for (const auto& mf : iceberg::SnapshotManifests(Io(), *current, remapper)) {
        bool data = mf.content == iceberg::ManifestContent::kData;
        b.Row({Value::Int32(static_cast<int32_t>(mf.content)), Value::String(mf.manifest_path),
               Value::Int64(mf.manifest_length), Value::Int32(mf.partition_spec_id),
               Value::Int64(mf.added_snapshot_id), Value::Int32(data ? mf.added_files_count : 0),
               Value::Int32(data ? mf.existing_files_count : 0), Value::Int32(data ? mf.deleted_files_count : 0),
               Value::Int32(data ? 0 : mf.added_files_count), Value::Int32(data ? 0 : mf.existing_files_count),
               Value::Int32(data ? 0 : mf.deleted_files_count)});
      }
    }
  } else if (kind == "partitions") {
    bool partitioned = !partition_fields.empty();
    if (partitioned) b.Column("partition", TypeId::kString);
    if (partitioned) b.Column("spec_id", TypeId::kInt32);
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
    };
    std::map<std::string, Totals> totals;
    for (const auto& row : current_files(false)) {
      std::string key = partitioned ? partition_text(row) : "";
      Totals& t = totals[key];
      t.spec_id = row.spec_id;
      const auto& f = row.entry.data_file;
      if (f.content == iceberg::FileContent::kData) {
        t.records += f.record_count;
        t.size += f.file_size_in_bytes;
        ++t.files;
      } else if (f.content == iceberg::FileContent::kPositionDeletes) {
        t.pos_records += f.record_count;
        ++t.pos_files;
      } else {
        t.eq_records += f.record_count;
        ++t.eq_files;
      }
      if (row.entry.snapshot_id) t.last_snapshot = std::max(t.last_snapshot, *row.entry.snapshot_id);
    }
    for (const auto& [key, t] : totals) {
      const iceberg::Snapshot* s = t.last_snapshot >= 0 ? m.SnapshotById(t.last_snapshot) : nullptr;
      std::vector<Value> values;
      if (partitioned) {
        values.push_back(Value::String(key));
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
  } else if (kind == "metadata_log_entries") {
    b.Column("timestamp", TypeId::kTimestamp);
    b.Column("file", TypeId::kString);
    b.Column("latest_snapshot_id", TypeId::kInt64);
    b.Column("latest_schema_id", TypeId::kInt32);
    b.Column("latest_sequence_number", TypeId::kInt64);
    for (const auto& e : m.metadata_log) {
      b.Row({Value::Timestamp(e.timestamp_ms * 1000), Value::String(e.metadata_file), Value::Null(TypeId::kInt64),
             Value::Null(TypeId::kInt32), Value::Null(TypeId::kInt64)});
    }
    b.Row({Value::Timestamp(m.last_updated_ms * 1000), Value::String(table.metadata_location),
           current ? Value::Int64(current->snapshot_id) : Value::Null(TypeId::kInt64),
           Value::Int32(m.current_schema_id), Value::Int64(m.last_sequence_number)});
  } else if (kind == "refs") {
    b.Column("name", TypeId::kString);
    b.Column("type", TypeId::kString);
    b.Column("snapshot_id", TypeId::kInt64);
    b.Column("max_reference_age_in_ms", TypeId::kInt64);
    b.Column("min_snapshots_to_keep", TypeId::kInt32);
    b.Column("max_snapshot_age_in_ms", TypeId::kInt64);
    for (const auto& [name, ref] : m.refs) {
      b.Row({Value::String(name), Value::String(ref.is_branch ? "BRANCH" : "TAG"), Value::Int64(ref.snapshot_id),
             OptionalLong(ref.max_ref_age_ms),
             ref.min_snapshots_to_keep ? Value::Int32(*ref.min_snapshots_to_keep) : Value::Null(TypeId::kInt32),
             OptionalLong(ref.max_snapshot_age_ms)});
    }
  } else {
    throw NotImplementedError("metadata table " + kind + " is not supported yet");
  }
  return b.Build(display);
}

}  // namespace floe
