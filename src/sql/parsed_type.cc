#include "sql/parsed_type.h"

#include <cctype>

#include "common/ascii_case.h"

namespace floe {

std::string ParsedType::ToString() const {
  std::string upper = ToUpper(name);
  // Spark prints the canonical names of its synonyms.
  if (upper == "INTEGER") upper = "INT";
  if (upper == "LONG") upper = "BIGINT";
  if (upper == "SHORT") upper = "SMALLINT";
  if (upper == "BYTE") upper = "TINYINT";
  if (upper == "REAL") upper = "FLOAT";
  if (upper == "BOOL") upper = "BOOLEAN";
  if (upper == "NUMERIC" || upper == "DEC") upper = "DECIMAL";
  if (upper == "TEXT") upper = "STRING";
  std::string out = upper;
  if (upper == "DECIMAL" && !has_params) out = "DECIMAL(10,0)";
  if (has_params) {
    out += "(";
    for (size_t i = 0; i < params.size(); ++i) {
      if (i > 0) out += ",";
      out += std::to_string(params[i]);
    }
    out += ")";
  }
  if (!children.empty()) {
    out += "<";
    for (size_t i = 0; i < children.size(); ++i) {
      if (i > 0) out += ", ";
      if (i < field_names.size()) out += field_names[i] + ": ";
      out += children[i].ToString();
    }
    out += ">";
  }
  return out;
}

bool ParsedType::ToScalarType(LogicalType* out) const {
  int precision = params.size() > 0 ? static_cast<int>(params[0]) : 10;
  int scale = params.size() > 1 ? static_cast<int>(params[1]) : 0;
  return ParseTypeName(name, precision, scale, has_params, out);
}

bool ParsedType::ToType(LogicalType* out) const {
  std::vector<LogicalType> types(children.size());
  for (size_t i = 0; i < children.size(); ++i) {
    if (!children[i].ToType(&types[i])) return false;
  }
  std::string lower = name;
  for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "array" && types.size() == 1) {
    *out = LogicalType::List(types[0]);
    return true;
  }
  if (lower == "map" && types.size() == 2) {
    *out = LogicalType::Map(types[0], types[1]);
    return true;
  }
  if (lower == "struct" && !types.empty() && field_names.size() == types.size()) {
    std::vector<StructField> fields;
    for (size_t i = 0; i < types.size(); ++i) fields.emplace_back(field_names[i], types[i]);
    *out = LogicalType::Struct(std::move(fields));
    return true;
  }
  if (!children.empty()) return false;
  return ToScalarType(out);
}

}  // namespace floe
