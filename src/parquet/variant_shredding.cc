#include "parquet/variant_shredding.h"

#include <optional>
#include <string_view>
#include <vector>

#include "common/exception.h"
#include "common/variant.h"
#include "common/variant_builder.h"

namespace floe {
namespace {

// Returns the 16 bytes of a uuid's text (as the column reader shows a UUID leaf); nothing
// when it is not one.
std::optional<std::string> UuidBytes(std::string_view text) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '-') continue;
    if (i + 1 >= text.size() || hex(text[i]) < 0 || hex(text[i + 1]) < 0) return std::nullopt;
    out.push_back(static_cast<char>(hex(text[i]) * 16 + hex(text[i + 1])));
    ++i;
  }
  if (out.size() != 16) return std::nullopt;
  return out;
}

class Rebuilder {
 public:
  Rebuilder(std::string where, std::string_view metadata) : where_(std::move(where)), metadata_(metadata) {}

  // Appends the value a group of value / typed_value stands for; false when both are NULL
  // (a missing object field: nothing appended).
  bool Append(const ParquetNode& node, const Value& group, const std::string& path) {
    const Value* value = nullptr;
    const Value* typed = nullptr;
    const ParquetNode* typed_node = nullptr;
    if (!group.is_null()) {
      for (size_t i = 0; i < node.children.size() && i < group.children().size(); ++i) {
        const Value& v = group.children()[i];
        if (v.is_null()) continue;
        if (node.children[i].name == "value") value = &v;
        if (node.children[i].name == "typed_value") {
          typed = &v;
          typed_node = &node.children[i];
        }
      }
    }
    if (!typed) {
      if (!value) return false;
      builder_.AppendVariant(Residual(value->str(), path));
      return true;
    }
    switch (typed_node->kind) {
      case ParquetNode::Kind::kStruct: AppendObject(*typed_node, *typed, value, path); return true;
      case ParquetNode::Kind::kList:
        if (value) Broken(path, "an array in typed_value has a value too");
        AppendArray(*typed_node, *typed, path);
        return true;
      default:
        if (value) Broken(path, "both value and typed_value are set");
        AppendPrimitive(*typed_node, *typed, path);
        return true;
    }
  }

  std::string Finish() {
    try {
      return builder_.Finish();
    } catch (const InvalidInputError& e) {
      throw FormatError(where_ + ": " + e.what());
    }
  }

  VariantBuilder& builder() { return builder_; }

 private:
  [[noreturn]] void Broken(const std::string& path, const std::string& what) const {
    throw FormatError(where_ + (path.empty() ? "" : " at " + path) + ": " + what);
  }

  VariantRef Residual(const std::string& bytes, const std::string& path) {
    try {
      VariantRef r(metadata_, bytes);
      r.Validate();
      return r;
    } catch (const FormatError& e) {
      Broken(path, e.what());
    }
  }

  void AppendObject(const ParquetNode& typed_node, const Value& typed, const Value* value, const std::string& path) {
    size_t start = builder_.Position();
    std::vector<VariantBuilder::Field> fields;
    for (size_t i = 0; i < typed_node.children.size() && i < typed.children().size(); ++i) {
      const ParquetNode& field = typed_node.children[i];
      size_t offset = builder_.Position();
      if (Append(field, typed.children()[i], path + "." + field.name)) {
        fields.push_back(builder_.AddKey(field.name, offset));
      }
    }
    if (value) {  // partially shredded: the fields that are not shredded
      VariantRef rest = Residual(value->str(), path);
      if (rest.type() != VariantType::kObject) Broken(path, "typed_value is an object but value is not");
      for (size_t i = 0, n = rest.ObjectSize(); i < n; ++i) {
        auto [key, child] = rest.FieldAt(i);
        // a shredded field is read from typed_value alone, present or missing there (the
        // spec: "the typed_value column must be used"; Iceberg's TestVariantReaders
        // .testPartiallyShreddedObjectFieldConflict / ...MissingFieldConflict)
        if (IsShredded(typed_node, key)) continue;
        size_t offset = builder_.Position();
        builder_.AppendVariant(child);
        fields.push_back(builder_.AddKey(key, offset));
      }
    }
    try {
      builder_.FinishObject(start, std::move(fields));
    } catch (const VariantDuplicateKeyError& e) {
      Broken(path, std::string("an object with a repeated field: ") + e.what());
    }
  }

  static bool IsShredded(const ParquetNode& typed_node, std::string_view key) {
    for (const auto& field : typed_node.children) {
      if (field.name == key) return true;
    }
    return false;
  }

  void AppendArray(const ParquetNode& typed_node, const Value& typed, const std::string& path) {
    size_t start = builder_.Position();
    std::vector<size_t> offsets;
    const ParquetNode& element = typed_node.children[0];
    for (const Value& e : typed.children()) {
      offsets.push_back(builder_.Position());
      // (a missing element breaks the spec: Iceberg's reader takes it as a variant null,
      // TestVariantReaders.testArrayWithElementNullValueAndNullTypedValue)
      if (!Append(element, e, path + "[]")) builder_.AppendNull();
    }
    builder_.FinishArray(start, offsets);
  }

  void AppendPrimitive(const ParquetNode& leaf, const Value& v, const std::string& path) {
    switch (v.type().id()) {
      case TypeId::kBoolean: return builder_.AppendBoolean(v.boolean());
      case TypeId::kInt8:
      case TypeId::kInt16:
      case TypeId::kInt32:
      case TypeId::kInt64: return builder_.AppendLong(v.int64());
      case TypeId::kFloat: return builder_.AppendFloat(v.float32());
      case TypeId::kDouble: return builder_.AppendDouble(v.float64());
      case TypeId::kDecimal: return builder_.AppendDecimal(v.decimal(), v.type().scale());
      case TypeId::kDate: return builder_.AppendDate(v.int32());
      case TypeId::kTime: return builder_.AppendTime(v.int64());
      case TypeId::kTimestamp: return builder_.AppendTimestamp(v.int64());
      case TypeId::kTimestampNtz: return builder_.AppendTimestampNtz(v.int64());
      case TypeId::kTimestampNs: return builder_.AppendTimestampNanos(v.int64());
      case TypeId::kTimestampNtzNs: return builder_.AppendTimestampNtzNanos(v.int64());
      case TypeId::kBinary:
        if (leaf.leaf.is_uuid) {
          if (v.str().size() != 16) Broken(path, "a uuid that is not 16 bytes");
          return builder_.AppendUuid(v.str());
        }
        return builder_.AppendBinary(v.str());
      case TypeId::kString:
        if (leaf.leaf.conversion == ParquetConversion::kUuidToString) {
          auto bytes = UuidBytes(v.str());
          if (!bytes) Broken(path, "a uuid that is not 16 bytes");
          return builder_.AppendUuid(*bytes);
        }
        return builder_.AppendString(v.str());
      default: Broken(path, "typed_value of type " + v.type().ToString());
    }
  }

  std::string where_;
  std::string_view metadata_;
  VariantBuilder builder_;
};

}  // namespace

std::string RebuildShreddedVariant(const ParquetNode& group, const Value& row) {
  const std::string where = "column \"" + group.name + "\"";
  const Value* metadata = nullptr;
  for (size_t i = 0; i < group.children.size() && i < row.children().size(); ++i) {
    if (group.children[i].name == "metadata" && !row.children()[i].is_null()) metadata = &row.children()[i];
  }
  if (!metadata) throw FormatError(where + ": a shredded variant without its metadata");
  Rebuilder rebuilder(where, metadata->str());
  // (a group whose value and typed_value are both NULL, where a value is required: null)
  if (!rebuilder.Append(group, row, "")) rebuilder.builder().AppendNull();
  return rebuilder.Finish();
}

}  // namespace floe
