#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Which statistic a variance aggregate returns.
enum class VarianceKind { kVarPop, kVarSamp, kStddevPop, kStddevSamp };

/// Binds var_pop / var_samp (variance) / stddev_pop / stddev_samp (stddev, std) of a
/// numeric argument as double, numerically stable (Welford per row, or two-pass moments
/// per batch, merged with Spark's parallel formula): NULL without input, and sample
/// statistics of a single row are NULL as in Spark 3.
BoundAggregateFunction BindVariance(VarianceKind kind, const std::vector<LogicalType>& arg_types,
                                    bool distinct);

}  // namespace floe
