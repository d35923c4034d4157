#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds first(x[, ignore_nulls]) (first_value, any_value): the first row's x in input
/// order, NULL included unless ignore_nulls (a constant boolean) is true. Spark calls it
/// nondeterministic; here one thread follows input order, and combine(source, target)
/// keeps the target's value, so the target must be the earlier partition.
BoundAggregateFunction BindFirst(const std::vector<LogicalType>& arg_types, bool distinct);

/// Binds last(x[, ignore_nulls]) (last_value): as first, keeping the last row; combine
/// takes the source's value when it has one (the source being the later partition).
BoundAggregateFunction BindLast(const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
