#pragma once

#include <optional>
#include <string>

#include "planner/logical_join.h"
#include "planner/logical_operator.h"

namespace floe {

/// Chooses, for each equi-join, what Spark's JoinSelection would: its build (right) side is
/// broadcast when a BROADCAST hint names it, else when no MERGE, SHUFFLE_HASH or
/// SHUFFLE_REPLICATE_NL hint names either side and its estimated size is at most
/// spark.sql.autoBroadcastJoinThreshold (-1: never). Sizes are Spark's: without CBO its
/// size-only estimates (StatisticsEstimator::SizeOnly: a scan's rows times its columns'
/// default sizes, as Iceberg's SparkScan estimates it, scaled by row widths up the plan, a
/// join's the product of its inputs'); under spark.sql.cbo.enabled, the cost-based estimates
/// (StatisticsEstimator), where a filter shrinks its input by its estimated selectivity.
/// floe executes every hash join alike; the choice is shown in the plan (BroadcastHashJoin
/// or ShuffledHashJoin) and gates dynamic partition pruning as reuseBroadcastOnly does.
class JoinStrategy {
 public:
  /// `cbo`: spark.sql.cbo.enabled, sizes from the cost-based estimates (StatisticsEstimator).
  explicit JoinStrategy(int64_t broadcast_threshold, bool cbo = false) : threshold_(broadcast_threshold), cbo_(cbo) {}
  LogicalOperatorPtr Rewrite(LogicalOperatorPtr op);
  /// Chooses one join's strategy (its children already final), as Rewrite does for each.
  void Choose(LogicalJoin& join) const;

  /// Returns Spark's estimate of a plan's output size in bytes, if known: without CBO its
  /// size-only estimate, with CBO (`cbo`) the cost-based one over Iceberg's statistics.
  static std::optional<double> EstimateBytes(const LogicalOperator& op, bool cbo = false);
  /// Returns a size for the plan's notes: "13152 bytes", "25.1 MB".
  static std::string SizeText(double bytes);

 private:
  void Visit(LogicalOperator& op);
  int64_t threshold_;
  bool cbo_;
};

}  // namespace floe
