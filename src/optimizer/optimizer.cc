#include "optimizer/optimizer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <set>

#include "optimizer/plan_verifier.h"
#include "optimizer/rules/build_side.h"
#include "optimizer/rules/column_pruning.h"
#include "optimizer/rules/constant_folding.h"
#include "optimizer/rules/dynamic_partition_pruning.h"
#include "optimizer/rules/filter_pushdown.h"
#include "optimizer/rules/inject_runtime_filter.h"
#include "optimizer/rules/join_order.h"
#include "optimizer/rules/join_strategy.h"

namespace floe {

namespace {

#ifdef FLOE_VERIFY_PLANS
constexpr bool kVerifyPlans = true;
#else
constexpr bool kVerifyPlans = false;
#endif

// Optimizes the plan of each subquery the plan's expressions read, once each (copies of an
// expression share their subquery).
void OptimizeSubqueries(LogicalOperator& op, const OptimizerContext& context, std::set<const BoundSubquery*>* done) {
  for (const auto& subquery : op.Subqueries()) {
    if (!done->insert(subquery.get()).second || !subquery->plan || subquery->result || subquery->optimized) {
      continue;
    }
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
       [](LogicalOperatorPtr plan, const OptimizerContext& context) {
         return ColumnPruning(context.nested_schema_pruning).Rewrite(std::move(plan));
       }},
      // after build side: the build (right) side of each join is final; after column pruning:
      // sizes count the columns read, as Spark's do (its scans' read schemas are pruned before
      // JoinSelection sizes them)
      {"join_strategy",
       [](LogicalOperatorPtr plan, const OptimizerContext& context) {
         return JoinStrategy(context.JoinStrategySettings()).Rewrite(std::move(plan));
       }},
      // after column pruning: the scans' output columns are final
      {"dynamic_partition_pruning",
       [](LogicalOperatorPtr plan, const OptimizerContext& context) {
         DynamicPartitionPruning::Options options;
         options.reuse_broadcast_only = context.pruning_reuse_broadcast_only;
         options.fallback_filter_ratio = context.pruning_fallback_filter_ratio;
         options.use_stats = context.pruning_use_stats;
         options.exchange_reuse = context.exchange_reuse;
         options.off = context.dynamic_pruning_off;
         options.join_strategy = context.JoinStrategySettings();
         options.policy = context.spark_pruning_policy ? DynamicPartitionPruning::Policy::kSpark
                                                       : DynamicPartitionPruning::Policy::kFloe;
         return DynamicPartitionPruning(std::move(options)).Rewrite(std::move(plan));
       }},
      // after dynamic partition pruning, as in Spark: no Bloom filter where a pruning subquery is
      {"inject_runtime_filter",
       [](LogicalOperatorPtr plan, const OptimizerContext& context) {
         RuntimeBloomFilterOptions options = context.runtime_bloom_filter;
         options.spark_policy = context.spark_pruning_policy;
         options.broadcast_threshold = context.broadcast_threshold;
         options.cbo = context.cbo;
         options.nested_schema_pruning = context.nested_schema_pruning;
         return InjectRuntimeFilter(options).Rewrite(std::move(plan));
       }},
  };
  return kRules;
}

void OptimizerProfile::Add(const std::string& name, double elapsed_ms) {
  auto it = std::find_if(rules.begin(), rules.end(), [&](const Rule& rule) { return rule.name == name; });
  if (it == rules.end()) it = rules.insert(rules.end(), Rule{name});
  it->elapsed_ms += elapsed_ms;
  ++it->runs;
}

std::string OptimizerProfile::ToString() const {
  std::string out;
  for (const auto& rule : rules) {
    char ms[32];
    std::snprintf(ms, sizeof(ms), "%.3f", rule.elapsed_ms);
    out += (out.empty() ? "" : ", ") + rule.name + " " + ms + " ms";
  }
  return out;
}

LogicalOperatorPtr Optimizer::RunRules(LogicalOperatorPtr plan, const std::vector<OptimizerRule>& rules,
                                       const OptimizerContext& context) {
  bool verify = kVerifyPlans || context.verify_plans;
  if (verify) PlanVerifier::Verify(*plan, "binding (before the first optimizer rule)");
  for (const auto& rule : rules) {
    if (std::find(context.disabled.begin(), context.disabled.end(), rule.name) != context.disabled.end()) continue;
    auto start = std::chrono::steady_clock::now();
    plan = rule.apply(std::move(plan), context);
    if (context.profile) {
      context.profile->Add(rule.name,
                           std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    if (verify) PlanVerifier::Verify(*plan, "optimizer rule '" + rule.name + "'");
  }
  return plan;
}

LogicalOperatorPtr Optimizer::Optimize(LogicalOperatorPtr plan, const OptimizerContext& context) {
  if (plan->type == LogicalOperatorType::kDelete) {
    // A DELETE reads its target itself: its condition's constants are folded, so that it
    // plans from metadata as a scan's filter would.
    if (std::find(context.disabled.begin(), context.disabled.end(), "constant_folding") == context.disabled.end()) {
      ConstantFolding folding(context.evaluate_constant);
      plan->VisitExpressions([&](BoundExpressionPtr& e) { e = folding.Fold(std::move(e)); });
    }
  } else if (plan->type == LogicalOperatorType::kInsert || plan->type == LogicalOperatorType::kCopyToFile) {
    // A write: the rules rewrite the query whose rows it writes, every column of which it needs.
    plan->children[0] = Optimize(std::move(plan->children[0]), context);
    if (kVerifyPlans || context.verify_plans) PlanVerifier::Verify(*plan, "the optimization of a write's query");
    return plan;
  } else {
    plan = RunRules(std::move(plan), Rules(), context);
  }
  std::set<const BoundSubquery*> done;
  OptimizeSubqueries(*plan, context, &done);
  return plan;
}

}  // namespace floe
