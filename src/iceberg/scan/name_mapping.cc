#include "iceberg/scan/name_mapping.h"

#include <nlohmann/json.hpp>

#include "common/exception.h"

namespace floe::iceberg {

NameMapping NameMapping::FromProperties(const std::map<std::string, std::string>& properties) {
  NameMapping mapping;
  auto it = properties.find("schema.name-mapping.default");
  if (it == properties.end()) return mapping;
  nlohmann::json json = nlohmann::json::parse(it->second, nullptr, false);
  if (!json.is_array()) {
    mapping.malformed_ = "its table property schema.name-mapping.default is not a JSON array";
    return mapping;
  }
  std::map<int, std::vector<std::string>> names;
  for (const auto& entry : json) {
    if (!entry.is_object() || !entry.contains("field-id") || !entry["field-id"].is_number_integer()) continue;
    std::vector<std::string>& out = names[entry["field-id"].get<int>()];
    if (entry.contains("names") && entry["names"].is_array()) {
      for (const auto& n : entry["names"]) {
        if (n.is_string()) out.push_back(n.get<std::string>());
      }
    }
  }
  mapping.names_ = std::move(names);
  return mapping;
}

int NameMapping::FindColumn(const ParquetReader& reader, int field_id, const std::string& name) const {
  const auto& columns = reader.columns();
  bool has_ids = false;
  for (size_t i = 0; i < columns.size(); ++i) {
    if (columns[i].field_id >= 0) has_ids = true;
    if (columns[i].field_id == field_id) return static_cast<int>(i);
  }
  if (has_ids) return -1;
  if (!names_) {
    throw FormatError("data file " + reader.path() + " has no Parquet field ids and " +
                      (malformed_.empty() ? "its table has no schema.name-mapping.default property"
                                          : malformed_) +
                      " to match its columns to the table's (column " + name + ", field id " +
                      std::to_string(field_id) + ")");
  }
  auto it = names_->find(field_id);
  if (it == names_->end()) return -1;
  for (const auto& candidate : it->second) {
    for (size_t i = 0; i < columns.size(); ++i) {
      if (columns[i].name == candidate) return static_cast<int>(i);
    }
  }
  return -1;
}

}  // namespace floe::iceberg
