#include "iceberg/table_metadata_builder.h"

#include <algorithm>

#include "common/exception.h"
#include "common/utf8.h"
#include "iceberg/uuid.h"

namespace floe::iceberg {

TableMetadataBuilder TableMetadataBuilder::NewTable(const Schema& schema, const PartitionSpec& spec,
                                                    const SortOrder& order, const std::string& location,
                                                    const std::map<std::string, std::string>& properties) {
  TableMetadata m;
  m.format_version = 2;
  m.table_uuid = Uuid::Random();
  m.location = location;
  m.schemas = {Schema(0, schema.fields(), schema.identifier_field_ids())};
  m.current_schema_id = 0;
  m.last_column_id = schema.HighestFieldId();
  m.partition_specs = {PartitionSpec(0, spec.fields())};
  m.default_spec_id = 0;
  m.last_partition_id = spec.LastAssignedFieldId();
  m.sort_orders = {SortOrder::Unsorted()};
  m.default_sort_order_id = 0;
  if (!order.IsUnsorted()) {
    m.sort_orders.emplace_back(1, order.fields());
    m.default_sort_order_id = 1;
  }
  TableMetadataBuilder builder(std::move(m), "");
  builder.SetProperties(properties);  // format-version upgrades the new table
  return builder;
}

TableMetadataBuilder TableMetadataBuilder::Replacement(const TableMetadata& base, const std::string& base_metadata_file,
                                                       const Schema& schema, const PartitionSpec& spec,
                                                       const SortOrder& order, const std::string& location,
                                                       const std::map<std::string, std::string>& properties) {
  // Fresh ids: a column keeps the id of the current schema's column of the same name.
  const Schema& current = base.CurrentSchema();
  int last_column_id = base.last_column_id;
  std::map<int, int> id_of;  // the new schema's ids -> the replacement's
  std::vector<NestedField> fields;
  for (const auto& f : schema.fields()) {
    if (!f.type()->IsPrimitive()) {
      throw NotImplementedError("replacing a table with nested column " + f.name() + " is not supported");
    }
    const NestedField* same = current.FindFieldByName(f.name(), false);
    int id = same ? same->id() : ++last_column_id;
    id_of[f.id()] = id;
    fields.emplace_back(id, f.name(), f.type(), f.required(), f.doc());
  }
  TableMetadataBuilder builder(base, base_metadata_file);
  builder.RemoveRef("main");
  int schema_id = 0;
  for (const auto& s : base.schemas) schema_id = std::max(schema_id, s.schema_id() + 1);
  builder.SetCurrentSchema(Schema(schema_id, fields));
  builder.metadata_.last_column_id = std::max(builder.metadata_.last_column_id, last_column_id);
  // The spec on the new ids; partition field ids continue after the table's last one,
  // unless an identical earlier spec is reused.
  std::vector<PartitionField> partition_fields;
  int last_partition_id = base.last_partition_id;
  for (const auto& f : spec.fields()) {
    int field_id = ++last_partition_id;
    for (const auto& old : base.partition_specs) {
      for (const auto& of : old.fields()) {
        if (of.source_id() == id_of[f.source_id()] && of.transform() == f.transform() && of.name() == f.name()) {
          field_id = of.field_id();
        }
      }
    }
    partition_fields.emplace_back(id_of[f.source_id()], field_id, f.name(), f.transform());
  }
  builder.SetDefaultPartitionSpec(PartitionSpec(0, partition_fields));
  std::vector<SortField> sort_fields = order.fields();
  for (auto& f : sort_fields) f.source_id = id_of[f.source_id];
  builder.SetDefaultSortOrder(SortOrder(1, sort_fields));
  builder.SetLocation(location);
  builder.SetProperties(properties);
  return builder;
}

TableMetadataBuilder::TableMetadataBuilder(TableMetadata base, std::string base_metadata_file)
    : metadata_(std::move(base)), base_metadata_file_(std::move(base_metadata_file)) {
  base_last_updated_ms_ = metadata_.last_updated_ms;
}

int TableMetadataBuilder::SetCurrentSchema(const Schema& schema) {
  int id = -1, max_id = -1;
  for (const auto& s : metadata_.schemas) {
    max_id = std::max(max_id, s.schema_id());
    if (*s.AsStruct() == *schema.AsStruct() && s.identifier_field_ids() == schema.identifier_field_ids()) {
      id = s.schema_id();
    }
  }
  if (id < 0) {
    id = max_id + 1;
    metadata_.schemas.emplace_back(id, schema.fields(), schema.identifier_field_ids());
  }
  metadata_.current_schema_id = id;
  metadata_.last_column_id = std::max(metadata_.last_column_id, schema.HighestFieldId());
  return id;
}

int TableMetadataBuilder::SetDefaultPartitionSpec(const PartitionSpec& spec) {
  int id = -1, max_id = -1;
  for (const auto& s : metadata_.partition_specs) {
    max_id = std::max(max_id, s.spec_id());
    if (s.SameFieldsAs(spec)) id = s.spec_id();
  }
  if (id < 0) {
    id = max_id + 1;
    metadata_.partition_specs.emplace_back(id, spec.fields());
  }
  metadata_.default_spec_id = id;
  metadata_.last_partition_id = std::max(metadata_.last_partition_id, spec.LastAssignedFieldId());
  return id;
}

int TableMetadataBuilder::SetDefaultSortOrder(const SortOrder& order) {
  int id = order.IsUnsorted() ? 0 : -1, max_id = 0;
  for (const auto& o : metadata_.sort_orders) {
    max_id = std::max(max_id, o.order_id());
    if (id < 0 && o.fields() == order.fields()) id = o.order_id();
  }
  if (id < 0) {
    id = max_id + 1;
    metadata_.sort_orders.emplace_back(id, order.fields());
  }
  if (id == 0 && std::none_of(metadata_.sort_orders.begin(), metadata_.sort_orders.end(),
                              [](const SortOrder& o) { return o.order_id() == 0; })) {
    metadata_.sort_orders.insert(metadata_.sort_orders.begin(), SortOrder::Unsorted());
  }
  metadata_.default_sort_order_id = id;
  return id;
}

void TableMetadataBuilder::SetProperties(const std::map<std::string, std::string>& updates) {
  for (const auto& [k, v] : updates) {
    if (k == "format-version") {
      UpgradeFormatVersion(v);
    } else {
      metadata_.properties[k] = v;
    }
  }
}

void TableMetadataBuilder::UpgradeFormatVersion(const std::string& version) {
  int v = 0;
  if (version.size() != 1 || version[0] < '1' || version[0] > '9') {
    throw InvalidInputError("format-version must be 1, 2 or 3, not " + QuoteForMessage(version));
  }
  v = version[0] - '0';
  if (v < metadata_.format_version && v >= 2) {
    throw InvalidInputError("cannot downgrade format version from " + std::to_string(metadata_.format_version) +
                            " to " + version);
  }
  if (v > 3 || v < 2) throw NotImplementedError("floe writes Iceberg format versions 2 and 3, not " + version);
  if (v == 3 && metadata_.format_version < 3) metadata_.next_row_id = 0;
  metadata_.format_version = v;
}

void TableMetadataBuilder::RemoveProperties(const std::vector<std::string>& keys) {
  for (const auto& k : keys) metadata_.properties.erase(k);
}

void TableMetadataBuilder::StageSnapshot(const Snapshot& snapshot) {
  if (metadata_.SnapshotById(snapshot.snapshot_id)) {
    throw InvalidInputError("snapshot " + std::to_string(snapshot.snapshot_id) + " already exists");
  }
  if (snapshot.sequence_number != NextSequenceNumber()) {
    throw InternalError("snapshot sequence number " + std::to_string(snapshot.sequence_number) +
                        " is not the next one, " + std::to_string(NextSequenceNumber()));
  }
  metadata_.snapshots.push_back(snapshot);
  metadata_.last_sequence_number = snapshot.sequence_number;
}

void TableMetadataBuilder::AddSnapshot(const Snapshot& snapshot, const std::string& branch) {
  StageSnapshot(snapshot);
  SnapshotRef ref;
  if (auto it = metadata_.refs.find(branch); it != metadata_.refs.end()) ref = it->second;
  ref.snapshot_id = snapshot.snapshot_id;
  ref.is_branch = true;
  SetRef(branch, ref);
  // a new snapshot becomes current at its own time (Java's addSnapshot sets lastUpdatedMillis)
  if (!metadata_.snapshot_log.empty() && metadata_.snapshot_log.back().timestamp_ms == kPendingTimestamp) {
    metadata_.snapshot_log.back().timestamp_ms = snapshot.timestamp_ms;
  }
}

void TableMetadataBuilder::SetRef(const std::string& name, const SnapshotRef& ref) {
  const Snapshot* snapshot = metadata_.SnapshotById(ref.snapshot_id);
  if (!snapshot) throw InvalidInputError("cannot point " + name + " at unknown snapshot " + std::to_string(ref.snapshot_id));
  metadata_.refs[name] = ref;
  if (name == "main" && metadata_.current_snapshot_id != ref.snapshot_id) {
    metadata_.current_snapshot_id = ref.snapshot_id;
    // when it became current: the commit's time, set by Build (Java's
    // setBranchSnapshotInternal logs lastUpdatedMillis, not the snapshot's own time, so a
    // rollback to an old snapshot keeps the log in time order)
    metadata_.snapshot_log.push_back({kPendingTimestamp, ref.snapshot_id});
  }
}

void TableMetadataBuilder::RemoveRef(const std::string& name) {
  metadata_.refs.erase(name);
  // why: the snapshot log stays, as Iceberg 1.10's TableMetadata.Builder.removeRef keeps it:
  // a replaced table's history and metadata_log_entries still name the snapshots before
  if (name == "main") metadata_.current_snapshot_id = TableMetadata::kNoSnapshot;
}

void TableMetadataBuilder::RemoveSnapshots(const std::set<int64_t>& ids) {
  if (ids.empty()) return;
  std::erase_if(metadata_.snapshots, [&](const Snapshot& s) { return ids.count(s.snapshot_id) > 0; });
  for (nlohmann::json* files : {&metadata_.statistics, &metadata_.partition_statistics}) {
    if (!files->is_array()) continue;
    nlohmann::json kept = nlohmann::json::array();
    for (const auto& f : *files) {
      auto id = f.is_object() ? f.find("snapshot-id") : f.end();
      if (f.is_object() && id != f.end() && id->is_number_integer() && ids.count(id->get<int64_t>())) continue;
      kept.push_back(f);
    }
    *files = std::move(kept);
  }
  std::vector<SnapshotLogEntry> log;
  for (const auto& entry : metadata_.snapshot_log) {
    if (metadata_.SnapshotById(entry.snapshot_id)) {
      log.push_back(entry);
    } else {
      log.clear();
    }
  }
  metadata_.snapshot_log = std::move(log);
}

void TableMetadataBuilder::RemoveSpecsAndSchemas(const std::set<int>& spec_ids, const std::set<int>& schema_ids) {
  if (spec_ids.count(metadata_.default_spec_id) || schema_ids.count(metadata_.current_schema_id)) {
    throw InternalError("cannot remove the default partition spec or the current schema");
  }
  std::erase_if(metadata_.partition_specs, [&](const PartitionSpec& s) { return spec_ids.count(s.spec_id()) > 0; });
  std::erase_if(metadata_.schemas, [&](const Schema& s) { return schema_ids.count(s.schema_id()) > 0; });
}

namespace {

// Iceberg's Schema.checkCompatibility: the types of format version 3 (variant, unknown,
// timestamp_ns, timestamptz_ns, geometry, geography) in a table of an earlier version, by column path, in field id order.
void CheckTypesOfVersion(const std::vector<NestedField>& fields, const std::string& prefix, int format_version,
                         std::map<int, std::string>* problems) {
  for (const NestedField& f : fields) {
    std::string path = prefix + f.name();
    TypeKind kind = f.type()->kind();
    if (format_version < 3 && (kind == TypeKind::kVariant || kind == TypeKind::kUnknown ||
                               kind == TypeKind::kTimestampNs || kind == TypeKind::kTimestampTzNs ||
                               kind == TypeKind::kGeometry || kind == TypeKind::kGeography)) {
      (*problems)[f.id()] = "Invalid type for " + path + ": " + f.type()->ToString() + " is not supported until v3";
    }
    CheckTypesOfVersion(f.type()->fields(), path + ".", format_version, problems);
  }
}

}  // namespace

TableMetadata TableMetadataBuilder::Build(int64_t now_ms) {
  std::map<int, std::string> problems;
  CheckTypesOfVersion(metadata_.CurrentSchema().fields(), "", metadata_.format_version, &problems);
  if (!problems.empty()) {
    std::string message = "Invalid schema for v" + std::to_string(metadata_.format_version) + ":";
    for (const auto& [id, problem] : problems) message += "\n- " + problem;
    throw InvalidInputError(message);
  }
  TableMetadata out = metadata_;
  out.last_updated_ms = now_ms;
  for (auto& entry : out.snapshot_log) {
    if (entry.timestamp_ms == kPendingTimestamp) entry.timestamp_ms = now_ms;
  }
  if (!base_metadata_file_.empty()) {
    out.metadata_log.push_back({base_last_updated_ms_, base_metadata_file_});
    int64_t max_entries = 100;
    try {
      max_entries = std::stoll(out.Property("write.metadata.previous-versions-max", "100"));
    } catch (const std::exception&) {
      throw InvalidInputError("table property write.metadata.previous-versions-max is not a number");
    }
    max_entries = std::max<int64_t>(max_entries, 1);
    if (static_cast<int64_t>(out.metadata_log.size()) > max_entries) {
      out.metadata_log.erase(out.metadata_log.begin(), out.metadata_log.end() - max_entries);
    }
  }
  return out;
}

}  // namespace floe::iceberg
