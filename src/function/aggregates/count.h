#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds count(*) (no arguments) and count(x, ...), the rows where every argument is
/// non-NULL; returns bigint, 0 for no rows.
BoundAggregateFunction BindCount(const std::vector<LogicalType>& arg_types, bool distinct);

/// Binds count_if(condition), the rows where the boolean condition is true.
BoundAggregateFunction BindCountIf(const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
