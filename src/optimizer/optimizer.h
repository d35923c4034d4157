#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "optimizer/rules/constant_folding.h"
#include "optimizer/rules/inject_runtime_filter.h"
#include "optimizer/rules/join_strategy.h"
#include "planner/logical_operator.h"

namespace floe {

/// The time each rule took, summed over the plans (and subquery plans) it rewrote.
struct OptimizerProfile {
  struct Rule {
    std::string name;
    double elapsed_ms = 0;
    int64_t runs = 0;
  };
  /// The rules in the order they first ran.
  std::vector<Rule> rules;

  /// Adds one run of `name` that took `elapsed_ms`.
  void Add(const std::string& name, double elapsed_ms);
  /// Returns "constant_folding 0.004 ms, join_order 0.001 ms, ..." (EXPLAIN ANALYZE).
  std::string ToString() const;
};

/// What the rules may need from the session.
struct OptimizerContext {
  /// Rules to skip, by name.
  std::vector<std::string> disabled;
  /// Evaluates constant expressions for constant folding; unset, nothing is folded.
  ConstantEvaluator evaluate_constant;
  /// When set, receives the time of each rule.
  OptimizerProfile* profile = nullptr;
  /// Verifies the plan after each rule (PlanVerifier) in a build that does not already:
  /// builds with FLOE_VERIFY_PLANS (the Debug default) verify every plan.
  bool verify_plans = false;
  /// Column pruning reads only the fields of a struct a query uses.
  bool nested_schema_pruning = true;
  /// spark.sql.autoBroadcastJoinThreshold in bytes (-1: never broadcast by size).
  int64_t broadcast_threshold = 10 << 20;
  /// spark.sql.optimizer.dynamicPartitionPruning.reuseBroadcastOnly and .fallbackFilterRatio.
  bool pruning_reuse_broadcast_only = true;
  double pruning_fallback_filter_ratio = 0.5;
  /// spark.sql.optimizer.dynamicPartitionPruning.useStats.
  bool pruning_use_stats = true;
  /// spark.sql.cbo.enabled: Spark's join strategy and dynamic pruning gates read the
  /// cost-based estimates (StatisticsEstimator) over the tables' statistics.
  bool cbo = false;
  /// spark.sql.join.preferSortMergeJoin and spark.sql.shuffle.partitions (Spark's choice of a
  /// sort-merge or shuffled hash join where it does not broadcast).
  bool prefer_sort_merge_join = true;
  int64_t shuffle_partitions = 200;
  /// The settings above Spark's JoinSelection reads.
  JoinStrategyOptions JoinStrategySettings() const {
    return {broadcast_threshold, cbo, prefer_sort_merge_join, shuffle_partitions};
  }
  /// floe.dynamic_pruning.policy = 'spark': prune exactly where Spark would.
  bool spark_pruning_policy = false;
  /// spark.sql.exchange.reuse: Spark may reuse a broadcast for a join's dynamic pruning.
  bool exchange_reuse = true;
  /// The setting that switched dynamic partition pruning off (`floe.pruning.enabled =
  /// false`), or empty: the rule then plans nothing but still says, per join, why.
  std::string dynamic_pruning_off;
  /// spark.sql.optimizer.runtime.bloomFilter.*: Spark's runtime Bloom filters, injected under
  /// the 'spark' policy.
  RuntimeBloomFilterOptions runtime_bloom_filter;
};

/// One rewrite of the logical plan; each can be switched off by name.
struct OptimizerRule {
  std::string name;
  std::function<LogicalOperatorPtr(LogicalOperatorPtr, const OptimizerContext&)> apply;
};

/// Runs the optimizer rules in order (the list is in optimizer.cc, one rule per file).
class Optimizer {
 public:
  /// Returns the ordered rule list.
  static const std::vector<OptimizerRule>& Rules();
  /// Rewrites a plan, and the plans of the subqueries its expressions read.
  static LogicalOperatorPtr Optimize(LogicalOperatorPtr plan, const OptimizerContext& context = {});
  /// Rewrites a plan with the given rules, in order: each rule not disabled is timed into
  /// context.profile and, when verifying, followed by PlanVerifier (so is the plan it was
  /// given), whose error names the rule. Optimize runs Rules() through it.
  static LogicalOperatorPtr RunRules(LogicalOperatorPtr plan, const std::vector<OptimizerRule>& rules,
                                     const OptimizerContext& context);
};

}  // namespace floe
