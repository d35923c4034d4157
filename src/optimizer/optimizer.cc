#include "optimizer/optimizer.h"

#include <algorithm>
#include <set>

#include "optimizer/rules/build_side.h"
#include "optimizer/rules/column_pruning.h"
#include "optimizer/rules/constant_folding.h"
#include "optimizer/rules/dynamic_partition_pruning.h"
#include "optimizer/rules/filter_pushdown.h"
#include "optimizer/rules/join_order.h"

namespace floe {

namespace {

// Optimizes the plan of each subquery the plan's expressions read, once each (copies of an
// expression share their subquery).
void OptimizeSubqueries(LogicalOperator& op, const OptimizerContext& context, std::set<const BoundSubquery*>* done) {
  for (const auto& subquery : op.Subqueries()) {
    if (!done->insert(subquery.get()).second || !subquery->plan || subquery->result) continue;
    subquery->plan = Optimizer::Optimize(std::move(subquery->plan), context);
  }
  for (auto& child : op.children) OptimizeSubqueries(*child, context, done);
}

}  // namespace

const std::vector<OptimizerRule>& Optimizer::Rules() {
  static const std::vector<OptimizerRule> kRules = {
      // first: the rules after it, and the scans, see `column op constant`
      {"constant_folding",
       [](LogicalOperatorPtr plan, const OptimizerContext& context) {
         return ConstantFolding(context.evaluate_constant).Rewrite(std::move(plan));
       }},
      {"join_order",
       [](LogicalOperatorPtr plan, const OptimizerContext&) { return JoinOrder().Rewrite(std::move(plan)); }},
      {"filter_pushdown",
       [](LogicalOperatorPtr plan, const OptimizerContext&) { return FilterPushdown().Rewrite(std::move(plan)); }},
      // after filter pushdown: the joins' keys are known
      {"build_side",
       [](LogicalOperatorPtr plan, const OptimizerContext&) { return BuildSide().Rewrite(std::move(plan)); }},
      {"column_pruning",
       [](LogicalOperatorPtr plan, const OptimizerContext&) { return ColumnPruning().Rewrite(std::move(plan)); }},
      // after column pruning: the scans' output columns are final
      {"dynamic_partition_pruning",
       [](LogicalOperatorPtr plan, const OptimizerContext&) {
         return DynamicPartitionPruning().Rewrite(std::move(plan));
       }},
  };
  return kRules;
}

LogicalOperatorPtr Optimizer::Optimize(LogicalOperatorPtr plan, const OptimizerContext& context) {
  // A DELETE reads its target itself: its condition's constants are folded, so that it
  // plans from metadata as a scan's filter would.
  if (plan->type == LogicalOperatorType::kDelete) {
    if (std::find(context.disabled.begin(), context.disabled.end(), "constant_folding") == context.disabled.end()) {
      ConstantFolding folding(context.evaluate_constant);
      plan->VisitExpressions([&](BoundExpressionPtr& e) { e = folding.Fold(std::move(e)); });
    }
  } else if (plan->type == LogicalOperatorType::kInsert || plan->type == LogicalOperatorType::kCopyToFile) {
    // A write: the rules rewrite the query whose rows it writes, every column of which it needs.
    plan->children[0] = Optimize(std::move(plan->children[0]), context);
    return plan;
  } else {
    for (const auto& rule : Rules()) {
      if (std::find(context.disabled.begin(), context.disabled.end(), rule.name) != context.disabled.end()) continue;
      plan = rule.apply(std::move(plan), context);
    }
  }
  std::set<const BoundSubquery*> done;
  OptimizeSubqueries(*plan, context, &done);
  return plan;
}

}  // namespace floe
