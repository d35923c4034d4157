#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds percentile(x, p) of a numeric x as double: exact, interpolating linearly
/// between the closest ranks as Spark does; p (constant) must be in [0, 1]. Keeps every
/// non-NULL value of the group (8 bytes each), as Spark's percentile does.
BoundAggregateFunction BindPercentile(const std::vector<LogicalType>& arg_types, bool distinct);

/// Binds median(x): percentile(x, 0.5).
BoundAggregateFunction BindMedian(const std::vector<LogicalType>& arg_types, bool distinct);

/// Binds percentile_approx(x, p[, accuracy]) (approx_percentile) of a numeric, date or
/// timestamp x, returning x's type: the value of rank ceil(p n), the min for
/// p <= 1/accuracy and the max for p >= 1 - 1/accuracy, which is Spark's answer whenever
/// its sketch is exact and within its error bound otherwise. Keeps every value (unlike
/// Spark's bounded sketch).
BoundAggregateFunction BindPercentileApprox(const std::vector<LogicalType>& arg_types,
                                            bool distinct);

}  // namespace floe
