#include "iceberg/table_metadata.h"

#include "common/utf8.h"
#include "iceberg/json_object.h"

namespace floe::iceberg {

using nlohmann::json;

const Schema* TableMetadata::SchemaById(int schema_id) const {
  for (const auto& s : schemas) {
    if (s.schema_id() == schema_id) return &s;
  }
  return nullptr;
}

const Schema& TableMetadata::CurrentSchema() const {
  const Schema* s = SchemaById(current_schema_id);
  if (!s) throw FormatError("table metadata has no schema with current-schema-id " + std::to_string(current_schema_id));
  return *s;
}

const Schema& TableMetadata::ReadSchema(const Snapshot* snapshot, bool pinned) const {
  if (pinned && snapshot && snapshot->schema_id) {
    if (const Schema* s = SchemaById(*snapshot->schema_id)) return *s;
  }
  return CurrentSchema();
}

const PartitionSpec* TableMetadata::SpecById(int spec_id) const {
  for (const auto& s : partition_specs) {
    if (s.spec_id() == spec_id) return &s;
  }
  return nullptr;
}

const PartitionSpec& TableMetadata::DefaultSpec() const {
  const PartitionSpec* s = SpecById(default_spec_id);
  if (!s) throw FormatError("table metadata has no partition spec with default-spec-id " + std::to_string(default_spec_id));
  return *s;
}

const SortOrder* TableMetadata::DefaultSortOrder() const {
  for (const auto& o : sort_orders) {
    if (o.order_id() == default_sort_order_id) return &o;
  }
  return nullptr;
}

const Snapshot* TableMetadata::SnapshotById(int64_t snapshot_id) const {
  for (const auto& s : snapshots) {
    if (s.snapshot_id == snapshot_id) return &s;
  }
  return nullptr;
}

const Snapshot* TableMetadata::CurrentSnapshot() const {
  if (current_snapshot_id == kNoSnapshot) return nullptr;
  return SnapshotById(current_snapshot_id);
}

const Snapshot* TableMetadata::SnapshotByRef(const std::string& name) const {
  auto it = refs.find(name);
  if (it == refs.end()) return name == "main" ? CurrentSnapshot() : nullptr;
  return SnapshotById(it->second.snapshot_id);
}

const Snapshot* TableMetadata::SnapshotAsOfTime(int64_t timestamp_ms) const {
  const Snapshot* found = nullptr;
  for (const auto& entry : snapshot_log) {
    if (entry.timestamp_ms <= timestamp_ms) found = SnapshotById(entry.snapshot_id);
  }
  return found;
}

std::string TableMetadata::Property(const std::string& key, const std::string& fallback) const {
  auto it = properties.find(key);
  return it == properties.end() ? fallback : it->second;
}

json TableMetadata::ToJson() const {
  json out = json::object();
  out["format-version"] = format_version;
  out["table-uuid"] = table_uuid;
  out["location"] = location;
  out["last-sequence-number"] = last_sequence_number;
  out["last-updated-ms"] = last_updated_ms;
  out["last-column-id"] = last_column_id;
  out["current-schema-id"] = current_schema_id;
  out["schemas"] = json::array();
  for (const auto& s : schemas) out["schemas"].push_back(s.ToJson());
  out["default-spec-id"] = default_spec_id;
  out["partition-specs"] = json::array();
  for (const auto& s : partition_specs) out["partition-specs"].push_back(s.ToJson());
  out["last-partition-id"] = last_partition_id;
  out["default-sort-order-id"] = default_sort_order_id;
  out["sort-orders"] = json::array();
  for (const auto& o : sort_orders) out["sort-orders"].push_back(o.ToJson());
  out["properties"] = properties;
  out["current-snapshot-id"] = current_snapshot_id;
  out["refs"] = json::object();
  for (const auto& [name, ref] : refs) out["refs"][name] = ref.ToJson();
  out["snapshots"] = json::array();
  for (const auto& s : snapshots) out["snapshots"].push_back(s.ToJson());
  out["statistics"] = statistics;
  out["partition-statistics"] = partition_statistics;
  if (format_version >= 3) out["next-row-id"] = next_row_id;
  if (!encryption_keys.empty()) out["encryption-keys"] = encryption_keys;
  out["snapshot-log"] = json::array();
  for (const auto& e : snapshot_log) {
    out["snapshot-log"].push_back({{"timestamp-ms", e.timestamp_ms}, {"snapshot-id", e.snapshot_id}});
  }
  out["metadata-log"] = json::array();
  for (const auto& e : metadata_log) {
    out["metadata-log"].push_back({{"timestamp-ms", e.timestamp_ms}, {"metadata-file", e.metadata_file}});
  }
  return out;
}

namespace {

// Returns where in `j` a key or string value is not valid UTF-8, and the value, or nothing.
std::optional<std::string> FindInvalidUtf8(const json& j, const std::string& where) {
  if (j.is_string()) {
    const auto& text = j.get_ref<const std::string&>();
    if (IsValidUtf8(text)) return std::nullopt;
    return "the value " + QuoteForMessage(text) + " of " + where;
  }
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (!IsValidUtf8(it.key())) return "the key " + QuoteForMessage(it.key()) + " in " + where;
      if (auto found = FindInvalidUtf8(it.value(), where + "." + it.key())) return found;
    }
  } else if (j.is_array()) {
    for (size_t i = 0; i < j.size(); ++i) {
      if (auto found = FindInvalidUtf8(j[i], where + "[" + std::to_string(i) + "]")) return found;
    }
  }
  return std::nullopt;
}


// Metadata re-serialized through doubles (some tools rewrite it so) rounds snapshot ids
// above 2^53, while the name of each snapshot's manifest list (snap-<id>-<attempt>-<uuid>.avro,
// as Iceberg Java names it) and the manifests keep the exact ids. A snapshot whose id is the
// rounding of the id its manifest list names takes that id back, wherever the metadata names
// it: time travel by the exact id (as other engines report it) works, and entries match.
void RestoreRoundedSnapshotIds(TableMetadata& m) {
  constexpr int64_t kExact = int64_t{1} << 53;
  std::map<int64_t, int64_t> exact_of;
  std::map<int64_t, int> seen;
  for (const auto& s : m.snapshots) ++seen[s.snapshot_id];
  for (const auto& s : m.snapshots) {
    if (s.snapshot_id < kExact && s.snapshot_id > -kExact) continue;
    std::string name = s.manifest_list.substr(s.manifest_list.find_last_of('/') + 1);
    if (name.rfind("snap-", 0) != 0) continue;
    size_t end = name.find('-', 5);
    std::string digits = name.substr(5, end == std::string::npos ? std::string::npos : end - 5);
    if (digits.empty() || digits.size() > 19 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    int64_t exact = 0;
    try {
      exact = std::stoll(digits);
    } catch (const std::exception&) {
      continue;
    }
    if (exact == s.snapshot_id || static_cast<double>(exact) != static_cast<double>(s.snapshot_id)) continue;
    if (seen[s.snapshot_id] != 1 || seen.count(exact)) continue;  // ambiguous: leave as written
    exact_of[s.snapshot_id] = exact;
  }
  if (exact_of.empty()) return;
  auto fix = [&](int64_t& id) {
    if (auto it = exact_of.find(id); it != exact_of.end()) id = it->second;
  };
  for (auto& s : m.snapshots) {
    fix(s.snapshot_id);
    if (s.parent_snapshot_id) fix(*s.parent_snapshot_id);
  }
  if (m.current_snapshot_id != TableMetadata::kNoSnapshot) fix(m.current_snapshot_id);
  for (auto& [name, ref] : m.refs) fix(ref.snapshot_id);
  for (auto& entry : m.snapshot_log) fix(entry.snapshot_id);
}
}  // namespace

void TableMetadata::ValidateText(const json& j) {
  if (auto found = FindInvalidUtf8(j, "table metadata")) {
    throw InvalidInputError("[INVALID_UTF8_STRING] " + *found + " is not valid UTF-8");
  }
}

std::string TableMetadata::ToJsonString() const {
  json j = ToJson();
  ValidateText(j);
  return j.dump();
}

TableMetadata TableMetadata::FromJson(const json& j) {
  JsonObject o(j, "table metadata");
  TableMetadata m;
  m.format_version = static_cast<int>(o.Int("format-version"));
  if (m.format_version > 3) {
    throw NotImplementedError("format version " + std::to_string(m.format_version) + " is not supported");
  }
  if (m.format_version < 1) throw FormatError("invalid format-version " + std::to_string(m.format_version));
  const bool v2 = m.format_version >= 2;  // what v2 requires, v3 requires too
  m.table_uuid = v2 ? o.String("table-uuid") : o.OptionalString("table-uuid").value_or("");
  m.location = o.String("location");
  m.last_sequence_number = v2 ? o.Int("last-sequence-number") : o.OptionalInt("last-sequence-number").value_or(0);
  m.last_updated_ms = o.Int("last-updated-ms");
  m.last_column_id = static_cast<int>(o.Int("last-column-id"));

  if (o.Has("schemas")) {
    for (const auto& s : o.Array("schemas")) m.schemas.push_back(Schema::FromJson(s));
    m.current_schema_id = static_cast<int>(v2 ? o.Int("current-schema-id") : o.OptionalInt("current-schema-id").value_or(0));
  } else {
    if (v2) throw FormatError("table metadata is missing \"schemas\"");
    m.schemas.push_back(Schema::FromJson(o.Get("schema")));
    m.current_schema_id = m.schemas[0].schema_id();
  }
  if (!m.SchemaById(m.current_schema_id)) {
    throw FormatError("table metadata has no schema with current-schema-id " + std::to_string(m.current_schema_id));
  }

  if (o.Has("partition-specs")) {
    for (const auto& s : o.Array("partition-specs")) m.partition_specs.push_back(PartitionSpec::FromJson(s));
    m.default_spec_id = static_cast<int>(v2 ? o.Int("default-spec-id") : o.OptionalInt("default-spec-id").value_or(0));
  } else {
    if (v2) throw FormatError("table metadata is missing \"partition-specs\"");
    m.partition_specs.emplace_back(0, PartitionSpec::FieldsFromJson(o.Get("partition-spec")));
    m.default_spec_id = 0;
  }
  int last_partition_id = PartitionSpec::kPartitionDataIdStart - 1;
  for (const auto& s : m.partition_specs) last_partition_id = std::max(last_partition_id, s.LastAssignedFieldId());
  m.last_partition_id = static_cast<int>(v2 ? o.Int("last-partition-id")
                                            : o.OptionalInt("last-partition-id").value_or(last_partition_id));

  m.properties = o.StringMap("properties");
  m.current_snapshot_id = o.OptionalInt("current-snapshot-id").value_or(kNoSnapshot);
  for (const auto& s : o.Array("snapshots")) m.snapshots.push_back(Snapshot::FromJson(s));
  for (const auto& e : o.Array("snapshot-log")) {
    JsonObject eo(e, "snapshot-log entry");
    m.snapshot_log.push_back({eo.Int("timestamp-ms"), eo.Int("snapshot-id")});
  }
  for (const auto& e : o.Array("metadata-log")) {
    JsonObject eo(e, "metadata-log entry");
    m.metadata_log.push_back({eo.Int("timestamp-ms"), eo.String("metadata-file")});
  }
  if (o.Has("sort-orders")) {
    for (const auto& s : o.Array("sort-orders")) m.sort_orders.push_back(SortOrder::FromJson(s));
    m.default_sort_order_id = static_cast<int>(v2 ? o.Int("default-sort-order-id")
                                                  : o.OptionalInt("default-sort-order-id").value_or(0));
  } else {
    if (v2) throw FormatError("table metadata is missing \"sort-orders\"");
    m.sort_orders.push_back(SortOrder::Unsorted());
  }
  if (o.Has("refs")) {
    const json& refs = o.Get("refs");
    if (!refs.is_object()) throw FormatError("table metadata \"refs\" must be an object");
    for (auto it = refs.begin(); it != refs.end(); ++it) m.refs[it.key()] = SnapshotRef::FromJson(it.value());
  }
  // why: a pointer to a snapshot that is not there would read as an empty table
  if (m.current_snapshot_id != kNoSnapshot && !m.SnapshotById(m.current_snapshot_id)) {
    throw FormatError("current-snapshot-id " + std::to_string(m.current_snapshot_id) +
                      " names no snapshot of the table metadata");
  }
  for (const auto& [name, ref] : m.refs) {
    if (!m.SnapshotById(ref.snapshot_id)) {
      throw FormatError("ref " + QuoteForMessage(name) + " names snapshot " + std::to_string(ref.snapshot_id) +
                        ", which the table metadata does not hold");
    }
  }
  if (m.current_snapshot_id != kNoSnapshot && !m.refs.count("main")) {
    m.refs["main"] = SnapshotRef{m.current_snapshot_id, true, {}, {}, {}};
  }
  m.statistics = o.Array("statistics");
  m.partition_statistics = o.Array("partition-statistics");
  if (m.format_version >= 3) {
    m.next_row_id = o.Int("next-row-id");
    if (m.next_row_id < 0) throw FormatError("table metadata has a negative \"next-row-id\"");
  }
  m.encryption_keys = o.Array("encryption-keys");
  RestoreRoundedSnapshotIds(m);
  return m;
}

TableMetadata TableMetadata::Parse(const std::string& text, const std::string& location) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    throw FormatError("metadata file " + location + " is not valid JSON: " + DescribeJsonError(e));
  }
  try {
    return FromJson(j);
  } catch (const FormatError& e) {
    throw FormatError("metadata file " + location + ": " + e.what());
  } catch (const NotImplementedError& e) {
    throw NotImplementedError("metadata file " + location + ": " + e.what());
  } catch (const json::exception& e) {
    throw FormatError("metadata file " + location + ": " + DescribeJsonError(e));
  }
}

}  // namespace floe::iceberg
