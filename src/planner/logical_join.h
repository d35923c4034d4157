#pragma once

#include <utility>
#include <vector>

#include "planner/logical_operator.h"
#include "sql/ast_table_ref.h"

namespace floe {

/// Returns the Spark name of a join type ("Inner", "LeftOuter", "LeftSemi", ...).
inline const char* JoinTypeName(JoinType type) { return JoinTypeToString(type); }

/// Joins two inputs; equi-keys allow a hash join.
struct LogicalJoin : LogicalOperator {
  LogicalJoin() : LogicalOperator(LogicalOperatorType::kJoin) {}
  JoinType join_type = JoinType::kInner;
  std::vector<BoundExpressionPtr> left_keys;   // over the left output
  std::vector<BoundExpressionPtr> right_keys;  // over the right output
  /// Over left ++ right columns; null when none.
  BoundExpressionPtr residual;
  /// NOT IN semantics for anti joins: a NULL key on either side removes the row.
  bool null_aware = false;
  /// The join of a MERGE's target (left) with its source: dynamic pruning of the target
  /// applies whatever filter the source has, as Iceberg's RowLevelCommandDynamicPruning
  /// prunes the target of a row-level command by the rows it joins.
  bool row_level_target = false;
  /// (runtime filter id, key index): the build keys this join publishes to scans.
  std::vector<std::pair<int, size_t>> runtime_filters;
  /// The keys Spark's PartitionPruning plans a dynamic pruning subquery on, also where it
  /// then becomes dynamicpruningexpression(true): Spark injects no runtime Bloom filter there.
  std::vector<size_t> spark_pruning_keys;
  /// Spark's choice for this join (JoinSelection), made by the join_strategy rule: whether
  /// its build (right) side is broadcast, and when not, why (`spark.sql.autoBroadcastJoinThreshold
  /// = -1`, a MERGE hint, its estimated size). floe builds every hash join in memory alike;
  /// the choice shows in the plan and gates dynamic pruning as Spark's reuseBroadcastOnly does.
  bool broadcast = true;
  std::string not_broadcast;
  /// The operator Spark plans for it (JoinSelection): BroadcastHashJoin, ShuffledHashJoin,
  /// SortMergeJoin (spark.sql.join.preferSortMergeJoin, its default, or a MERGE hint) or
  /// CartesianProduct (an inner join hinted SHUFFLE_REPLICATE_NL); floe runs a hash join for
  /// each and shows Spark's name in the plan.
  std::string spark_operator = "BroadcastHashJoin";
  /// Whether Spark builds its left side: a ShuffledHashJoin's (getShuffleHashJoinBuildSide: only
  /// the left qualifies, or both and the left is smaller), or a right outer join's broadcast of
  /// its left side. floe builds the right one; `broadcast` says whether that is broadcast.
  bool spark_builds_left = false;
  /// Whether the user ruled the broadcast out (spark.sql.autoBroadcastJoinThreshold = -1, a
  /// hint), rather than Spark's estimate or join type: floe then follows Spark's dynamic
  /// pruning rules; otherwise it prunes anyway (its build is in memory, to reuse) and says so.
  bool broadcast_ruled_out = false;
  /// The join strategy hints of its sides, as written (`BROADCAST(d)`), for the plan.
  std::string hints;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

}  // namespace floe
