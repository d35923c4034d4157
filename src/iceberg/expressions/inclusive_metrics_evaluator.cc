#include "iceberg/expressions/inclusive_metrics_evaluator.h"

#include "iceberg/expressions/file_metrics.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/expressions/value_range.h"

namespace floe::iceberg {

InclusiveMetricsEvaluator::InclusiveMetricsEvaluator(const Schema& schema, const ExpressionPtr& filter)
    : schema_(schema), filter_(RewriteNot(filter)) {}

bool InclusiveMetricsEvaluator::Eval(const DataFile& file) const {
  if (file.record_count == 0) return false;  // an empty file holds no matching row
  return Eval(*filter_, file);
}

bool InclusiveMetricsEvaluator::Eval(const Expression& e, const DataFile& file) const {
  switch (e.op()) {
    case Operation::kTrue: return true;
    case Operation::kFalse: return false;
    case Operation::kAnd: return Eval(*e.left(), file) && Eval(*e.right(), file);
    case Operation::kOr: return Eval(*e.left(), file) || Eval(*e.right(), file);
    case Operation::kNot: return true;
    default: break;
  }
  const auto& p = static_cast<const Predicate&>(e);
  const NestedField* field = schema_.FindFieldById(p.field_id());
  if (!field || !field->type()->IsPrimitive()) return true;
  int id = p.field_id();
  auto values = MetricCount(file.value_counts, id);
  auto nulls = MetricCount(file.null_value_counts, id);
  auto nans = MetricCount(file.nan_value_counts, id);
  bool all_null = values && nulls && *nulls == *values;
  bool all_nan = values && nans && *nans == *values;
  switch (p.op()) {
    case Operation::kIsNull: return !(nulls && *nulls == 0);
    case Operation::kNotNull: return !all_null;
    case Operation::kIsNan: return !(nans && *nans == 0) && !all_null;
    case Operation::kNotNan: return !all_nan;
    default: break;
  }
  if (p.op() == Operation::kNotEq || p.op() == Operation::kNotIn) {
    // NULL satisfies neither; NaN satisfies both, so a file of NaNs and NULLs may match
    // (Java's notEq / notIn never prune)
    if (all_null) return false;
  } else if (all_nan || (values && nulls && *nulls + nans.value_or(0) == *values)) {
    return false;  // only NULLs and NaNs, which no other comparison, set or prefix test holds for
  }
  ValueRange range{MetricBound(file.lower_bounds, id, *field->type()),
                   MetricBound(file.upper_bounds, id, *field->type()), nans && *nans == 0};
  return range.MayMatch(p);
}

}  // namespace floe::iceberg
