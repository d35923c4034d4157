#include "common/ascii_case.h"
#include "common/exception.h"
#include "planner/binder.h"
#include "planner/logical_aggregate.h"

namespace floe {

namespace {

// Returns the select item aliased `name`, for GROUP BY alias.
const ParsedExpression* FindSelectAlias(const SelectNode& node, const std::string& name) {
  for (const auto& item : node.select_list) {
    if (!item->alias.empty() && ToLower(item->alias) == ToLower(name)) return item.get();
  }
  return nullptr;
}

}  // namespace

// The SELECT aggregates with GROUP BY, HAVING or an aggregate function in SELECT or ORDER BY.
// Group keys are expressions, select items by ordinal or alias (when no input column has the
// name), or with GROUP BY ALL every item without an aggregate.
void Binder::BindGroupBy(const SelectNode& node, SelectBinding& select) {
  select.aggregate = !node.group_by.empty() || (node.having != nullptr);
  for (const auto& item : node.select_list) select.aggregate = select.aggregate || ContainsAggregate(*item);
  for (const auto& o : node.order_by) select.aggregate = select.aggregate || ContainsAggregate(*o.expression);
  AggregationState& agg = select.aggregation;
  agg.input_scope = &select.scope;
  if (!select.aggregate) return;
  std::vector<const ParsedExpression*> group_exprs;
  if (node.group_by.all) {
    for (const auto& item : node.select_list) {
      if (!ContainsAggregate(*item) && item->kind != ExpressionKind::kStar) group_exprs.push_back(item.get());
    }
  }
  for (const auto& g : node.group_by.expressions) {
    const ParsedExpression* target = g.get();
    int64_t ordinal;
    if (IsIntegerLiteral(*g, &ordinal)) {
      if (ordinal < 1 || ordinal > static_cast<int64_t>(node.select_list.size())) {
        throw BinderError("GROUP BY position " + std::to_string(ordinal) +
                          " is not in select list (valid range is [1, " +
                          std::to_string(node.select_list.size()) + "])");
      }
      target = node.select_list[ordinal - 1].get();
      if (ContainsAggregate(*target)) {
        throw BinderError("GROUP BY position " + std::to_string(ordinal) +
                          " refers to an expression that contains an aggregate function: " +
                          target->ToString());
      }
    } else if (g->kind == ExpressionKind::kColumnRef && g->As<ColumnRefExpression>().names.size() == 1) {
      bool ambiguous;
      if (!select.scope.Find({}, g->As<ColumnRefExpression>().names[0], &ambiguous)) {
        if (const auto* aliased = FindSelectAlias(node, g->As<ColumnRefExpression>().names[0])) {
          target = aliased;
        }
      }
    }
    group_exprs.push_back(target);
  }
  for (const auto* g : group_exprs) {
    if (ContainsAggregate(*g)) {
      throw BinderError("aggregate functions are not allowed in GROUP BY: " + g->ToString());
    }
    ExpressionBinding binding;
    binding.scope = &select.scope;
    binding.clause = "GROUP BY";
    auto bound = Bind(*g, binding);
    RejectUnorderable(bound->type, "GROUP BY", g->ToString());
    agg.group_keys.push_back(ExpressionKey(*bound));
    agg.groups.push_back(std::move(bound));
  }
  agg.grouping_sets = node.group_by.grouping_sets;
}

// Aggregate: the group keys, then the aggregates, then (with grouping sets) the grouping
// id, whose column the expressions above refer to by kGroupingIdIndex until now.
void Binder::PlanAggregate(SelectBinding& select) {
  if (!select.aggregate) return;
  AggregationState& agg = select.aggregation;
  auto aggregate = std::make_unique<LogicalAggregate>();
  aggregate->groups = std::move(agg.groups);
  aggregate->aggregates = std::move(agg.aggregates);
  aggregate->AddGroupAndAggregateColumns();
  if (!agg.grouping_sets.empty()) {
    aggregate->types.push_back(TypeId::kInt64);
    aggregate->names.push_back("spark_grouping_id");
    size_t gid_index = aggregate->groups.size() + aggregate->aggregates.size();
    auto renumber_gid = [&](BoundExpression& e) {
      e.VisitColumnRefs([&](BoundExpression& ref) {
        if (ref.index == kGroupingIdIndex) ref.index = gid_index;
      });
    };
    if (select.having) renumber_gid(*select.having);
    if (select.qualify) renumber_gid(*select.qualify);
    for (auto& e : select.select_exprs) renumber_gid(*e);
    for (auto& e : select.hidden) renumber_gid(*e);
    for (auto& f : select.windows.functions) f.VisitExpressions(renumber_gid);
  }
  aggregate->grouping_sets = std::move(agg.grouping_sets);
  aggregate->children.push_back(std::move(select.plan));
  select.plan = std::move(aggregate);
}

}  // namespace floe
