#include "iceberg/scan/nested_projection.h"

#include <nlohmann/json.hpp>

#include "common/exception.h"
#include "iceberg/single_value_parser.h"

namespace floe::iceberg {

namespace {

using Kind = ParquetNode::Kind;

const char* KindName(Kind kind) {
  switch (kind) {
    case Kind::kLeaf: return "primitive";
    case Kind::kStruct: return "struct";
    case Kind::kList: return "list";
    case Kind::kMap: return "map";
    case Kind::kMissing: return "missing";
    case Kind::kVariant:
    case Kind::kShreddedVariant: return "variant";
  }
  return "?";
}

ParquetNode Missing(const NestedField& field) {
  ParquetNode node;
  node.kind = Kind::kMissing;
  node.name = field.name();
  node.field_id = field.id();
  node.type = field.type()->ToLogicalType();
  node.default_value = InitialDefault(field);
  return node;
}

// The mapping entry of a list's element or a map's key or value: the one so named, else
// the one at that position.
const NameMapping::MappedField* Part(const NameMapping::MappedField* mapped, const char* name, size_t index) {
  if (!mapped) return nullptr;
  for (const auto& f : mapped->fields) {
    if (f.Names(name)) return &f;
  }
  return index < mapped->fields.size() ? &mapped->fields[index] : nullptr;
}

class Projector {
 public:
  Projector(bool has_ids, const NameMapping& mapping) : has_ids_(has_ids), mapping_(mapping) {}

  ParquetNode Project(const ParquetNode& file, const Type& type, const NameMapping::MappedField* mapped) {
    // (a variant's group has fields metadata and value, without field ids)
    if (type.kind() == TypeKind::kVariant) return VariantNode(file);
    Kind want = type.kind() == TypeKind::kStruct ? Kind::kStruct
                : type.kind() == TypeKind::kList ? Kind::kList
                : type.kind() == TypeKind::kMap  ? Kind::kMap
                                                 : Kind::kLeaf;
    if (file.kind != want) {
      throw FormatError("column \"" + file.name + "\" is a " + KindName(file.kind) + " in the file but a " +
                        type.ToString() + " in the table");
    }
    ParquetNode node = file;
    node.type = type.ToLogicalType();
    switch (want) {
      case Kind::kLeaf:
        node.leaf = ParquetSchema::Promote(file.leaf, node.type);
        return node;
      case Kind::kList:
        node.children = {Project(file.children[0], *type.fields()[0].type(), Part(mapped, "element", 0))};
        return node;
      case Kind::kMap:
        node.children = {Project(file.children[0], *type.fields()[0].type(), Part(mapped, "key", 0)),
                         Project(file.children[1], *type.fields()[1].type(), Part(mapped, "value", 1))};
        return node;
      default: break;
    }
    node.children.clear();
    for (const NestedField& field : type.fields()) {
      const ParquetNode* match = nullptr;
      const NameMapping::MappedField* entry = nullptr;
      if (has_ids_) {
        for (const auto& c : file.children) {
          if (c.field_id == field.id()) match = &c;
        }
      } else if (mapped && (entry = mapping_.Find(mapped->fields, field.id(), field.name()))) {
        for (const auto& c : file.children) {
          if (!match && entry->Names(c.name)) match = &c;
        }
      }
      node.children.push_back(match ? Project(*match, *field.type(), entry) : Missing(field));
    }
    return node;
  }

 private:
  bool has_ids_;
  const NameMapping& mapping_;
};

}  // namespace

std::optional<Value> InitialDefault(const NestedField& field) {
  if (!field.initial_default()) return std::nullopt;
  nlohmann::json json = nlohmann::json::parse(*field.initial_default());
  if (json.is_null()) return std::nullopt;
  const std::string what = "initial-default of field " + field.name();
  if (field.type()->IsPrimitive()) return SingleValueParser::FromJson(*field.type(), json, what);
  if (field.type()->kind() != TypeKind::kStruct) {
    throw FormatError(what + ": a " + field.type()->ToString() + " field's default must be null");
  }
  // (the spec: a nested struct's default is null or {}; its fields keep their own)
  if (!json.is_object() || !json.empty()) throw FormatError(what + ": a struct's default must be {} or null");
  std::vector<Value> fields;
  for (const NestedField& f : field.type()->fields()) {
    auto value = InitialDefault(f);
    fields.push_back(value ? *value : Value::Null(f.type()->ToLogicalType()));
  }
  return Value::Struct(field.type()->ToLogicalType(), std::move(fields));
}

std::shared_ptr<const ParquetNode> ProjectNested(const ParquetNode& file, const Type& type, bool file_has_ids,
                                                 const NameMapping& mapping,
                                                 const NameMapping::MappedField* mapped) {
  return std::make_shared<ParquetNode>(Projector(file_has_ids, mapping).Project(file, type, mapped));
}

}  // namespace floe::iceberg
