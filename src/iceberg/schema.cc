#include "iceberg/schema.h"

#include <algorithm>

#include "common/ascii_case.h"
#include "common/exception.h"

namespace floe::iceberg {

using nlohmann::json;

Schema::Schema(int schema_id, std::vector<NestedField> fields, std::vector<int> identifier_field_ids)
    : schema_id_(schema_id),
      struct_(Type::Struct(std::move(fields))),
      identifier_field_ids_(std::move(identifier_field_ids)) {
  Index();
}

void Schema::Index() {
  by_id_.clear();
  by_name_.clear();
  names_.clear();
  // Walks nested types; struct children get dotted names, list/map children keep
  // Java's "element" / "key" / "value" components.
  auto walk = [&](auto& self, const Type& type, const std::string& prefix) -> void {
    for (const auto& f : type.fields()) {
      std::string name = prefix.empty() ? f.name() : prefix + "." + f.name();
      by_id_[f.id()] = &f;
      by_name_.emplace(name, &f);
      names_[f.id()] = name;
      if (f.type() && f.type()->IsNested()) self(self, *f.type(), name);
    }
  };
  walk(walk, *struct_, "");
}

Schema Schema::FromJson(const json& j) {
  if (!j.is_object()) throw FormatError("schema must be a JSON object");
  TypePtr type = Type::FromJson(j);
  if (type->kind() != TypeKind::kStruct) throw FormatError("schema must be a struct type");
  int schema_id = 0;
  if (auto it = j.find("schema-id"); it != j.end()) {
    if (!it->is_number_integer()) throw FormatError("schema-id must be an integer");
    schema_id = it->get<int>();
  }
  std::vector<int> ids;
  if (auto it = j.find("identifier-field-ids"); it != j.end() && it->is_array()) {
    for (const auto& id : *it) {
      if (!id.is_number_integer()) throw FormatError("identifier-field-ids must hold integers");
      ids.push_back(id.get<int>());
    }
  }
  return Schema(schema_id, type->fields(), std::move(ids));
}

json Schema::ToJson() const {
  json out = json::object();
  out["type"] = "struct";
  out["schema-id"] = schema_id_;
  if (!identifier_field_ids_.empty()) out["identifier-field-ids"] = identifier_field_ids_;
  out["fields"] = struct_->ToJson()["fields"];
  return out;
}

const NestedField* Schema::FindFieldById(int id) const {
  auto it = by_id_.find(id);
  return it == by_id_.end() ? nullptr : it->second;
}

const NestedField* Schema::FindFieldByName(const std::string& name, bool case_sensitive) const {
  auto it = by_name_.find(name);
  if (it != by_name_.end()) return it->second;
  if (case_sensitive) return nullptr;
  for (const auto& [n, f] : by_name_) {
    if (EqualsIgnoreCase(n, name)) return f;
  }
  return nullptr;
}

std::string Schema::FindColumnName(int id) const {
  auto it = names_.find(id);
  return it == names_.end() ? "" : it->second;
}

int Schema::HighestFieldId() const {
  int highest = 0;
  for (const auto& [id, f] : by_id_) highest = std::max(highest, id);
  return highest;
}

bool Schema::operator==(const Schema& other) const {
  return schema_id_ == other.schema_id_ && identifier_field_ids_ == other.identifier_field_ids_ &&
         *struct_ == *other.struct_;
}

}  // namespace floe::iceberg
