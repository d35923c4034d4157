#pragma once

#include <optional>

#include "parquet/column_predicate.h"
#include "planner/bound_expression.h"

namespace floe {

/// Turns a scan filter (a bound conjunct over the scan's output columns) into a
/// ColumnPredicate a file reader can prune with: `col <op> constant` (either side,
/// `<=>` too), `col IN (constants)`, `col IS [NOT] NULL`, where `col` may be under a
/// lossless widening cast (int to bigint, double or decimal; float to double) and a
/// constant under a cast the binder left unfolded (CAST(5 AS BIGINT)).
class ColumnPredicateTranslator {
 public:
  /// Returns the predicate with `column` set to the scan output position of the column,
  /// or nothing when the filter has another shape.
  static std::optional<ColumnPredicate> Translate(const BoundExpression& filter);

 private:
  static const BoundExpression* ColumnOf(const BoundExpression& expression);
  static std::optional<Value> ConstantOf(const BoundExpression& expression);
};

}  // namespace floe
