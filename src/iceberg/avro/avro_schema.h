#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace floe::iceberg::avro {

/// Names an Avro type.
enum class AvroType : uint8_t {
  kNull,
  kBoolean,
  kInt,
  kLong,
  kFloat,
  kDouble,
  kBytes,
  kString,
  kRecord,
  kEnum,
  kArray,
  kMap,
  kUnion,
  kFixed,
};

class AvroSchema;
using AvroSchemaPtr = std::shared_ptr<const AvroSchema>;

/// A record field with Iceberg's "field-id" attribute when present.
struct AvroField {
  std::string name;
  AvroSchemaPtr schema;
  std::optional<int> field_id;
};

/// A parsed Avro schema node, keeping the attributes Iceberg relies on (field-id,
/// element-id, logicalType). Named types may be referenced again by name.
class AvroSchema {
 public:
  /// Parses schema JSON; throws FormatError when it is not a valid Avro schema.
  static AvroSchemaPtr Parse(const nlohmann::json& json);
  /// Parses schema JSON text; throws FormatError.
  static AvroSchemaPtr Parse(const std::string& text);

  AvroType type() const { return type_; }
  const std::string& name() const { return name_; }
  /// Returns the record's fields.
  const std::vector<AvroField>& fields() const { return fields_; }
  /// Returns the array's item schema or the map's value schema.
  const AvroSchemaPtr& items() const { return items_; }
  /// Returns the union's branches.
  const std::vector<AvroSchemaPtr>& branches() const { return branches_; }
  /// Returns the enum's symbols.
  const std::vector<std::string>& symbols() const { return symbols_; }
  /// Returns the fixed size in bytes.
  int size() const { return size_; }
  const std::string& logical_type() const { return logical_type_; }
  std::optional<int> element_id() const { return element_id_; }
  /// Returns a decimal logical type's precision and scale (0 when absent).
  int precision() const { return precision_; }
  int scale() const { return scale_; }
  /// Returns Iceberg's "adjust-to-utc" attribute of a timestamp (true when absent).
  bool adjust_to_utc() const { return adjust_to_utc_; }

  /// Returns the index of a record field by Iceberg field id, falling back to the name;
  /// -1 when absent.
  int FieldIndex(std::optional<int> field_id, const std::string& name) const;
  /// Returns the non-null branch of a ["null", X] union, or this schema otherwise.
  const AvroSchema& NonNull() const;

 private:
  friend class AvroSchemaParser;
  AvroType type_ = AvroType::kNull;
  std::string name_;
  std::vector<AvroField> fields_;
  AvroSchemaPtr items_;
  std::vector<AvroSchemaPtr> branches_;
  std::vector<std::string> symbols_;
  int size_ = 0;
  std::string logical_type_;
  std::optional<int> element_id_;
  int precision_ = 0;
  int scale_ = 0;
  bool adjust_to_utc_ = true;
};

}  // namespace floe::iceberg::avro
