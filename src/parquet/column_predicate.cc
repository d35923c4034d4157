#include "parquet/column_predicate.h"

#include <cmath>

namespace floe {

namespace {

bool IsNaN(const Value& v) {
  return (v.type().id() == TypeId::kFloat || v.type().id() == TypeId::kDouble) &&
         std::isnan(v.float64());
}

}  // namespace

bool ColumnPredicate::MayMatch(const ColumnStatistics& stats) const {
  bool all_null = stats.null_count && *stats.null_count >= stats.num_values;
  switch (op) {
    case Op::kIsNull: return !stats.null_count || *stats.null_count > 0;
    case Op::kIsNotNull: return !all_null;
    default: break;
  }
  // comparisons with NULL are never true, so a page of only NULLs cannot match
  if (all_null && stats.num_values > 0) return false;
  if (!stats.min || !stats.max || values.empty()) return true;
  const Value& min = *stats.min;
  const Value& max = *stats.max;
  bool floating = min.type().IsFloating();
  for (const Value& v : values) {
    // why: another type cannot be compared safely; NULL literals compare to nothing
    if (v.is_null()) continue;
    if (v.type().id() != min.type().id()) return true;
    if (v.type().id() == TypeId::kDecimal && v.type().scale() != min.type().scale()) return true;
    if (IsNaN(v)) return true;
  }
  switch (op) {
    case Op::kEq:
    case Op::kIn:
      for (const Value& v : values) {
        if (v.is_null()) continue;
        if (min.Compare(v) <= 0 && v.Compare(max) <= 0) return true;
      }
      return false;
    case Op::kLt: return values[0].is_null() ? false : min.Compare(values[0]) < 0;
    case Op::kLe: return values[0].is_null() ? false : min.Compare(values[0]) <= 0;
    // why: statistics leave NaN out, and NaN sorts above every number in Spark
    case Op::kGt:
      if (values[0].is_null()) return false;
      return floating || max.Compare(values[0]) > 0;
    case Op::kGe:
      if (values[0].is_null()) return false;
      return floating || max.Compare(values[0]) >= 0;
    default: return true;
  }
}

}  // namespace floe
