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
  if (kind == "files" || kind == "data_files" || kind == "delete_files" || kind == "entries") {
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

SnapshotFileRows::SnapshotFileRows(const MetadataTableSource& source, bool deleted_entries)
    : metadata_(source.metadata) {
  SnapshotFilesOptions options;
  options.deletes = true;
  options.deleted_entries = deleted_entries;
  entries_ = SnapshotFiles(source.io, source.snapshot, source.remapper, options);
  std::set<int> seen;
  for (const auto& spec : metadata_.partition_specs) {
    for (const auto& f : spec.fields()) seen.insert(f.field_id());
  }
  partition_fields_.assign(seen.begin(), seen.end());
}

std::string SnapshotFileRows::PartitionText(const DataFile& file) const {
  const PartitionSpec* spec = metadata_.SpecById(file.spec_id);
  std::string out = "{";
  for (size_t i = 0; i < partition_fields_.size(); ++i) {
    std::string value = "NULL";
    if (spec) {
      for (size_t k = 0; k < spec->fields().size() && k < file.partition.size(); ++k) {
        if (spec->fields()[k].field_id() == partition_fields_[i]) value = file.partition[k].ToString();
      }
    }
    out += (i ? ", " : "") + value;
  }
  return out + "}";
}

}  // namespace floe::iceberg
