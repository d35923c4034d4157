#include "common/exception.h"
#include "planner/binder.h"
#include "planner/logical_filter.h"

namespace floe {

// Each conjunct on its own: [NOT] IN and [NOT] EXISTS subqueries become semi / anti joins
// (bind_subquery.cc), correlated scalar subqueries left joins; the rest is one filter.
void Binder::BindWhere(const SelectNode& node, SelectBinding& select) {
  if (node.where) BindWhereCondition(*node.where, select);
}

void Binder::BindWhereCondition(const ParsedExpression& where, SelectBinding& select) {
  if (ContainsAggregate(where)) {
    throw BinderError("aggregate functions are not allowed in WHERE: " + where.ToString());
  }
  std::vector<const ParsedExpression*> conjuncts;
  SplitConjuncts(where, &conjuncts);
  auto filter = std::make_unique<LogicalFilter>();
  std::vector<PendingJoin> pending;
  for (const auto* c : conjuncts) {
    if (TryBindSubqueryConjunct(*c, &select.plan, select.scope)) continue;
    ExpressionBinding binding;
    binding.scope = &select.scope;
    binding.clause = "WHERE";
    binding.outer = select.scope.outer;
    binding.pending_joins = &pending;
    binding.pending_base = select.plan->types.size();
    auto bound = Bind(*c, binding);
    if (bound->type.id() != TypeId::kBoolean && bound->type.id() != TypeId::kNull) {
      throw BinderError("WHERE condition must be boolean, got " + bound->type.ToString() + ": " + c->ToString());
    }
    filter->conjuncts.push_back(AddCast(std::move(bound), TypeId::kBoolean));
  }
  ApplyPendingJoins(pending, &select.plan);
  if (filter->conjuncts.empty()) return;
  filter->types = select.plan->types;
  filter->names = select.plan->names;
  filter->children.push_back(std::move(select.plan));
  select.plan = std::move(filter);
}

}  // namespace floe
