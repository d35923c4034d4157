#pragma once

#include <vector>

#include "function/aggregate_function.h"

namespace floe {

/// Binds schema_of_variant_agg(v): the schema of the group's variants merged into one
/// (Spark's SchemaOfVariantAgg over SchemaOfVariant.mergeSchema), as text; VOID for a
/// group of only NULLs, or none.
BoundAggregateFunction BindSchemaOfVariantAgg(const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
