#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Which statistic of two variables a covariance aggregate returns.
enum class CovarianceKind {
  kCovarPop,
  kCovarSamp,
  kCorr,
  kRegrSlope,
  kRegrIntercept,
  kRegrR2,
  kRegrSxx,
  kRegrSyy,
  kRegrSxy,
};

/// Binds covar_pop(x, y) / covar_samp(x, y) / corr(x, y) and the regressions
/// regr_slope / regr_intercept / regr_r2 / regr_sxx / regr_syy / regr_sxy(y, x) (note
/// Spark's order: dependent first) of two numeric arguments as double, over the rows
/// where both are non-NULL (Spark's online co-moment updates and merge): NULL without
/// rows; covar_samp and corr of one row, corr of a constant variable, and slope,
/// intercept and r2 of a constant x are NULL as in Spark 3 (r2 of a constant y is 1).
BoundAggregateFunction BindCovariance(CovarianceKind kind,
                                      const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
