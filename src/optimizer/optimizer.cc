#include "optimizer/optimizer.h"

#include <algorithm>

#include "optimizer/rules/build_side.h"
#include "optimizer/rules/column_pruning.h"
#include "optimizer/rules/dynamic_partition_pruning.h"
#include "optimizer/rules/filter_pushdown.h"
#include "optimizer/rules/join_order.h"

namespace floe {

const std::vector<OptimizerRule>& Optimizer::Rules() {
  static const std::vector<OptimizerRule> kRules = {
      {"join_order", [](LogicalOperatorPtr plan) { return JoinOrder().Rewrite(std::move(plan)); }},
      {"filter_pushdown", [](LogicalOperatorPtr plan) { return FilterPushdown().Rewrite(std::move(plan)); }},
      // after filter pushdown: the joins' keys are known
      {"build_side", [](LogicalOperatorPtr plan) { return BuildSide().Rewrite(std::move(plan)); }},
      {"column_pruning", [](LogicalOperatorPtr plan) { return ColumnPruning().Rewrite(std::move(plan)); }},
      // after column pruning: the scans' output columns are final
      {"dynamic_partition_pruning",
       [](LogicalOperatorPtr plan) { return DynamicPartitionPruning().Rewrite(std::move(plan)); }},
  };
  return kRules;
}

LogicalOperatorPtr Optimizer::Optimize(LogicalOperatorPtr plan, const std::vector<std::string>& disabled) {
  for (const auto& rule : Rules()) {
    if (std::find(disabled.begin(), disabled.end(), rule.name) != disabled.end()) continue;
    plan = rule.apply(std::move(plan));
  }
  return plan;
}

}  // namespace floe
