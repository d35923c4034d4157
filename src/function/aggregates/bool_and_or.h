#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds bool_and(b) (every): true when every non-NULL b is true; NULL without input.
BoundAggregateFunction BindBoolAnd(const std::vector<LogicalType>& arg_types, bool distinct);

/// Binds bool_or(b) (some, any): true when some non-NULL b is true; NULL without input.
BoundAggregateFunction BindBoolOr(const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
