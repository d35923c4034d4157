#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds skewness(x) of a numeric argument as double: sqrt(n) m3 / m2^1.5 over the
/// central moments; NULL without input or when every value is equal, as in Spark 3.
BoundAggregateFunction BindSkewness(const std::vector<LogicalType>& arg_types, bool distinct);

/// Binds kurtosis(x), the excess kurtosis n m4 / m2^2 - 3, NULL as skewness.
BoundAggregateFunction BindKurtosis(const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
