#pragma once

#include <string>

#include "common/value.h"
#include "parquet/parquet_schema.h"

namespace floe {

/// Rebuilds the variant of one row of a shredded Variant group (Parquet VariantShredding.md,
/// "Reconstructing a Shredded Variant"): `row` is the group read as a struct (metadata,
/// value, typed_value) per `group`, its node. Shredded objects take their present fields
/// (a field whose value and typed_value are both NULL is missing) and, when partially
/// shredded, the other fields of their `value` object (a shredded field is read from
/// typed_value only); shredded arrays their elements; typed primitives become the variant
/// type of the spec's table. Where a value is required (the top level, an array element),
/// value and typed_value both NULL is a variant null, as Iceberg's reader takes it.
/// Returns the variant packed (PackVariant); throws FormatError naming the column where the
/// data breaks the spec: a malformed residual value, a residual that is not an object beside
/// shredded fields, an array or primitive with a value too, a repeated field.
std::string RebuildShreddedVariant(const ParquetNode& group, const Value& row);

}  // namespace floe
