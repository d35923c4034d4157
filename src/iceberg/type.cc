#include "iceberg/type.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "common/exception.h"
#include "common/sql_text.h"
#include "common/utf8.h"
#include "iceberg/single_value_parser.h"

namespace floe::iceberg {

using nlohmann::json;

bool NestedField::operator==(const NestedField& other) const {
  if (id_ != other.id_ || name_ != other.name_ || required_ != other.required_ ||
      doc_ != other.doc_ || initial_default_ != other.initial_default_ || write_default_ != other.write_default_) {
    return false;
  }
  if (!type_ || !other.type_) return type_ == other.type_;
  return *type_ == *other.type_;
}

static const char* PrimitiveName(TypeKind kind) {
  switch (kind) {
    case TypeKind::kBoolean: return "boolean";
    case TypeKind::kInt: return "int";
    case TypeKind::kLong: return "long";
    case TypeKind::kFloat: return "float";
    case TypeKind::kDouble: return "double";
    case TypeKind::kDate: return "date";
    case TypeKind::kTime: return "time";
    case TypeKind::kTimestamp: return "timestamp";
    case TypeKind::kTimestampTz: return "timestamptz";
    case TypeKind::kTimestampNs: return "timestamp_ns";
    case TypeKind::kTimestampTzNs: return "timestamptz_ns";
    case TypeKind::kString: return "string";
    case TypeKind::kUuid: return "uuid";
    case TypeKind::kBinary: return "binary";
    case TypeKind::kUnknown: return "unknown";
    case TypeKind::kVariant: return "variant";
    default: return nullptr;
  }
}

TypePtr Type::Primitive(TypeKind kind) {
  static const auto kTypes = [] {
    std::array<TypePtr, static_cast<size_t>(TypeKind::kStruct)> types;
    for (size_t i = 0; i < types.size(); ++i) {
      types[i] = TypePtr(new Type(static_cast<TypeKind>(i)));
    }
    return types;
  }();
  if (kind == TypeKind::kDecimal || kind == TypeKind::kFixed || kind == TypeKind::kGeometry ||
      kind == TypeKind::kGeography || !PrimitiveName(kind)) {
    throw InternalError("Type::Primitive needs a primitive type without parameters");
  }
  return kTypes[static_cast<size_t>(kind)];
}

TypePtr Type::Geometry(std::string crs) {
  auto* t = new Type(TypeKind::kGeometry);
  t->crs_ = std::move(crs);
  return TypePtr(t);
}

TypePtr Type::Geography(std::string crs, std::string algorithm) {
  auto* t = new Type(TypeKind::kGeography);
  t->crs_ = std::move(crs);
  t->algorithm_ = std::move(algorithm);
  return TypePtr(t);
}

TypePtr Type::Decimal(int precision, int scale) {
  if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
    throw InvalidInputError("invalid decimal(" + std::to_string(precision) + ", " +
                            std::to_string(scale) + "): precision must be 1..38 and scale 0..precision");
  }
  auto* t = new Type(TypeKind::kDecimal);
  t->precision_ = precision;
  t->scale_ = scale;
  return TypePtr(t);
}

TypePtr Type::Fixed(int length) {
  if (length < 0) throw InvalidInputError("invalid fixed[" + std::to_string(length) + "]");
  auto* t = new Type(TypeKind::kFixed);
  t->length_ = length;
  return TypePtr(t);
}

TypePtr Type::Struct(std::vector<NestedField> fields) {
  auto* t = new Type(TypeKind::kStruct);
  t->fields_ = std::move(fields);
  return TypePtr(t);
}

TypePtr Type::List(int element_id, bool element_required, TypePtr element) {
  auto* t = new Type(TypeKind::kList);
  t->fields_.emplace_back(element_id, "element", std::move(element), element_required);
  return TypePtr(t);
}

TypePtr Type::Map(int key_id, TypePtr key, int value_id, bool value_required, TypePtr value) {
  auto* t = new Type(TypeKind::kMap);
  t->fields_.emplace_back(key_id, "key", std::move(key), true);
  t->fields_.emplace_back(value_id, "value", std::move(value), value_required);
  return TypePtr(t);
}

const NestedField* Type::FieldById(int id) const {
  for (const auto& f : fields_) {
    if (f.id() == id) return &f;
  }
  return nullptr;
}

const NestedField* Type::FieldByName(const std::string& name) const {
  for (const auto& f : fields_) {
    if (f.name() == name) return &f;
  }
  return nullptr;
}

std::string Type::ToString() const {
  switch (kind_) {
    case TypeKind::kDecimal:
      return "decimal(" + std::to_string(precision_) + ", " + std::to_string(scale_) + ")";
    case TypeKind::kFixed: return "fixed[" + std::to_string(length_) + "]";
    case TypeKind::kGeometry: return crs_.empty() ? "geometry" : "geometry(" + crs_ + ")";
    case TypeKind::kGeography:
      return crs_.empty() && algorithm_.empty() ? "geography"
             : algorithm_.empty()               ? "geography(" + crs_ + ")"
                                                : "geography(" + crs_ + ", " + algorithm_ + ")";
    case TypeKind::kStruct: {
      std::string out = "struct<";
      for (size_t i = 0; i < fields_.size(); ++i) {
        if (i) out += ", ";
        out += std::to_string(fields_[i].id()) + ": " + fields_[i].name() + ": " +
               (fields_[i].required() ? "required " : "optional ") + fields_[i].type()->ToString();
      }
      return out + ">";
    }
    case TypeKind::kList: return "list<" + fields_[0].type()->ToString() + ">";
    case TypeKind::kMap:
      return "map<" + fields_[0].type()->ToString() + ", " + fields_[1].type()->ToString() + ">";
    default: return PrimitiveName(kind_);
  }
}

static json FieldToJson(const NestedField& f) {
  json out = json::object();
  out["id"] = f.id();
  out["name"] = f.name();
  out["required"] = f.required();
  out["type"] = f.type()->ToJson();
  if (!f.doc().empty()) out["doc"] = f.doc();
  if (f.initial_default()) out["initial-default"] = json::parse(*f.initial_default());
  if (f.write_default()) out["write-default"] = json::parse(*f.write_default());
  return out;
}

json Type::ToJson() const {
  switch (kind_) {
    case TypeKind::kStruct: {
      json out = json::object();
      out["type"] = "struct";
      out["fields"] = json::array();
      for (const auto& f : fields_) out["fields"].push_back(FieldToJson(f));
      return out;
    }
    case TypeKind::kList: {
      json out = json::object();
      out["type"] = "list";
      out["element-id"] = fields_[0].id();
      out["element"] = fields_[0].type()->ToJson();
      out["element-required"] = fields_[0].required();
      return out;
    }
    case TypeKind::kMap: {
      json out = json::object();
      out["type"] = "map";
      out["key-id"] = fields_[0].id();
      out["key"] = fields_[0].type()->ToJson();
      out["value-id"] = fields_[1].id();
      out["value"] = fields_[1].type()->ToJson();
      out["value-required"] = fields_[1].required();
      return out;
    }
    default: return ToString();
  }
}

// Parses "name(a, b)" / "name[a]" parameters; false when the shape does not match.
static bool ParseParams(const std::string& s, size_t open, char close, std::vector<int>* out) {
  if (s.empty() || s.back() != close) return false;
  std::string inner = s.substr(open + 1, s.size() - open - 2);
  size_t pos = 0;
  while (pos <= inner.size()) {
    size_t comma = inner.find(',', pos);
    std::string part = inner.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    size_t b = part.find_first_not_of(' '), e = part.find_last_not_of(' ');
    if (b == std::string::npos) return false;
    part = part.substr(b, e - b + 1);
    if (part.empty() || part.size() > 9) return false;
    for (char c : part) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    }
    out->push_back(std::stoi(part));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return true;
}

TypePtr Type::FromPrimitiveName(const std::string& name) {
  for (int k = 0; k < static_cast<int>(TypeKind::kStruct); ++k) {
    const char* n = PrimitiveName(static_cast<TypeKind>(k));
    if (n && name == n) return Primitive(static_cast<TypeKind>(k));
  }
  // geometry[(crs)], geography[(crs[, algorithm])] (spec "Primitive Types"; a CRS may hold
  // any character but the parentheses and, for geography, the comma)
  for (const char* geo : {"geometry", "geography"}) {
    std::string g = geo;
    if (name.rfind(g, 0) != 0) continue;
    bool geography = g == "geography";
    std::string rest = name.substr(g.size());
    if (rest.empty()) return geography ? Geography("", "") : Geometry("");
    if (rest.front() != '(' || rest.back() != ')') return nullptr;
    std::string inner = rest.substr(1, rest.size() - 2);
    auto trim = [](std::string s) {
      size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
      return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
    };
    if (!geography) return inner.find_first_of("()") != std::string::npos ? nullptr : Geometry(trim(inner));
    size_t comma = inner.find(',');
    std::string crs = trim(inner.substr(0, comma));
    std::string algorithm = comma == std::string::npos ? "" : trim(inner.substr(comma + 1));
    static const char* const kAlgorithms[] = {"", "spherical", "vincenty", "thomas", "andoyer", "karney"};
    if (std::find(std::begin(kAlgorithms), std::end(kAlgorithms), algorithm) == std::end(kAlgorithms)) return nullptr;
    return Geography(crs, algorithm);
  }
  std::vector<int> params;
  if (name.rfind("decimal(", 0) == 0) {
    if (!ParseParams(name, 7, ')', &params) || params.size() != 2) return nullptr;
    if (params[0] < 1 || params[0] > 38 || params[1] > params[0]) return nullptr;
    return Decimal(params[0], params[1]);
  }
  if (name.rfind("fixed[", 0) == 0) {
    if (!ParseParams(name, 5, ']', &params) || params.size() != 1) return nullptr;
    return Fixed(params[0]);
  }
  return nullptr;
}

static int RequireInt(const json& j, const char* key, const char* what) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) {
    throw FormatError(std::string(what) + " is missing integer \"" + key + "\"");
  }
  return it->get<int>();
}

static bool RequireBool(const json& j, const char* key, const char* what) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_boolean()) {
    throw FormatError(std::string(what) + " is missing boolean \"" + key + "\"");
  }
  return it->get<bool>();
}

static const json& RequireKey(const json& j, const char* key, const char* what) {
  auto it = j.find(key);
  if (it == j.end()) throw FormatError(std::string(what) + " is missing \"" + key + "\"");
  return *it;
}

TypePtr Type::FromJson(const json& j) {
  if (j.is_string()) {
    std::string name = j.get<std::string>();
    TypePtr t = FromPrimitiveName(name);
    if (!t) {
      throw FormatError("unknown Iceberg type " + QuoteForMessage(name));
    }
    return t;
  }
  if (!j.is_object()) {
    throw FormatError(std::string("Iceberg type must be a string or an object, not ") + j.type_name());
  }
  const json& type = RequireKey(j, "type", "nested type");
  if (!type.is_string()) throw FormatError("nested type has a non-string \"type\"");
  std::string kind = type.get<std::string>();
  if (kind == "struct") {
    const json& fields = RequireKey(j, "fields", "struct type");
    if (!fields.is_array()) throw FormatError("struct \"fields\" must be an array");
    std::vector<NestedField> out;
    for (const auto& f : fields) {
      if (!f.is_object()) throw FormatError("struct field must be an object");
      const json& name = RequireKey(f, "name", "struct field");
      if (!name.is_string()) throw FormatError("struct field name must be a string");
      std::string doc;
      if (auto it = f.find("doc"); it != f.end() && it->is_string()) doc = it->get<std::string>();
      out.emplace_back(RequireInt(f, "id", "struct field"), name.get<std::string>(),
                       FromJson(RequireKey(f, "type", "struct field")),
                       RequireBool(f, "required", "struct field"), doc);
      auto default_of = [&](const char* key) -> std::optional<std::string> {
        auto it = f.find(key);
        if (it == f.end()) return std::nullopt;
        return it->dump();
      };
      auto initial = default_of("initial-default"), write = default_of("write-default");
      for (const char* key : {"initial-default", "write-default"}) {
        // why: a default that is not a value of its field's type fails here, naming the
        // field, rather than in the middle of a scan
        if (auto it = f.find(key); it != f.end() && out.back().type()->IsPrimitive()) {
          SingleValueParser::FromJson(*out.back().type(), *it, std::string(key) + " of field " + name.get<std::string>());
        }
      }
      if (initial || write) out.back() = out.back().WithDefaults(std::move(initial), std::move(write));
    }
    return Struct(std::move(out));
  }
  if (kind == "list") {
    return List(RequireInt(j, "element-id", "list type"),
                RequireBool(j, "element-required", "list type"),
                FromJson(RequireKey(j, "element", "list type")));
  }
  if (kind == "map") {
    return Map(RequireInt(j, "key-id", "map type"), FromJson(RequireKey(j, "key", "map type")),
               RequireInt(j, "value-id", "map type"), RequireBool(j, "value-required", "map type"),
               FromJson(RequireKey(j, "value", "map type")));
  }
  throw FormatError("unknown nested Iceberg type \"" + kind + "\"");
}

std::string Type::ToSqlName(bool field_options) const {
  switch (kind_) {
    case TypeKind::kStruct: {
      std::string out = "struct<";
      for (size_t i = 0; i < fields_.size(); ++i) {
        if (i) out += ",";
        out += fields_[i].name() + ":" + fields_[i].type()->ToSqlName(field_options);
        if (!field_options) continue;
        if (fields_[i].required()) out += " NOT NULL";
        if (!fields_[i].doc().empty()) out += " COMMENT " + SqlStringLiteral(fields_[i].doc());
      }
      return out + ">";
    }
    case TypeKind::kList: return "array<" + fields_[0].type()->ToSqlName(field_options) + ">";
    case TypeKind::kMap:
      return "map<" + fields_[0].type()->ToSqlName(field_options) + "," + fields_[1].type()->ToSqlName(field_options) +
             ">";
    // the Iceberg type, so DESCRIBE says what the binary column holds
    case TypeKind::kGeometry:
    case TypeKind::kGeography: return ToString();
    default: return ToLogicalType().ToString();
  }
}

LogicalType Type::ToLogicalType() const {
  switch (kind_) {
    case TypeKind::kBoolean: return TypeId::kBoolean;
    case TypeKind::kInt: return TypeId::kInt32;
    case TypeKind::kLong: return TypeId::kInt64;
    case TypeKind::kFloat: return TypeId::kFloat;
    case TypeKind::kDouble: return TypeId::kDouble;
    case TypeKind::kDecimal: return LogicalType::Decimal(precision_, scale_);
    case TypeKind::kDate: return TypeId::kDate;
    case TypeKind::kTime: return TypeId::kTime;
    case TypeKind::kTimestamp: return TypeId::kTimestampNtz;
    case TypeKind::kTimestampTz: return TypeId::kTimestamp;
    case TypeKind::kTimestampNs: return TypeId::kTimestampNtzNs;
    case TypeKind::kTimestampTzNs: return TypeId::kTimestampNs;
    case TypeKind::kString: return TypeId::kString;
    case TypeKind::kUuid: return TypeId::kString;  // 16 bytes, shown as text (Spark's TypeToSparkType)
    case TypeKind::kFixed:
    case TypeKind::kBinary:
    case TypeKind::kGeometry:   // WKB, as the spec stores it
    case TypeKind::kGeography: return TypeId::kBinary;
    case TypeKind::kUnknown: return TypeId::kNull;  // always NULL (Spark's NullType)
    case TypeKind::kVariant: return TypeId::kVariant;
    case TypeKind::kStruct: {
      std::vector<StructField> fields;
      for (const auto& f : fields_) fields.emplace_back(f.name(), f.type()->ToLogicalType());
      return LogicalType::Struct(std::move(fields));
    }
    case TypeKind::kList: return LogicalType::List(fields_.at(0).type()->ToLogicalType());
    case TypeKind::kMap:
      return LogicalType::Map(fields_.at(0).type()->ToLogicalType(), fields_.at(1).type()->ToLogicalType());
  }
  throw NotImplementedError("Iceberg type " + ToString() + " has no floe type");
}

TypePtr Type::FromLogicalType(const LogicalType& type, int* next_id) {
  if (type.IsNested() && !next_id) {
    throw InvalidInputError("type " + type.ToString() + " needs field ids to be stored in an Iceberg table");
  }
  switch (type.id()) {
    case TypeId::kStruct: {
      std::vector<int> ids;
      for (size_t i = 0; i < type.fields().size(); ++i) ids.push_back(++*next_id);
      std::vector<NestedField> fields;
      for (size_t i = 0; i < type.fields().size(); ++i) {
        fields.push_back(NestedField::Optional(ids[i], type.fields()[i].first,
                                               FromLogicalType(type.fields()[i].second, next_id)));
      }
      return Struct(std::move(fields));
    }
    case TypeId::kList: {
      int element_id = ++*next_id;
      return List(element_id, false, FromLogicalType(type.element(), next_id));
    }
    case TypeId::kMap: {
      int key_id = ++*next_id;
      int value_id = ++*next_id;
      TypePtr key = FromLogicalType(type.key(), next_id);
      return Map(key_id, key, value_id, false, FromLogicalType(type.value(), next_id));
    }
    case TypeId::kBoolean: return Primitive(TypeKind::kBoolean);
    case TypeId::kInt8:   // Iceberg has no 8- or 16-bit integers: Spark stores them as int
    case TypeId::kInt16:
    case TypeId::kInt32: return Primitive(TypeKind::kInt);
    case TypeId::kInt64: return Primitive(TypeKind::kLong);
    case TypeId::kFloat: return Primitive(TypeKind::kFloat);
    case TypeId::kDouble: return Primitive(TypeKind::kDouble);
    case TypeId::kDecimal: return Decimal(type.precision(), type.scale());
    case TypeId::kDate: return Primitive(TypeKind::kDate);
    case TypeId::kTimestamp: return Primitive(TypeKind::kTimestampTz);
    case TypeId::kTimestampNtz: return Primitive(TypeKind::kTimestamp);
    case TypeId::kTimestampNs: return Primitive(TypeKind::kTimestampTzNs);
    case TypeId::kTimestampNtzNs: return Primitive(TypeKind::kTimestampNs);
    case TypeId::kTime: return Primitive(TypeKind::kTime);
    case TypeId::kString: return Primitive(TypeKind::kString);
    case TypeId::kBinary: return Primitive(TypeKind::kBinary);
    case TypeId::kVariant: return Primitive(TypeKind::kVariant);
    default:
      throw InvalidInputError("type " + type.ToString() + " cannot be stored in an Iceberg table");
  }
}

bool Type::operator==(const Type& other) const {
  return kind_ == other.kind_ && precision_ == other.precision_ && scale_ == other.scale_ &&
         length_ == other.length_ && crs_ == other.crs_ && algorithm_ == other.algorithm_ && fields_ == other.fields_;
}

}  // namespace floe::iceberg
