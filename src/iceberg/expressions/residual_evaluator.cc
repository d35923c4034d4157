#include "iceberg/expressions/residual_evaluator.h"

namespace floe::iceberg {

ResidualEvaluator::ResidualEvaluator(const ExpressionPtr& filter, const PartitionSpec& spec, const Schema& schema)
    : filter_(RewriteNot(filter)) {
  std::vector<const ExpressionPtr*> pending = {&filter_};
  while (!pending.empty()) {
    const ExpressionPtr& e = *pending.back();
    pending.pop_back();
    if (e->op() == Operation::kAnd || e->op() == Operation::kOr) {
      pending.push_back(&e->left());
      pending.push_back(&e->right());
    } else if (e->IsPredicate()) {
      Leaf& leaf = leaves_[e.get()];
      leaf.strict = std::make_unique<PartitionEvaluator>(e, spec, schema, true);
      leaf.inclusive = std::make_unique<PartitionEvaluator>(e, spec, schema);
    }
  }
}

ExpressionPtr ResidualEvaluator::ResidualFor(const std::vector<Value>& partition) const {
  return ResidualOf(filter_, partition);
}

ExpressionPtr ResidualEvaluator::ResidualOf(const ExpressionPtr& e, const std::vector<Value>& partition) const {
  switch (e->op()) {
    case Operation::kAnd:
    case Operation::kOr: {
      ExpressionPtr left = ResidualOf(e->left(), partition), right = ResidualOf(e->right(), partition);
      if (left == e->left() && right == e->right()) return e;  // nothing decided: no new node
      return e->op() == Operation::kAnd ? Expression::And(left, right) : Expression::Or(left, right);
    }
    case Operation::kTrue:
    case Operation::kFalse: return e;
    case Operation::kNot: return e;  // RewriteNot removed these; one left is not decided
    default: break;
  }
  const Leaf& leaf = leaves_.at(e.get());
  if (leaf.strict->Eval(partition)) return Expression::AlwaysTrue();
  if (!leaf.inclusive->Eval(partition)) return Expression::AlwaysFalse();
  return e;
}

}  // namespace floe::iceberg
