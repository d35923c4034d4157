#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Which statistic of two variables a covariance aggregate returns.
enum class CovarianceKind { kCovarPop, kCovarSamp, kCorr };

/// Binds covar_pop(x, y) / covar_samp(x, y) / corr(x, y) of two numeric arguments as
/// double, over the rows where both are non-NULL (Spark's online co-moment updates and
/// merge): NULL without rows; covar_samp and corr of one row, and corr of a constant
/// variable, are NULL as in Spark 3.
BoundAggregateFunction BindCovariance(CovarianceKind kind,
                                      const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
