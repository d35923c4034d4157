#pragma once

#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

namespace floe::iceberg {

/// A named reference to a snapshot: a branch or a tag (spec "Snapshot References").
struct SnapshotRef {
  int64_t snapshot_id = 0;
  bool is_branch = true;
  std::optional<int> min_snapshots_to_keep;
  std::optional<int64_t> max_snapshot_age_ms;
  std::optional<int64_t> max_ref_age_ms;

  /// Serializes as the spec's JSON.
  nlohmann::json ToJson() const;
  /// Parses the spec's JSON; throws FormatError when malformed.
  static SnapshotRef FromJson(const nlohmann::json& json);
  bool operator==(const SnapshotRef& other) const = default;
};

}  // namespace floe::iceberg
