#include "planner/logical_operator.h"

namespace floe {

std::string ExpressionListText(const std::vector<BoundExpressionPtr>& exprs) {
  std::string out;
  for (size_t i = 0; i < exprs.size(); ++i) {
    if (i) out += ", ";
    out += exprs[i]->text;
  }
  return out;
}

std::vector<std::shared_ptr<BoundSubquery>> LogicalOperator::Subqueries() const {
  std::vector<std::shared_ptr<BoundSubquery>> out;
  // why: the visitor only reads; VisitExpressions is non-const because rules rewrite with it
  const_cast<LogicalOperator*>(this)->VisitExpressions([&](BoundExpressionPtr& e) { CollectSubqueries(*e, &out); });
  return out;
}

const LogicalOperator* HintedRelation(const LogicalOperator& op) {
  const LogicalOperator* at = &op;
  while (at->join_hint.empty() && at->children.size() == 1 &&
         (at->type == LogicalOperatorType::kFilter || at->type == LogicalOperatorType::kProjection)) {
    at = at->children[0].get();
  }
  return at->join_hint.empty() ? nullptr : at;
}

std::string LogicalPlanToString(const LogicalOperator& op, int indent,
                                const std::function<std::string(const LogicalOperator&)>& annotate) {
  std::string out = std::string(indent * 2, ' ') + op.Describe() + (annotate ? annotate(op) : "") + "\n";
  // The subqueries the node reads, under it (Spark prints them as the node's inner children).
  for (const auto& subquery : op.Subqueries()) {
    out += std::string((indent + 1) * 2, ' ') + ": Subquery " + subquery->Name() + "\n";
    if (subquery->plan) out += LogicalPlanToString(*subquery->plan, indent + 2, annotate);
  }
  for (const auto& child : op.children) out += LogicalPlanToString(*child, indent + 1, annotate);
  return out;
}

}  // namespace floe
