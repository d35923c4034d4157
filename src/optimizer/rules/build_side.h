#pragma once

#include <optional>
#include <unordered_map>
#include <vector>

#include "planner/logical_operator.h"

namespace floe {

struct LogicalGet;

/// Puts the smaller input of each inner hash join on its build (right) side, as Spark's
/// broadcast hash join builds the side small enough to broadcast: a dimension joined to a
/// fact table builds, whichever way the query wrote them (`FROM dim JOIN fact`, or comma
/// joins the join order left as written). Sizes are the tables' row counts carried up
/// through the plan as Spark's size-only statistics carry sizes: filters keep their input's
/// (a filter's selectivity is not known), an inner equi-join the larger input's (fact to
/// dimension). A join is swapped only when both sizes are known and the left is smaller,
/// and not when its right side, of at most kKeepForPruningRows, is what dynamic partition
/// pruning would prune the left side's scan by; a projection restores the column order.
///
///   Join(c.k = f.ck)                 Project [c.*, f.*]
///     Get c (15,000 rows)    =>        Join(f.ck = c.k)
///     Get f (3,000,000)                  Get f    Get c
///
/// The fact table then stays on the probe side, where dynamic partition pruning reaches it.
/// Where ANALYZE TABLE stored statistics, the sizes compared are floe's estimates
/// (StatisticsEstimator, TableStatisticsView::kFloe): a filter keeps its estimated share of
/// its input's rows, a join its keys' distinct counts' estimate.
///
/// Nor is a join swapped when its left side holds a scan that an enclosing join's dynamic
/// partition pruning reaches (through the probe sides of the joins between them): swapped, the
/// scan would be a build side, which runs before the enclosing join's build keys are known.
/// In TPC-DS's q7, `store_sales JOIN customer_demographics JOIN date_dim`, store_sales stays
/// the first join's probe side whatever the demographics' size, and date_dim's keys prune it.
class BuildSide {
 public:
  LogicalOperatorPtr Rewrite(LogicalOperatorPtr op);
  static constexpr double kKeepForPruningRows = 1'000'000;

 private:
  LogicalOperatorPtr RewriteJoins(LogicalOperatorPtr op);
  // each scan some join's dynamic partition pruning reaches in the plan as written, with
  // those joins
  std::unordered_map<const LogicalGet*, std::vector<const LogicalOperator*>> pruned_scans_;
};

}  // namespace floe
