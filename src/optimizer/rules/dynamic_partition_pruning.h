#pragma once

#include <functional>
#include <string>
#include <vector>

#include "optimizer/rules/join_strategy.h"
#include "planner/logical_join.h"
#include "planner/logical_operator.h"

namespace floe {

struct LogicalGet;

/// floe.dynamic_pruning.policy (see DynamicPartitionPruning).
enum class DynamicPruningPolicy { kFloe, kSpark };

/// The settings DynamicPartitionPruning follows.
struct DynamicPruningOptions {
  /// spark.sql.optimizer.dynamicPartitionPruning.reuseBroadcastOnly and .fallbackFilterRatio
  bool reuse_broadcast_only = true;
  double fallback_filter_ratio = 0.5;
  /// .useStats: with CBO, the filter ratio from the keys' distinct counts where both are known
  bool use_stats = true;
  /// spark.sql.exchange.reuse: whether Spark may reuse a broadcast exchange for the filter
  bool exchange_reuse = true;
  /// the setting that switched it off (it then plans nothing and notes that)
  std::string off;
  /// Spark's join selection settings, for the joins a snowflake's regrouping makes (their build
  /// sides change, and with them Spark's choice); its `cbo` (spark.sql.cbo.enabled) also gives
  /// the pruning benefit's sizes and distinct counts from the cost-based estimates
  JoinStrategyOptions join_strategy;
  DynamicPruningPolicy policy = DynamicPruningPolicy::kFloe;
};

/// Plans Spark-style dynamic partition pruning: a hash join whose probe key traces back
/// to a partition source column of an Iceberg scan, with a filtered build side, publishes
/// its build keys to that scan as a runtime filter, which the scan applies before it
/// plans its files.
///
///   Join(s.date_id = d.date_id)              Join(s.date_id = d.date_id) [publishes #1]
///     Get sales                      =>        Get sales [runtime: date_id IN dynamicpruning#1]
///     Filter(d.year = 2025)                    Filter(d.year = 2025)
///       Get dim_date                             Get dim_date
///
/// Correct because a probe row whose key is not among the build keys has no match, and
/// the join types chosen (inner, left semi, right outer) drop probe rows without a match.
///
/// Where the join's build side is not broadcast (the join_strategy rule), it plans one only
/// as Spark's PartitionPruning would: not at all with reuseBroadcastOnly (Spark's default:
/// no broadcast to reuse), else when the estimated benefit (fallbackFilterRatio times the
/// pruned scan's size) exceeds the cost (the build side's scans' sizes). Where Spark plans the
/// filter and then switches it off for want of a broadcast, the scan shows
/// dynamicpruningexpression(true) as Spark's does. A MERGE's target is pruned regardless
/// (Iceberg's RowLevelCommandDynamicPruning runs a subquery). Each join and scan it does not
/// prune gets a note saying why.
///
/// Two policies (floe.dynamic_pruning.policy). `floe` also prunes where only Spark's estimates
/// or join type stop it (the build side is not broadcast though nothing ruled it out, a filter
/// Spark's isLikelySelective does not count, a key that is no partition column, whose keys prune
/// data files by their bounds), noting each time that Spark would not, and reduces a dimension
/// joined to the fact below an aggregate to the keys a filtered join above the aggregate keeps
/// (TPC-DS q59: store_sales by week, then the weeks of some months). `spark` prunes exactly
/// where Spark 4.0's PartitionPruning and PlanDynamicPruningFilters would (over Iceberg, by a
/// key that is the partition column itself), and regroups no snowflake (Spark reorders no joins
/// without CBO).
class DynamicPartitionPruning {
 public:
  using Policy = DynamicPruningPolicy;
  using Options = DynamicPruningOptions;
  explicit DynamicPartitionPruning(Options options = {}) : options_(std::move(options)) {}
  LogicalOperatorPtr Rewrite(LogicalOperatorPtr op);
  /// Returns true when Rewrite would plan a runtime filter for the join as it stands (for
  /// the build side rule, which keeps such a join's sides). Does not change the plan.
  static bool Applies(LogicalJoin& join);
  /// The scans Rewrite would give the join's runtime filter to, as the join stands (empty
  /// when it would plan none).
  static std::vector<const LogicalGet*> PrunedScans(LogicalJoin& join);

 private:
  void Visit(LogicalOperator& op);
  void PlanJoin(LogicalJoin& join);
  // Plans (or notes why not) the runtime filter of join key k on one scan it reaches.
  void PlanScan(LogicalJoin& join, size_t k, LogicalGet* get, BoundExpressionPtr key);
  // Spark's PartitionPruning and PlanDynamicPruningFilters where no broadcast is reused: plans
  // the filter of key k (returns true) where it runs as Spark's subquery; else notes why not
  // and, where Spark plans it and then switches it off, counts a dynamicpruningexpression(true)
  // and records k among the join's spark_pruning_keys.
  bool SparkPlansSubquery(LogicalJoin& join, size_t k, LogicalGet* get, const BoundExpression& key,
                          const std::function<void(const std::string&)>& note);
  int next_id_ = 1;
  Options options_;
};

}  // namespace floe
