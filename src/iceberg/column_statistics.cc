#include "iceberg/column_statistics.h"

#include <nlohmann/json.hpp>

namespace floe::iceberg {

std::optional<std::string> ColumnStatisticsBlob::Property(const std::string& name) const {
  auto it = properties.find(name);
  if (it == properties.end()) return std::nullopt;
  return it->second;
}

std::optional<ColumnStatisticsBlob> FindColumnStatistics(const TableMetadata& metadata, int field_id,
                                                         std::optional<int64_t> snapshot_id) {
  std::optional<ColumnStatisticsBlob> best;
  for (const auto& file : metadata.statistics) {
    if (!file.is_object() || !file.contains("blob-metadata") || !file["blob-metadata"].is_array()) continue;
    for (const auto& blob : file["blob-metadata"]) {
      if (!blob.is_object() || blob.value("type", "") != "apache-datasketches-theta-v1") continue;
      const auto fields = blob.value("fields", nlohmann::json::array());
      if (fields.size() != 1 || !fields[0].is_number_integer() || fields[0].get<int>() != field_id) continue;
      if (!blob.contains("properties") || !blob["properties"].is_object() ||
          !blob["properties"].contains("ndv") || !blob["properties"]["ndv"].is_string()) {
        continue;
      }
      const nlohmann::json& snapshot = blob.contains("snapshot-id") ? blob["snapshot-id"] : nlohmann::json();
      const nlohmann::json& sequence = blob.contains("sequence-number") ? blob["sequence-number"] : nlohmann::json();
      ColumnStatisticsBlob found;
      found.snapshot_id = snapshot.is_number_integer() ? snapshot.get<int64_t>() : -1;
      found.sequence_number = sequence.is_number_integer() ? sequence.get<int64_t>() : -1;
      for (const auto& [name, value] : blob["properties"].items()) {
        if (value.is_string()) found.properties[name] = value.get<std::string>();
      }
      bool exact = snapshot_id && found.snapshot_id == *snapshot_id;
      bool best_exact = best && snapshot_id && best->snapshot_id == *snapshot_id;
      if (best_exact && !exact) continue;
      if (!best || exact || found.sequence_number > best->sequence_number) best = std::move(found);
    }
  }
  return best;
}

}  // namespace floe::iceberg
