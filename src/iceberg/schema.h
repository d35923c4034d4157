#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "iceberg/type.h"

namespace floe::iceberg {

/// A table schema: a struct of fields with ids, a schema id and identifier fields.
class Schema {
 public:
  Schema() : Schema(0, {}) {}
  Schema(int schema_id, std::vector<NestedField> fields, std::vector<int> identifier_field_ids = {});

  int schema_id() const { return schema_id_; }
  const std::vector<NestedField>& fields() const { return struct_->fields(); }
  const TypePtr& AsStruct() const { return struct_; }
  const std::vector<int>& identifier_field_ids() const { return identifier_field_ids_; }

  /// Returns the field with this id at any depth, or nullptr.
  const NestedField* FindFieldById(int id) const;
  /// Returns the top-level or dotted ("a.b") field with this name, or nullptr.
  const NestedField* FindFieldByName(const std::string& name, bool case_sensitive = true) const;
  /// Returns the dotted name of the field with this id ("a.b"), or "" when unknown.
  std::string FindColumnName(int id) const;
  /// Returns the largest field id used anywhere in the schema (0 when empty).
  int HighestFieldId() const;

  /// Serializes as the spec's JSON ("type": "struct", "schema-id", "fields"...).
  nlohmann::json ToJson() const;
  /// Parses the spec's JSON; throws FormatError when malformed.
  static Schema FromJson(const nlohmann::json& json);

  bool operator==(const Schema& other) const;

 private:
  void Index();

  int schema_id_ = 0;
  TypePtr struct_;
  std::vector<int> identifier_field_ids_;
  std::unordered_map<int, const NestedField*> by_id_;
  std::unordered_map<std::string, const NestedField*> by_name_;
  std::unordered_map<int, std::string> names_;
};

}  // namespace floe::iceberg
