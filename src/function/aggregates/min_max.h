#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds min(x) of any ordered type (strings copied into the state; NaN is the
/// greatest double, as in Spark); NULL without a non-NULL input.
BoundAggregateFunction BindMin(const std::vector<LogicalType>& arg_types, bool distinct);

/// Binds max(x), as min.
BoundAggregateFunction BindMax(const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
