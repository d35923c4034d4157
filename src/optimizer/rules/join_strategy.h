#pragma once

#include <optional>
#include <string>

#include "planner/logical_join.h"
#include "planner/logical_operator.h"

namespace floe {

/// The settings Spark's JoinSelection reads.
struct JoinStrategyOptions {
  /// spark.sql.autoBroadcastJoinThreshold in bytes (-1: never broadcast by size).
  int64_t broadcast_threshold = int64_t{10} << 20;
  /// spark.sql.cbo.enabled: sizes from the cost-based estimates (StatisticsEstimator).
  bool cbo = false;
  /// spark.sql.join.preferSortMergeJoin: a join not broadcast is a SortMergeJoin unless this is
  /// false and its build side is small enough to hash locally and much smaller than the other.
  bool prefer_sort_merge_join = true;
  /// spark.sql.shuffle.partitions: canBuildLocalHashMapBySize's threshold times partitions.
  int64_t shuffle_partitions = 200;
};

/// Chooses, for each equi-join, what Spark's JoinSelection would: its build (right) side is
/// broadcast when a BROADCAST hint names it, else when no MERGE, SHUFFLE_HASH or
/// SHUFFLE_REPLICATE_NL hint names either side and its estimated size is at most
/// spark.sql.autoBroadcastJoinThreshold (-1: never). Sizes are Spark's: without CBO its
/// size-only estimates (StatisticsEstimator::SizeOnly: a scan's rows times its columns'
/// default sizes, as Iceberg's SparkScan estimates it, scaled by row widths up the plan, a
/// join's the product of its inputs'); under spark.sql.cbo.enabled, the cost-based estimates
/// (StatisticsEstimator), where a filter shrinks its input by its estimated selectivity.
/// Not broadcast, Spark plans a SortMergeJoin (spark.sql.join.preferSortMergeJoin, or a MERGE
/// hint), a ShuffledHashJoin (a SHUFFLE_HASH hint, or preferSortMergeJoin false and the build
/// side under the threshold times spark.sql.shuffle.partitions and a third of the other side's
/// size), or for an inner join hinted SHUFFLE_REPLICATE_NL a CartesianProduct. floe executes
/// every one as a hash join; the plan shows Spark's operator, and the broadcast gates dynamic
/// partition pruning as reuseBroadcastOnly does.
class JoinStrategy {
 public:
  explicit JoinStrategy(JoinStrategyOptions options) : options_(options) {}
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
  // Spark's broadcast choice (join.broadcast and why not), then its operator when not broadcast
  void ChooseBroadcast(LogicalJoin& join) const;
  std::string NotBroadcastOperator(LogicalJoin& join) const;
  JoinStrategyOptions options_;
};

}  // namespace floe
