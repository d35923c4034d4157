#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace floe::iceberg {

/// A table state (spec "Snapshots"): its manifest list and a summary of the change.
struct Snapshot {
  int64_t snapshot_id = 0;
  std::optional<int64_t> parent_snapshot_id;
  int64_t sequence_number = 0;  // 0 for v1 snapshots
  int64_t timestamp_ms = 0;
  std::string manifest_list;    // empty for v1 snapshots that list manifests inline
  std::vector<std::string> manifests;  // v1 only
  /// The summary; "operation" (append, replace, overwrite, delete) is one of its keys.
  std::map<std::string, std::string> summary;
  std::optional<int> schema_id;
  /// Row lineage (format version 3): the first row id assigned to the rows this snapshot
  /// added, and how many ids it assigned.
  std::optional<int64_t> first_row_id;
  std::optional<int64_t> added_rows;
  /// The id of the encryption key of an encrypted manifest list (floe does not read those).
  std::optional<std::string> key_id;

  /// Returns the summary's operation, or "" when missing.
  std::string operation() const {
    auto it = summary.find("operation");
    return it == summary.end() ? "" : it->second;
  }
  /// Serializes as the spec's JSON.
  nlohmann::json ToJson() const;
  /// Parses the spec's JSON; throws FormatError when malformed.
  static Snapshot FromJson(const nlohmann::json& json);
  bool operator==(const Snapshot& other) const = default;
};

}  // namespace floe::iceberg
