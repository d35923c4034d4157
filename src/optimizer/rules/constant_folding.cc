#include "optimizer/rules/constant_folding.h"

#include "common/exception.h"

namespace floe {

LogicalOperatorPtr ConstantFolding::Rewrite(LogicalOperatorPtr op) {
  // why: without an evaluator (a plan built outside a session) there is nothing to fold with
  if (evaluate_) Visit(*op);
  return op;
}

void ConstantFolding::Visit(LogicalOperator& op) const {
  for (auto& child : op.children) Visit(*child);
  op.VisitExpressions([&](BoundExpressionPtr& e) { e = Fold(std::move(e)); });
}

BoundExpressionPtr ConstantFolding::Fold(BoundExpressionPtr expr) const {
  if (!evaluate_ || expr->kind == BoundExpressionKind::kConstant) return expr;
  if (expr->IsFoldable()) {
    try {
      auto folded = BoundExpression::MakeConstant(evaluate_(*expr), expr->text);
      folded->type = expr->type;
      return folded;
    } catch (const Exception&) {
      // why: the failing part may never run; its constant parts still fold below
    }
  }
  for (auto& child : expr->children) child = Fold(std::move(child));
  return expr;
}

}  // namespace floe
