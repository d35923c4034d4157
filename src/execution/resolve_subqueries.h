#pragma once

#include "function/function_context.h"
#include "planner/bound_expression.h"

namespace floe {

/// Returns a copy of `expr` in which each subquery, which has run, is its value: a constant,
/// or for `x IN (subquery)` the IN list of its rows (`false` when it has none), with the
/// parts that became constant folded. A scan plans its files with it, as with any constant.
BoundExpressionPtr ResolveSubqueries(const BoundExpression& expr, const FunctionContext& context);

}  // namespace floe
