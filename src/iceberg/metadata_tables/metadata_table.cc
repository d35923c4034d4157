#include "iceberg/metadata_tables/metadata_table.h"

#include <set>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "iceberg/scan/snapshot_files.h"

namespace floe::iceberg {

void MetadataTableRows::Column(std::string name, LogicalType type) {
  names_.push_back(std::move(name));
  types_.push_back(type);
}

bool IsMetadataTableName(const std::string& name) {
  static const char* const kNames[] = {"snapshots", "history", "files", "data_files", "delete_files",
                                       "manifests", "partitions", "entries", "metadata_log_entries",
                                       "refs", "all_data_files", "all_manifests"};
  std::string lower = ToLower(name);
  for (const char* n : kNames) {
    if (lower == n) return true;
  }
  return false;
}

MetadataTableRows BuildMetadataTable(const std::string& kind, const MetadataTableSource& source) {
  const TableMetadata& m = source.metadata;
  if (source.snapshot != m.CurrentSnapshot() &&
      (kind == "snapshots" || kind == "history" || kind == "refs" || kind == "metadata_log_entries" ||
       kind.rfind("all_", 0) == 0)) {
    throw NotImplementedError("time travel on metadata table " + kind + " is not supported: it lists every snapshot");
  }
  if (kind == "snapshots") return SnapshotsTable(source);
  if (kind == "history") return HistoryTable(source);
  if (kind == "files" || kind == "data_files" || kind == "delete_files" || kind == "entries" ||
      kind == "all_data_files") {
    return FilesTable(kind, source);
  }
  if (kind == "manifests" || kind == "all_manifests") return ManifestsTable(source, kind == "all_manifests");
  if (kind == "partitions") return PartitionsTable(source);
  if (kind == "metadata_log_entries") return MetadataLogEntriesTable(source);
  if (kind == "refs") return RefsTable(source);
  throw NotImplementedError("metadata table " + kind + " is not supported yet");
}

Value OptionalLong(const std::optional<int64_t>& v) { return v ? Value::Int64(*v) : Value::Null(TypeId::kInt64); }

std::string CountMapText(const std::map<int, int64_t>& m) {
  std::string out = "{";
  for (const auto& [k, v] : m) out += (out.size() > 1 ? ", " : "") + std::to_string(k) + " -> " + std::to_string(v);
  return out + "}";
}

namespace {

// Returns the type a partition field has in the metadata tables: its transform's result
// on its source column in the current schema; a void field, or an old spec's field whose
// source was dropped since, is an int (PartitionSpec::PartitionType's choice for a void).
LogicalType PartitionFieldType(const PartitionField& field, const Schema& schema) {
  const NestedField* source = schema.FindFieldById(field.source_id());
  if (!source || field.transform().IsVoid()) return TypeId::kInt32;
  return field.transform().ResultType(source->type())->ToLogicalType();
}

// Returns `value` as a value of `type`: partition values read from manifests are integers
// where another writer's Avro schema lacked the logical type (a day as an int).
std::optional<Value> AsPartitionType(const Value& value, const LogicalType& type) {
  if (value.is_null()) return Value::Null(type);
  if (value.type() == type) return value;
  if (!value.type().IsInteger() && !value.type().IsTemporal()) return std::nullopt;
  switch (type.id()) {
    case TypeId::kInt32: return Value::Int32(value.int32());
    case TypeId::kInt64: return Value::Int64(value.int64());
    case TypeId::kDate: return Value::Date(value.int32());
    case TypeId::kTimestamp: return Value::Timestamp(value.int64());
    case TypeId::kTimestampNtz: return Value::TimestampNtz(value.int64());
    default: return std::nullopt;
  }
}

}  // namespace

namespace {

std::vector<ManifestEntry> FilesOfSnapshot(const MetadataTableSource& source, bool deleted_entries) {
  SnapshotFilesOptions options;
  options.deletes = true;
  options.deleted_entries = deleted_entries;
  return SnapshotFiles(source.io, source.snapshot, source.remapper, options);
}

}  // namespace

SnapshotFileRows::SnapshotFileRows(const MetadataTableSource& source, bool deleted_entries)
    : SnapshotFileRows(source.metadata, FilesOfSnapshot(source, deleted_entries)) {}

SnapshotFileRows SnapshotFileRows::AllDataFiles(const MetadataTableSource& source) {
  std::vector<ManifestFile> manifests;
  std::set<std::string> listed;
  for (const Snapshot& s : source.metadata.snapshots) {
    for (ManifestFile& m : SnapshotManifests(source.io, s, source.remapper)) {
      bool new_data_manifest = m.content == ManifestContent::kData && listed.insert(m.manifest_path).second;
      if (new_data_manifest) manifests.push_back(std::move(m));
    }
  }
  std::vector<const ManifestFile*> selected;
  for (const auto& m : manifests) selected.push_back(&m);
  std::vector<ManifestEntry> files;
  std::set<std::string> seen;
  for (auto& entries : ReadManifestEntries(source.io, selected, source.remapper, /*live_only=*/true)) {
    for (auto& e : entries) {
      if (seen.insert(e.data_file.file_path).second) files.push_back(std::move(e));
    }
  }
  return SnapshotFileRows(source.metadata, std::move(files));
}

SnapshotFileRows::SnapshotFileRows(const TableMetadata& metadata, std::vector<ManifestEntry> entries)
    : metadata_(metadata), entries_(std::move(entries)) {
  // each field id's name and type from the newest spec that has it
  std::map<int, StructField> fields;
  for (const auto& spec : metadata_.partition_specs) {
    for (const auto& f : spec.fields()) {
      fields.insert_or_assign(f.field_id(), StructField{f.name(), PartitionFieldType(f, metadata_.CurrentSchema())});
    }
  }
  std::vector<StructField> struct_fields;
  for (auto& [id, field] : fields) {
    partition_fields_.push_back(id);
    struct_fields.push_back(std::move(field));
  }
  partition_type_ = LogicalType::Struct(std::move(struct_fields));
}

Value SnapshotFileRows::Partition(const DataFile& file) const {
  const PartitionSpec* spec = metadata_.SpecById(file.spec_id);
  const auto& types = partition_type_.fields();
  std::vector<Value> values;
  for (size_t i = 0; i < partition_fields_.size(); ++i) {
    Value value = Value::Null(types[i].second);
    if (spec) {
      for (size_t k = 0; k < spec->fields().size() && k < file.partition.size(); ++k) {
        if (spec->fields()[k].field_id() != partition_fields_[i]) continue;
        std::optional<Value> typed = AsPartitionType(file.partition[k], types[i].second);
        if (!typed) {
          throw FormatError("file " + file.file_path + ": partition field " + spec->fields()[k].name() +
                            " holds a " + file.partition[k].type().ToString() + ", its transform gives " +
                            types[i].second.ToString());
        }
        value = std::move(*typed);
      }
    }
    values.push_back(std::move(value));
  }
  return Value::Struct(partition_type_, std::move(values));
}

}  // namespace floe::iceberg
