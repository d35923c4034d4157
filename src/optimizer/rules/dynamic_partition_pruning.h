#pragma once

#include <string>
#include <vector>

#include "planner/logical_join.h"
#include "planner/logical_operator.h"

namespace floe {

struct LogicalGet;

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
/// pruned scan's size) exceeds the cost (the build side's scans' sizes). A MERGE's target is
/// pruned regardless (Iceberg's RowLevelCommandDynamicPruning runs a subquery). Each join
/// and scan it does not prune gets a note saying why.
class DynamicPartitionPruning {
 public:
  /// `off`: the setting that switched it off (it then plans nothing and notes that).
  /// `broadcast_threshold` is spark.sql.autoBroadcastJoinThreshold, for the joins a snowflake's
  /// regrouping makes (their build sides change, and with them Spark's choice).
  DynamicPartitionPruning(bool reuse_broadcast_only = true, double fallback_filter_ratio = 0.5, std::string off = "",
                          int64_t broadcast_threshold = int64_t{10} << 20)
      : reuse_broadcast_only_(reuse_broadcast_only),
        fallback_filter_ratio_(fallback_filter_ratio),
        off_(std::move(off)),
        broadcast_threshold_(broadcast_threshold) {}
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
  int next_id_ = 1;
  bool reuse_broadcast_only_;
  double fallback_filter_ratio_;
  std::string off_;
  int64_t broadcast_threshold_;
};

}  // namespace floe
