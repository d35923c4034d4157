#include "function/aggregates/register_aggregates.h"

#include <string>

#include "common/exception.h"
#include "function/aggregates/arg_min_max.h"
#include "function/aggregates/avg.h"
#include "function/aggregates/bit_aggregate.h"
#include "function/aggregates/bool_and_or.h"
#include "function/aggregates/central_moments.h"
#include "function/aggregates/collect.h"
#include "function/aggregates/count.h"
#include "function/aggregates/covariance.h"
#include "function/aggregates/first_last.h"
#include "function/aggregates/bloom_filter_agg.h"
#include "function/aggregates/hyperloglog.h"
#include "function/aggregates/theta_sketch_agg.h"
#include "function/aggregates/min_max.h"
#include "function/aggregates/mode.h"
#include "function/aggregates/percentile.h"
#include "function/aggregates/regr_average.h"
#include "function/aggregates/schema_of_variant_agg.h"
#include "function/aggregates/string_agg.h"
#include "function/aggregates/sum.h"
#include "function/aggregates/variance.h"
#include "function/function_registry.h"

namespace floe {

namespace {

/// Returns a binder of one variance statistic.
AggregateBinder VarianceBinder(VarianceKind kind) {
  return [kind](const std::vector<LogicalType>& arg_types, bool distinct) {
    return BindVariance(kind, arg_types, distinct);
  };
}

/// Returns a binder of one covariance statistic.
AggregateBinder CovarianceBinder(CovarianceKind kind) {
  return [kind](const std::vector<LogicalType>& arg_types, bool distinct) {
    return BindCovariance(kind, arg_types, distinct);
  };
}

/// Returns a binder of one bitwise fold.
AggregateBinder BitBinder(BitOperation operation) {
  return [operation](const std::vector<LogicalType>& arg_types, bool distinct) {
    return BindBitAggregate(operation, arg_types, distinct);
  };
}

}  // namespace

void RegisterAggregateFunctions(FunctionRegistry& registry) {
  registry.AddAggregate("count", BindCount);
  registry.AddAggregate("count_if", BindCountIf);
  registry.AddAggregate("schema_of_variant_agg", BindSchemaOfVariantAgg);

  AggregateBinder sum = [](const std::vector<LogicalType>& types, bool distinct) {
    return BindSum(types, distinct);
  };
  registry.AddAggregate("sum", sum);
  registry.AddAggregate("try_sum", [](const std::vector<LogicalType>& types, bool distinct) {
    return BindSum(types, distinct, /*try_sum=*/true);
  });

  AggregateBinder avg = [](const std::vector<LogicalType>& types, bool distinct) {
    return BindAvg(types, distinct);
  };
  registry.AddAggregate("avg", avg);
  registry.AddAggregate("mean", avg);
  registry.AddAggregate("try_avg", [](const std::vector<LogicalType>& types, bool distinct) {
    return BindAvg(types, distinct, /*try_avg=*/true);
  });

  registry.AddAggregate("min", BindMin);
  registry.AddAggregate("max", BindMax);
  registry.AddAggregate("min_by", BindMinBy);
  registry.AddAggregate("max_by", BindMaxBy);

  registry.AddAggregate("var_pop", VarianceBinder(VarianceKind::kVarPop));
  registry.AddAggregate("var_samp", VarianceBinder(VarianceKind::kVarSamp));
  registry.AddAggregate("variance", VarianceBinder(VarianceKind::kVarSamp));
  registry.AddAggregate("stddev_pop", VarianceBinder(VarianceKind::kStddevPop));
  registry.AddAggregate("stddev_samp", VarianceBinder(VarianceKind::kStddevSamp));
  registry.AddAggregate("stddev", VarianceBinder(VarianceKind::kStddevSamp));
  registry.AddAggregate("std", VarianceBinder(VarianceKind::kStddevSamp));

  registry.AddAggregate("covar_pop", CovarianceBinder(CovarianceKind::kCovarPop));
  registry.AddAggregate("covar_samp", CovarianceBinder(CovarianceKind::kCovarSamp));
  registry.AddAggregate("corr", CovarianceBinder(CovarianceKind::kCorr));
  registry.AddAggregate("regr_slope", CovarianceBinder(CovarianceKind::kRegrSlope));
  registry.AddAggregate("regr_intercept", CovarianceBinder(CovarianceKind::kRegrIntercept));
  registry.AddAggregate("regr_r2", CovarianceBinder(CovarianceKind::kRegrR2));
  registry.AddAggregate("regr_sxx", CovarianceBinder(CovarianceKind::kRegrSxx));
  registry.AddAggregate("regr_syy", CovarianceBinder(CovarianceKind::kRegrSyy));
  registry.AddAggregate("regr_sxy", CovarianceBinder(CovarianceKind::kRegrSxy));
  registry.AddAggregate("regr_count", [](const std::vector<LogicalType>& types, bool distinct) {
    if (types.size() != 2) {
      throw BinderError("regr_count expects two arguments (y, x), got " +
                        std::to_string(types.size()));
    }
    return BindCount(types, distinct);  // the rows where both are non-NULL
  });
  registry.AddAggregate("regr_avgx", [](const std::vector<LogicalType>& types, bool distinct) {
    return BindRegrAverage(/*of_x=*/true, types, distinct);
  });
  registry.AddAggregate("regr_avgy", [](const std::vector<LogicalType>& types, bool distinct) {
    return BindRegrAverage(/*of_x=*/false, types, distinct);
  });
  registry.AddAggregate("skewness", BindSkewness);
  registry.AddAggregate("kurtosis", BindKurtosis);

  registry.AddAggregate("percentile", BindPercentile);
  registry.AddAggregate("median", BindMedian);
  registry.AddAggregate("percentile_approx", BindPercentileApprox);
  registry.AddAggregate("approx_percentile", BindPercentileApprox);

  registry.AddAggregate("approx_count_distinct", BindApproxCountDistinct);
  registry.AddAggregate("iceberg_theta_sketch", BindIcebergThetaSketch);
  registry.AddAggregate("bloom_filter_agg", BindBloomFilterAgg);
  registry.AddAggregate("mode", BindMode);
  registry.AddAggregate("string_agg", BindStringAgg);
  registry.AddAggregate("listagg", BindStringAgg);
  registry.AddAggregate("collect_list", [](const std::vector<LogicalType>& types, bool distinct) {
    return BindCollect(false, types, distinct);
  });
  registry.AddAggregate("array_agg", [](const std::vector<LogicalType>& types, bool distinct) {
    return BindCollect(false, types, distinct);
  });
  registry.AddAggregate("collect_set", [](const std::vector<LogicalType>& types, bool distinct) {
    return BindCollect(true, types, distinct);
  });

  registry.AddAggregate("first", BindFirst);
  registry.AddAggregate("first_value", BindFirst);
  registry.AddAggregate("any_value", BindFirst);
  registry.AddAggregate("last", BindLast);
  registry.AddAggregate("last_value", BindLast);

  registry.AddAggregate("bool_and", BindBoolAnd);
  registry.AddAggregate("every", BindBoolAnd);
  registry.AddAggregate("bool_or", BindBoolOr);
  registry.AddAggregate("some", BindBoolOr);
  registry.AddAggregate("any", BindBoolOr);

  registry.AddAggregate("bit_and", BitBinder(BitOperation::kAnd));
  registry.AddAggregate("bit_or", BitBinder(BitOperation::kOr));
  registry.AddAggregate("bit_xor", BitBinder(BitOperation::kXor));
}

}  // namespace floe
