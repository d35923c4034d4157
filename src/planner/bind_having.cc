#include "planner/binder.h"

#include "planner/logical_filter.h"

namespace floe {

// HAVING is bound over the groups and aggregates, and may use select aliases.
void Binder::BindHaving(const SelectNode& node, SelectBinding& select) {
  if (!node.having) return;
  ExpressionBinding binding;
  binding.scope = &select.scope;
  binding.aggregation = &select.aggregation;
  binding.clause = "HAVING";
  binding.aliases = &select.aliases;
  select.having = AddCast(Bind(*node.having, binding), TypeId::kBoolean);
}

// A filter right above the aggregate.
void Binder::PlanHaving(SelectBinding& select) {
  if (!select.having) return;
  auto filter = std::make_unique<LogicalFilter>();
  filter->conjuncts.push_back(std::move(select.having));
  filter->types = select.plan->types;
  filter->names = select.plan->names;
  filter->children.push_back(std::move(select.plan));
  select.plan = std::move(filter);
}

}  // namespace floe
