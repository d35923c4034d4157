#pragma once

#include <functional>

#include "common/value.h"
#include "planner/logical_operator.h"

namespace floe {

/// Evaluates an expression without column references or subqueries; throws as the
/// expression would when it runs.
using ConstantEvaluator = std::function<Value(const BoundExpression&)>;

/// Replaces each expression that reads no column, no parameter and no subquery, and calls
/// only deterministic functions, by its value (Spark's ConstantFolding), in every operator:
///
///   Filter (k = CAST(1 + 1 AS BIGINT))          Filter (k = 2)
///     Get t                              =>        Get t
///
/// so the rules after it, and the scans, see `column op constant`. Correct because such an
/// expression has one value for every row of every execution. One that fails (1 / 0 under
/// ANSI) is left as it is, its constant parts folded: it raises where it is evaluated, and
/// not at all when no row reaches it (CASE WHEN false THEN 1 / 0 END). A folded constant
/// keeps the expression's text, so plans print what the query wrote.
class ConstantFolding {
 public:
  explicit ConstantFolding(ConstantEvaluator evaluate) : evaluate_(std::move(evaluate)) {}

  LogicalOperatorPtr Rewrite(LogicalOperatorPtr op);
  /// Folds the constant parts of one expression.
  BoundExpressionPtr Fold(BoundExpressionPtr expr) const;

 private:
  void Visit(LogicalOperator& op) const;

  ConstantEvaluator evaluate_;
};

}  // namespace floe
