#pragma once

#include "common/vector.h"
#include "function/function_context.h"
#include "planner/bound_expression.h"

namespace floe {

/// Evaluates bound expressions a batch at a time. Branches of CASE, COALESCE, AND and
/// OR are evaluated only on the rows that reach them, so `CASE WHEN x = 0 THEN 0 ELSE
/// 1 / x END` never divides by zero.
class ExpressionExecutor {
 public:
  explicit ExpressionExecutor(const FunctionContext& context) : context_(context) {}

  /// Returns the expression's values for every row of input.
  Vector Evaluate(const BoundExpression& expr, const DataChunk& input) const;
  /// Returns the expression's values for `count` rows of input.
  Vector Evaluate(const BoundExpression& expr, const DataChunk& input, size_t count) const;
  /// Collects the rows where a boolean expression is true (not false, not NULL).
  void Select(const BoundExpression& expr, const DataChunk& input, SelectionVector& sel) const;
  /// Evaluates an expression with no column references.
  Value EvaluateConstant(const BoundExpression& expr) const;

 private:
  Vector EvaluateOnRows(const BoundExpression& expr, const DataChunk& input,
                        const std::vector<uint32_t>& rows, size_t total) const;
  /// Writes a CASE branch's (or a COALESCE argument's) values at `rows` of `result`. A NULL
  /// constant only marks them NULL; a column of the branch's type or a constant, which can
  /// neither fail nor depend on the rows chosen, is read whole instead of sliced to `rows`.
  void WriteBranch(const BoundExpression& expr, const DataChunk& input, const std::vector<uint32_t>& rows,
                   size_t count, Vector& result) const;
  Vector EvaluateAnd(const BoundExpression& expr, const DataChunk& input, size_t count) const;
  Vector EvaluateOr(const BoundExpression& expr, const DataChunk& input, size_t count) const;
  Vector EvaluateCase(const BoundExpression& expr, const DataChunk& input, size_t count) const;
  Vector EvaluateCoalesce(const BoundExpression& expr, const DataChunk& input, size_t count) const;
  Vector EvaluateIn(const BoundExpression& expr, const DataChunk& input, size_t count) const;
  /// Returns `needle` [NOT] IN `items` with SQL's NULL semantics.
  Vector EvaluateInItems(const BoundExpression& needle, const std::vector<const BoundExpression*>& items,
                         bool negated, const DataChunk& input, size_t count) const;
  /// Returns the result of a subquery that has run: its value, or x IN its rows.
  Vector EvaluateSubquery(const BoundExpression& expr, const DataChunk& input, size_t count) const;
  /// transform, filter, exists, forall, zip_with and aggregate (higher_order_functions.cc).
  Vector EvaluateHigherOrder(const BoundExpression& expr, const DataChunk& input, size_t count) const;
  Vector EvaluateAggregate(const BoundExpression& expr, const DataChunk& input, size_t count) const;
  /// Evaluates a lambda body over `rows` (input rows, repeated as the elements need) with
  /// `params` in its slots from `slot` on; the enclosing lambdas' values follow the rows.
  Vector EvaluateLambda(const BoundExpression& body, const DataChunk& input, const std::vector<uint32_t>& rows,
                        size_t slot, const std::vector<const Vector*>& params) const;

  const FunctionContext& context_;
  // the values of the lambda parameters in scope, by slot, row for row with the input
  mutable std::vector<const Vector*> lambda_values_;
};

}  // namespace floe
