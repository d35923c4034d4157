#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds regr_avgx(y, x) (`of_x` true) or regr_avgy(y, x): avg of x (or y) over the rows
/// where both are non-NULL, with avg's result type (double, or a wider decimal).
BoundAggregateFunction BindRegrAverage(bool of_x, const std::vector<LogicalType>& arg_types,
                                       bool distinct);

}  // namespace floe
