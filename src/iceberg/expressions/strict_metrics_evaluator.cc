#include "iceberg/expressions/strict_metrics_evaluator.h"

#include <algorithm>
#include <vector>

#include "iceberg/expressions/file_metrics.h"
#include "iceberg/expressions/predicate.h"

namespace floe::iceberg {

namespace {

bool Known(const Value& v) { return !v.is_null() && !IsNan(v); }

}  // namespace

StrictMetricsEvaluator::StrictMetricsEvaluator(const Schema& schema, const ExpressionPtr& filter)
    : schema_(schema), filter_(RewriteNot(filter)) {}

bool StrictMetricsEvaluator::Eval(const DataFile& file) const {
  if (file.record_count <= 0) return true;  // no row can fail the filter
  return Eval(*filter_, file);
}

bool StrictMetricsEvaluator::Eval(const Expression& e, const DataFile& file) const {
  switch (e.op()) {
    case Operation::kTrue: return true;
    case Operation::kFalse: return false;
    case Operation::kAnd: return Eval(*e.left(), file) && Eval(*e.right(), file);
    case Operation::kOr: return Eval(*e.left(), file) || Eval(*e.right(), file);
    case Operation::kNot: return false;  // RewriteNot leaves none; never claim more than known
    default: break;
  }
  const auto& p = static_cast<const Predicate&>(e);
  const NestedField* field = schema_.FindFieldById(p.field_id());
  if (!field || !field->type()->IsPrimitive()) return false;
  int id = p.field_id();
  auto values = MetricCount(file.value_counts, id);
  auto nulls = MetricCount(file.null_value_counts, id);
  auto nans = MetricCount(file.nan_value_counts, id);
  // Every value counted, none of them NULL; floating columns also need a NaN count of 0
  // (a file without NaN counts, from another writer, may hold NaNs).
  bool floating = field->type()->kind() == TypeKind::kFloat || field->type()->kind() == TypeKind::kDouble;
  bool no_nulls = nulls && *nulls == 0;
  bool no_nans = !floating || (nans && *nans == 0);
  bool all_null = values && nulls && *nulls == *values && *values == file.record_count;
  switch (p.op()) {
    case Operation::kIsNull: return all_null;
    case Operation::kNotNull: return no_nulls;
    case Operation::kIsNan: return values && nans && *nans == *values && *values == file.record_count;
    case Operation::kNotNan: return no_nans || all_null;  // a NULL is not NaN
    default: break;
  }
  Value lower = MetricBound(file.lower_bounds, id, *field->type());
  Value upper = MetricBound(file.upper_bounds, id, *field->type());
  if (p.op() == Operation::kNotEq || p.op() == Operation::kNotIn) {
    // NaN satisfies both, NULL neither: only the non-NaN values need to be outside the literals
    if (!no_nulls) return false;
    if (floating && values && nans && *nans == *values && *values == file.record_count) return true;
    // a NaN lower bound comes from a writer that let NaN into its bounds: trust neither (as Java)
    if (IsNan(lower)) return false;
    if (p.op() == Operation::kNotEq) {
      // every value is above or below the literal
      return (Known(lower) && lower.Compare(p.literal()) > 0) || (Known(upper) && upper.Compare(p.literal()) < 0);
    }
    // as Java's notIn: the literals at or above the lower bound, then those at or below the upper
    if (const auto& sorted = p.sorted_literals()) {
      size_t i = Known(lower) ? sorted->LowerBound(lower) : 0;
      return i == sorted->size() || (Known(upper) && upper.Compare((*sorted)[i]) < 0);
    }
    std::vector<Value> literals = p.literals();
    if (Known(lower)) std::erase_if(literals, [&](const Value& v) { return lower.Compare(v) > 0; });
    if (literals.empty()) return true;
    if (Known(upper)) std::erase_if(literals, [&](const Value& v) { return upper.Compare(v) < 0; });
    return literals.empty();
  }
  if (!no_nulls || !no_nans) return false;
  switch (p.op()) {
    case Operation::kLt: return Known(upper) && upper.Compare(p.literal()) < 0;
    case Operation::kLtEq: return Known(upper) && upper.Compare(p.literal()) <= 0;
    case Operation::kGt: return Known(lower) && lower.Compare(p.literal()) > 0;
    case Operation::kGtEq: return Known(lower) && lower.Compare(p.literal()) >= 0;
    case Operation::kEq:
      return Known(lower) && Known(upper) && lower.Compare(p.literal()) == 0 && upper.Compare(p.literal()) == 0;
    case Operation::kIn:
      if (!Known(lower) || !Known(upper) || lower.Compare(upper) != 0) return false;
      if (const auto& sorted = p.sorted_literals()) {
        return sorted->Contains(lower);
      }
      for (const auto& v : p.literals()) {
        if (lower.Compare(v) == 0) return true;
      }
      return false;
    default: return false;  // prefixes of truncated string bounds prove nothing here
  }
}

}  // namespace floe::iceberg
