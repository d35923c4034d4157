#pragma once

#include "planner/logical_join.h"
#include "planner/logical_operator.h"

namespace floe {

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
class DynamicPartitionPruning {
 public:
  LogicalOperatorPtr Rewrite(LogicalOperatorPtr op);
  /// Returns true when Rewrite would plan a runtime filter for the join as it stands (for
  /// the build side rule, which keeps such a join's sides). Does not change the plan.
  static bool Applies(LogicalJoin& join);

 private:
  void Visit(LogicalOperator& op);
  void PlanJoin(LogicalJoin& join);
  int next_id_ = 1;
};

}  // namespace floe
