#include "execution/resolve_subqueries.h"

#include "common/exception.h"
#include "execution/expression_executor.h"

namespace floe {

namespace {

// Folds the parts of a resolved expression that became constant.
BoundExpressionPtr FoldResolved(BoundExpressionPtr expr, const ExpressionExecutor& executor) {
  if (expr->kind == BoundExpressionKind::kConstant) return expr;
  if (expr->IsFoldable()) {
    try {
      auto folded = BoundExpression::MakeConstant(executor.EvaluateConstant(*expr), expr->text);
      folded->type = expr->type;
      return folded;
    } catch (const Exception&) {
      // why: left to run time, where it raises only if a row reaches it
    }
  }
  for (auto& child : expr->children) child = FoldResolved(std::move(child), executor);
  return expr;
}

// Returns a copy of `e` with each subquery replaced by what it gave.
BoundExpressionPtr Substitute(const BoundExpression& e) {
  if (e.kind != BoundExpressionKind::kSubquery) {
    auto copy = e.CopyNode();
    for (const auto& child : e.children) copy->children.push_back(Substitute(*child));
    return copy;
  }
  if (!e.subquery->result) throw InternalError(e.subquery->Name() + " has not run: " + e.text);
  const SubqueryResult& result = *e.subquery->result;
  if (e.subquery->kind != BoundSubquery::Kind::kIn) {
    auto constant = BoundExpression::MakeConstant(result.value, e.text);
    constant->type = e.type;
    return constant;
  }
  // x IN (subquery with no rows) is false and NOT IN true, even for a NULL x (Spark)
  if (result.in_items.empty()) return BoundExpression::MakeConstant(Value::Boolean(e.negated), e.text);
  auto in = std::make_unique<BoundExpression>();
  in->kind = BoundExpressionKind::kIn;
  in->type = TypeId::kBoolean;
  in->negated = e.negated;
  in->text = e.text;
  in->children.push_back(Substitute(*e.children[0]));
  for (const auto& item : result.in_items) in->children.push_back(item->Copy());
  return in;
}

}  // namespace

BoundExpressionPtr ResolveSubqueries(const BoundExpression& expr, const FunctionContext& context) {
  return FoldResolved(Substitute(expr), ExpressionExecutor(context));
}

}  // namespace floe
