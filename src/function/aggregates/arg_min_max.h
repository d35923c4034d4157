#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds min_by(x, y): the x of the row with the least y (rows with NULL y skipped, the
/// first row of a tie kept, x may be NULL); NULL without such a row.
BoundAggregateFunction BindMinBy(const std::vector<LogicalType>& arg_types, bool distinct);

/// Binds max_by(x, y): as min_by, for the greatest y.
BoundAggregateFunction BindMaxBy(const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
