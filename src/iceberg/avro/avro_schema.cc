#include "iceberg/avro/avro_schema.h"

#include <set>

#include <map>

#include "common/exception.h"
#include "iceberg/json_object.h"

namespace floe::iceberg::avro {

using nlohmann::json;

// Builds AvroSchema trees, resolving references to named types seen earlier.
class AvroSchemaParser {
 public:
  AvroSchemaPtr Parse(const json& j, int depth) {
    if (depth > 64) throw FormatError("Avro schema is nested too deeply");
    if (j.is_string()) return Named(j.get<std::string>());
    if (j.is_array()) {
      auto s = std::make_shared<AvroSchema>();
      s->type_ = AvroType::kUnion;
      for (const auto& b : j) s->branches_.push_back(Parse(b, depth + 1));
      if (s->branches_.empty()) throw FormatError("Avro union has no branches");
      return s;
    }
    if (!j.is_object()) throw FormatError("Avro schema must be a string, array or object");
    auto t = j.find("type");
    if (t == j.end()) throw FormatError("Avro schema object has no \"type\"");
    if (!t->is_string()) {
      // {"type": {...}} wraps another schema.
      return Parse(*t, depth + 1);
    }
    std::string type = t->get<std::string>();
    auto s = std::make_shared<AvroSchema>();
    if (auto lt = j.find("logicalType"); lt != j.end() && lt->is_string()) s->logical_type_ = lt->get<std::string>();
    if (auto p = j.find("precision"); p != j.end() && p->is_number_integer()) s->precision_ = p->get<int>();
    if (auto sc = j.find("scale"); sc != j.end() && sc->is_number_integer()) s->scale_ = sc->get<int>();
    if (auto utc = j.find("adjust-to-utc"); utc != j.end() && utc->is_boolean()) s->adjust_to_utc_ = utc->get<bool>();
    if (type == "record" || type == "error") {
      s->type_ = AvroType::kRecord;
      s->name_ = Name(j);
      named_[s->name_] = s;
      // why: a field referring back to its record would make a cycle of shared pointers
      // that is never freed; manifests never use one (found by fuzzing: a leak per file)
      open_records_.insert(s.get());
      auto fields = j.find("fields");
      if (fields == j.end() || !fields->is_array()) throw FormatError("Avro record " + s->name_ + " has no fields array");
      for (const auto& f : *fields) {
        if (!f.is_object() || !f.contains("name") || !f["name"].is_string() || !f.contains("type")) {
          throw FormatError("Avro record " + s->name_ + " has a malformed field");
        }
        AvroField field{f["name"].get<std::string>(), Parse(f["type"], depth + 1), std::nullopt};
        if (auto id = f.find("field-id"); id != f.end() && id->is_number_integer()) field.field_id = id->get<int>();
        s->fields_.push_back(std::move(field));
      }
      open_records_.erase(s.get());
      return s;
    }
    if (type == "enum") {
      s->type_ = AvroType::kEnum;
      s->name_ = Name(j);
      auto symbols = j.find("symbols");
      if (symbols == j.end() || !symbols->is_array()) throw FormatError("Avro enum has no symbols");
      for (const auto& sym : *symbols) {
        if (!sym.is_string()) throw FormatError("Avro enum symbol must be a string");
        s->symbols_.push_back(sym.get<std::string>());
      }
      named_[s->name_] = s;
      return s;
    }
    if (type == "fixed") {
      s->type_ = AvroType::kFixed;
      s->name_ = Name(j);
      auto size = j.find("size");
      if (size == j.end() || !size->is_number_integer() || size->get<int64_t>() < 0 || size->get<int64_t>() > (1 << 20)) {
        throw FormatError("Avro fixed " + s->name_ + " has an invalid size");
      }
      s->size_ = size->get<int>();
      named_[s->name_] = s;
      return s;
    }
    if (type == "array" || type == "map") {
      s->type_ = type == "array" ? AvroType::kArray : AvroType::kMap;
      auto items = j.find(type == "array" ? "items" : "values");
      if (items == j.end()) throw FormatError("Avro " + type + " has no item type");
      s->items_ = Parse(*items, depth + 1);
      if (auto id = j.find("element-id"); id != j.end() && id->is_number_integer()) s->element_id_ = id->get<int>();
      return s;
    }
    AvroSchemaPtr primitive = Primitive(type);
    if (!primitive) throw FormatError("unknown Avro type \"" + type + "\"");
    s->type_ = primitive->type_;
    return s;
  }

 private:
  static std::string Name(const json& j) {
    auto n = j.find("name");
    if (n == j.end() || !n->is_string()) throw FormatError("Avro named type has no name");
    return n->get<std::string>();
  }

  static AvroSchemaPtr Primitive(const std::string& name) {
    static const std::map<std::string, AvroType> kPrimitives = {
        {"null", AvroType::kNull},     {"boolean", AvroType::kBoolean}, {"int", AvroType::kInt},
        {"long", AvroType::kLong},     {"float", AvroType::kFloat},     {"double", AvroType::kDouble},
        {"bytes", AvroType::kBytes},   {"string", AvroType::kString}};
    auto it = kPrimitives.find(name);
    if (it == kPrimitives.end()) return nullptr;
    auto s = std::make_shared<AvroSchema>();
    s->type_ = it->second;
    return s;
  }

  AvroSchemaPtr Named(const std::string& name) {
    AvroSchemaPtr found = FindNamed(name);
    if (open_records_.count(found.get())) {
      throw FormatError("Avro type " + name + " refers to itself (recursive types are not supported)");
    }
    return found;
  }

  AvroSchemaPtr FindNamed(const std::string& name) {
    if (AvroSchemaPtr p = Primitive(name)) return p;
    auto it = named_.find(name);
    if (it == named_.end()) {
      // A reference may use the short name of a namespaced type.
      for (const auto& [full, schema] : named_) {
        size_t dot = full.rfind('.');
        if (dot != std::string::npos && full.substr(dot + 1) == name) return schema;
      }
      throw FormatError("unknown Avro type \"" + name + "\"");
    }
    return it->second;
  }

  std::map<std::string, AvroSchemaPtr> named_;
  std::set<const AvroSchema*> open_records_;  // records whose fields are being parsed
};

AvroSchemaPtr AvroSchema::Parse(const json& j) {
  AvroSchemaParser parser;
  return parser.Parse(j, 0);
}

AvroSchemaPtr AvroSchema::Parse(const std::string& text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    throw FormatError("Avro schema is not valid JSON: " + DescribeJsonError(e));
  }
  return Parse(j);
}

int AvroSchema::FieldIndex(std::optional<int> field_id, const std::string& name) const {
  if (field_id) {
    for (size_t i = 0; i < fields_.size(); ++i) {
      if (fields_[i].field_id == field_id) return static_cast<int>(i);
    }
  }
  for (size_t i = 0; i < fields_.size(); ++i) {
    // A field carrying a different id is another field, even with the same name.
    if (fields_[i].name == name && (!field_id || !fields_[i].field_id)) return static_cast<int>(i);
  }
  return -1;
}

const AvroSchema& AvroSchema::NonNull() const {
  if (type_ != AvroType::kUnion) return *this;
  for (const auto& b : branches_) {
    if (b->type() != AvroType::kNull) return *b;
  }
  return *this;
}

}  // namespace floe::iceberg::avro
