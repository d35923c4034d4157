#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/types.h"
#include "iceberg/nested_field.h"

namespace floe::iceberg {

/// Names an Iceberg type, primitive or nested.
enum class TypeKind : uint8_t {
  kBoolean,
  kInt,
  kLong,
  kFloat,
  kDouble,
  kDecimal,
  kDate,
  kTime,
  kTimestamp,    // without zone: wall clock
  kTimestampTz,  // with zone: an instant, stored as UTC
  kTimestampNs,    // format version 3: timestamp_ns, wall clock in nanoseconds
  kTimestampTzNs,  // format version 3: timestamptz_ns, an instant in nanoseconds
  kString,
  kUuid,
  kFixed,
  kBinary,
  kUnknown,    // format version 3: always NULL, never stored
  kGeometry,   // format version 3: WKB, with a CRS
  kGeography,  // format version 3: WKB, with a CRS and an edge algorithm
  kVariant,    // format version 3: semi-structured (Parquet's Variant: metadata and value)
  kStruct,
  kList,
  kMap,
};

/// An Iceberg type (spec "Schemas and Data Types"): a primitive, or a struct, list or
/// map whose children are NestedFields carrying field ids.
class Type {
 public:
  /// Returns the shared instance of a primitive type without parameters.
  static TypePtr Primitive(TypeKind kind);
  /// Returns decimal(precision, scale).
  static TypePtr Decimal(int precision, int scale);
  /// Returns fixed[length].
  static TypePtr Fixed(int length);
  /// Returns geometry(crs) or geography(crs, algorithm); empty parameters are the spec's
  /// defaults (OGC:CRS84, spherical) and are written as they were read: left out.
  static TypePtr Geometry(std::string crs);
  static TypePtr Geography(std::string crs, std::string algorithm);
  /// Returns a struct of the fields, in order.
  static TypePtr Struct(std::vector<NestedField> fields);
  /// Returns a list whose element has field id `element_id`.
  static TypePtr List(int element_id, bool element_required, TypePtr element);
  /// Returns a map with key and value field ids.
  static TypePtr Map(int key_id, TypePtr key, int value_id, bool value_required, TypePtr value);

  TypeKind kind() const { return kind_; }
  bool IsPrimitive() const { return kind_ < TypeKind::kStruct; }
  bool IsNested() const { return !IsPrimitive(); }
  int precision() const { return precision_; }
  int scale() const { return scale_; }
  int length() const { return length_; }
  /// A geometry's or geography's CRS and a geography's edge algorithm ("" when defaulted).
  const std::string& crs() const { return crs_; }
  const std::string& algorithm() const { return algorithm_; }
  /// Returns the children: struct fields; a list's element; a map's key and value.
  const std::vector<NestedField>& fields() const { return fields_; }
  /// Returns the struct field with this id among direct children, or nullptr.
  const NestedField* FieldById(int id) const;
  /// Returns the struct field with this name among direct children, or nullptr.
  const NestedField* FieldByName(const std::string& name) const;

  /// Returns the spec's name: "int", "decimal(9, 2)", "fixed[16]", "struct<...>".
  std::string ToString() const;
  /// Serializes as the spec's JSON appendix: a string for primitives, an object otherwise.
  nlohmann::json ToJson() const;
  /// Parses the spec's JSON form; throws FormatError on an unknown or malformed type.
  static TypePtr FromJson(const nlohmann::json& json);
  /// Parses a primitive type name ("long", "decimal(10,2)", "fixed[4]"); nullptr if unknown.
  static TypePtr FromPrimitiveName(const std::string& name);

  /// Returns floe's type for values of this type (timestamptz -> kTimestamp, ...).
  LogicalType ToLogicalType() const;
  /// Returns the name SQL shows for this type, as Spark's DESCRIBE does: floe's type name
  /// for a primitive, struct<name:type,...>, array<type> and map<key,value> for nested ones.
  /// With `field_options`, a struct's fields also say NOT NULL and COMMENT '...' as declared
  /// (SHOW CREATE TABLE; Spark's StructType.sql).
  std::string ToSqlName(bool field_options = false) const;
  /// Returns the Iceberg type that stores values of a floe type.
  /// Nested types take fresh field ids from *next_id (incremented before each) in the
  /// order Iceberg's AssignFreshIds gives them: a struct's fields, then each field's own
  /// nested fields; a list's element; a map's key and value. Without next_id a nested type
  /// is an InvalidInputError.
  static TypePtr FromLogicalType(const LogicalType& type, int* next_id = nullptr);

  bool operator==(const Type& other) const;

 private:
  explicit Type(TypeKind kind) : kind_(kind) {}

  TypeKind kind_;
  int precision_ = 0;
  int scale_ = 0;
  int length_ = 0;
  std::string crs_;
  std::string algorithm_;
  std::vector<NestedField> fields_;
};

}  // namespace floe::iceberg
