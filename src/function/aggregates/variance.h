#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Which statistic a variance aggregate returns.
enum class VarianceKind { kVarPop, kVarSamp, kStddevPop, kStddevSamp };

/// Binds var_pop / var_samp (variance) / stddev_pop / stddev_samp (stddev, std) of a
/// numeric argument as double (Welford's algorithm, Spark's update and merge formulas):
/// NULL without input, and sample statistics of a single row are NULL as in Spark 3.
BoundAggregateFunction BindVariance(VarianceKind kind, const std::vector<LogicalType>& arg_types,
                                    bool distinct);

}  // namespace floe
