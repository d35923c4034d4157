#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/types.h"
#include "sql/source_position.h"

namespace floe {

/// A type name as written: `INT`, `DECIMAL(10, 2)`, `ARRAY<STRING>`, `STRUCT<a: INT>`.
/// The binder resolves it (common/types.h ParseTypeName for the scalar ones).
struct ParsedType {
  /// Holds the name as written (`decimal`, `timestamp_ntz`, `array`, ...).
  std::string name;
  /// Holds numeric parameters: DECIMAL(10, 2) -> {10, 2}; VARCHAR(5) -> {5}.
  std::vector<int64_t> params;
  /// Holds whether parentheses followed the name (DECIMAL() vs DECIMAL).
  bool has_params = false;
  /// Holds element types: ARRAY<T> -> {T}; MAP<K, V> -> {K, V}; STRUCT<...> -> field types.
  std::vector<ParsedType> children;
  /// Holds the field names of a STRUCT, parallel to children, with whether each was
  /// declared NOT NULL and its COMMENT ("" when none).
  std::vector<std::string> field_names;
  std::vector<bool> field_not_null;
  std::vector<std::string> field_comments;
  SourcePosition position;

  /// Returns the type as Spark prints it in SQL: `INT`, `DECIMAL(10,2)`, `ARRAY<STRING>`.
  std::string ToString() const;
  /// Resolves a scalar type (common/types.h ParseTypeName; a bare DECIMAL is Spark's
  /// DECIMAL(10, 0)); returns false for an unknown or nested one.
  bool ToScalarType(LogicalType* out) const;
  /// Resolves any type: a scalar one, or ARRAY<T>, MAP<K, V> and STRUCT<name: T, ...> of
  /// resolvable types; returns false otherwise.
  bool ToType(LogicalType* out) const;
};

}  // namespace floe
