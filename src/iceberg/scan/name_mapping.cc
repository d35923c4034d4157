#include "iceberg/scan/name_mapping.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "common/exception.h"

namespace floe::iceberg {

namespace {

std::vector<NameMapping::MappedField> ParseFields(const nlohmann::json& json, int depth) {
  std::vector<NameMapping::MappedField> out;
  if (!json.is_array() || depth > 64) return out;
  for (const auto& entry : json) {
    if (!entry.is_object()) continue;
    NameMapping::MappedField field;
    if (entry.contains("field-id") && entry["field-id"].is_number_integer()) field.id = entry["field-id"].get<int>();
    if (entry.contains("names") && entry["names"].is_array()) {
      for (const auto& n : entry["names"]) {
        if (n.is_string()) field.names.push_back(n.get<std::string>());
      }
    }
    if (entry.contains("fields")) field.fields = ParseFields(entry["fields"], depth + 1);
    out.push_back(std::move(field));
  }
  return out;
}

// Returns false when an entry names a field of the schema (at the same level) by another id
// and the entry with that field's id is missing or names another of the schema's fields
// there: the mapping's ids were assigned apart from the schema's. (A renamed field whose
// mapping kept only its old name, or a field dropped and added again under its name, still
// agree.)
bool IdsAgree(const std::vector<NameMapping::MappedField>& level, const std::vector<NestedField>& fields) {
  auto names_other = [&](const NameMapping::MappedField& e, const NestedField& not_this) {
    return std::any_of(fields.begin(), fields.end(),
                       [&](const NestedField& f) { return &f != &not_this && e.Names(f.name()); });
  };
  auto contradicted = [&](const NestedField& field) {
    for (const auto& e : level) {
      if (e.id == field.id()) return names_other(e, field);
    }
    return true;  // no entry has the field's id
  };
  for (const auto& entry : level) {
    for (const auto& field : fields) {
      bool same_id = entry.id && field.id() == *entry.id;
      bool named = entry.Names(field.name());
      if (named && entry.id && !same_id && contradicted(field)) return false;
      if ((same_id || named) && field.type()->IsNested() && !IdsAgree(entry.fields, field.type()->fields())) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace

bool NameMapping::MappedField::Names(const std::string& name) const {
  return std::find(names.begin(), names.end(), name) != names.end();
}

NameMapping NameMapping::FromProperties(const std::map<std::string, std::string>& properties, const Schema* schema) {
  NameMapping mapping;
  auto it = properties.find("schema.name-mapping.default");
  if (it == properties.end()) return mapping;
  nlohmann::json json = nlohmann::json::parse(it->second, nullptr, false);
  if (!json.is_array()) {
    mapping.malformed_ = "its table property schema.name-mapping.default is not a JSON array";
    return mapping;
  }
  mapping.fields_ = ParseFields(json, 0);
  mapping.present_ = true;
  if (schema) mapping.by_name_ = !IdsAgree(mapping.fields_, schema->fields());
  return mapping;
}

const NameMapping::MappedField* NameMapping::Find(const std::vector<MappedField>& level, int field_id,
                                                  const std::string& name) const {
  for (const auto& entry : level) {
    if (by_name_ ? entry.Names(name) : entry.id == field_id) return &entry;
  }
  return nullptr;
}

int NameMapping::FindColumn(const ParquetReader& reader, int field_id, const std::string& name) const {
  const auto& columns = reader.columns();
  bool has_ids = false;
  for (size_t i = 0; i < columns.size(); ++i) {
    if (columns[i].field_id >= 0) has_ids = true;
    if (columns[i].field_id == field_id) return static_cast<int>(i);
  }
  if (has_ids) return -1;
  if (!present_) {
    throw FormatError("data file " + reader.path() + " has no Parquet field ids and " +
                      (malformed_.empty() ? "its table has no schema.name-mapping.default property"
                                          : malformed_) +
                      " to match its columns to the table's (column " + name + ", field id " +
                      std::to_string(field_id) + ")");
  }
  const MappedField* entry = Find(fields_, field_id, name);
  if (!entry) return -1;
  for (const auto& candidate : entry->names) {
    for (size_t i = 0; i < columns.size(); ++i) {
      if (columns[i].name == candidate) return static_cast<int>(i);
    }
  }
  return -1;
}

}  // namespace floe::iceberg
