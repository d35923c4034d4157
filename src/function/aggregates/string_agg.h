#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds string_agg(x[, delimiter]) (listagg, as in Spark 4 without WITHIN GROUP): the
/// non-NULL strings (or binaries) of the group concatenated in input order with the
/// constant delimiter (none by default); NULL without input. combine(source, target)
/// appends the source, so the target must be the earlier partition.
BoundAggregateFunction BindStringAgg(const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
