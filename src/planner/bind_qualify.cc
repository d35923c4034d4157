#include "common/exception.h"
#include "planner/binder.h"
#include "planner/logical_filter.h"

namespace floe {

// QUALIFY filters on window functions (Databricks' clause); it may use select aliases.
void Binder::BindQualify(const SelectNode& node, SelectBinding& select) {
  if (!node.qualify) return;
  ExpressionBinding binding;
  binding.scope = &select.scope;
  binding.aggregation = select.aggregate ? &select.aggregation : nullptr;
  binding.windows = &select.windows;
  binding.clause = "QUALIFY";
  binding.outer = select.scope.outer;
  binding.aliases = &select.aliases;
  auto bound = Bind(*node.qualify, binding);
  if (bound->type.id() != TypeId::kBoolean && bound->type.id() != TypeId::kNull) {
    throw BinderError("QUALIFY condition must be boolean, got " + bound->type.ToString() + ": " +
                      node.qualify->ToString());
  }
  if (select.windows.functions.empty()) {
    throw BinderError("QUALIFY needs a window function in the SELECT list or in the QUALIFY "
                      "condition: " + node.qualify->ToString());
  }
  select.qualify = AddCast(std::move(bound), TypeId::kBoolean);
}

// A filter right above the window operator, over its columns.
void Binder::PlanQualify(SelectBinding& select) {
  if (!select.qualify) return;
  RenumberWindowColumns(*select.qualify, select.window_base);
  auto filter = std::make_unique<LogicalFilter>();
  filter->conjuncts.push_back(std::move(select.qualify));
  filter->types = select.plan->types;
  filter->names = select.plan->names;
  filter->children.push_back(std::move(select.plan));
  select.plan = std::move(filter);
}

}  // namespace floe
