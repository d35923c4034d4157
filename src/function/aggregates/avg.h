#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds avg(x) (alias mean): int/bigint/float/double -> double, decimal(p,s) ->
/// decimal(min(38,p+4), min(38,s+4)) rounded half-up; NULL without a non-NULL input.
/// `try_avg` (try_avg) yields NULL where avg raises [ARITHMETIC_OVERFLOW].
BoundAggregateFunction BindAvg(const std::vector<LogicalType>& arg_types, bool distinct,
                               bool try_avg = false);

}  // namespace floe
