#pragma once

#include <string>
#include <utility>
#include <vector>

#include "common/variant.h"

namespace floe {

/// The schema of a variant value as Spark's SchemaOfVariant infers it: a scalar's type name
/// (BIGINT, STRING, VOID for a variant null, VARIANT where types do not merge), a decimal's
/// digits, an object's fields in key order, an array's elements merged into one type.
struct VariantSchema {
  enum class Kind { kScalar, kDecimal, kObject, kArray } kind = Kind::kScalar;
  std::string name;  // a scalar's
  int precision = 0, scale = 0;
  std::vector<std::pair<std::string, VariantSchema>> fields;  // an object's, sorted; an array's element
  bool operator==(const VariantSchema&) const = default;
};

/// Returns the schema of a value (an integer of any width is BIGINT; a decimal has the digits
/// of its value with trailing zeros stripped).
VariantSchema SchemaOfVariant(const VariantRef& v);

/// Merges two schemas as SchemaOfVariant.mergeSchema: equal types stay; VOID gives way;
/// decimals (a bigint as decimal(20,0)) widen to hold both, or become DOUBLE past 38 digits;
/// a number with a double is a double; objects merge field by field, arrays element by
/// element; anything else is VARIANT.
VariantSchema MergeVariantSchema(const VariantSchema& a, const VariantSchema& b);

/// Returns the schema as Spark prints it: OBJECT<a: BIGINT, `b c`: ARRAY<STRING>>.
std::string VariantSchemaText(const VariantSchema& s);

}  // namespace floe
