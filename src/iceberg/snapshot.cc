#include "iceberg/snapshot.h"

#include "iceberg/json_object.h"

namespace floe::iceberg {

using nlohmann::json;

json Snapshot::ToJson() const {
  json out = json::object();
  out["sequence-number"] = sequence_number;
  out["snapshot-id"] = snapshot_id;
  if (parent_snapshot_id) out["parent-snapshot-id"] = *parent_snapshot_id;
  out["timestamp-ms"] = timestamp_ms;
  out["summary"] = summary;
  if (!manifest_list.empty()) out["manifest-list"] = manifest_list;
  if (!manifests.empty()) out["manifests"] = manifests;
  if (schema_id) out["schema-id"] = *schema_id;
  if (first_row_id) out["first-row-id"] = *first_row_id;
  if (added_rows) out["added-rows"] = *added_rows;
  if (key_id) out["key-id"] = *key_id;
  return out;
}

Snapshot Snapshot::FromJson(const json& j) {
  JsonObject o(j, "snapshot");
  Snapshot s;
  s.snapshot_id = o.Int("snapshot-id");
  s.parent_snapshot_id = o.OptionalInt("parent-snapshot-id");
  s.sequence_number = o.OptionalInt("sequence-number").value_or(0);
  s.timestamp_ms = o.Int("timestamp-ms");
  s.summary = o.StringMap("summary");
  if (auto list = o.OptionalString("manifest-list")) {
    s.manifest_list = *list;
  } else {
    for (const auto& m : o.Array("manifests")) {
      if (!m.is_string()) throw FormatError("snapshot \"manifests\" must hold strings");
      s.manifests.push_back(m.get<std::string>());
    }
  }
  if (auto id = o.OptionalInt("schema-id")) s.schema_id = static_cast<int>(*id);
  s.first_row_id = o.OptionalInt("first-row-id");
  s.added_rows = o.OptionalInt("added-rows");
  if (s.first_row_id && *s.first_row_id < 0) throw FormatError("snapshot has a negative \"first-row-id\"");
  if (s.added_rows && *s.added_rows < 0) throw FormatError("snapshot has a negative \"added-rows\"");
  s.key_id = o.OptionalString("key-id");
  return s;
}

}  // namespace floe::iceberg
