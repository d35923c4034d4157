#include "iceberg/snapshot_ref.h"

#include "iceberg/json_object.h"

namespace floe::iceberg {

using nlohmann::json;

json SnapshotRef::ToJson() const {
  json out = json::object();
  out["snapshot-id"] = snapshot_id;
  out["type"] = is_branch ? "branch" : "tag";
  if (min_snapshots_to_keep) out["min-snapshots-to-keep"] = *min_snapshots_to_keep;
  if (max_snapshot_age_ms) out["max-snapshot-age-ms"] = *max_snapshot_age_ms;
  if (max_ref_age_ms) out["max-ref-age-ms"] = *max_ref_age_ms;
  return out;
}

SnapshotRef SnapshotRef::FromJson(const json& j) {
  JsonObject o(j, "snapshot ref");
  SnapshotRef r;
  r.snapshot_id = o.Int("snapshot-id");
  std::string type = o.String("type");
  if (type != "branch" && type != "tag") throw FormatError("snapshot ref has unknown type \"" + type + "\"");
  r.is_branch = type == "branch";
  if (auto v = o.OptionalInt("min-snapshots-to-keep")) r.min_snapshots_to_keep = static_cast<int>(*v);
  r.max_snapshot_age_ms = o.OptionalInt("max-snapshot-age-ms");
  r.max_ref_age_ms = o.OptionalInt("max-ref-age-ms");
  return r;
}

}  // namespace floe::iceberg
