#pragma once

#include "planner/logical_join.h"
#include "planner/logical_operator.h"

namespace floe {

/// Pushes filter conjuncts as close to the scans as is correct, and hands them to the scan
/// (LogicalGet::filters) so it can skip data; turns cross-side equalities above an inner
/// or cross join into hash-join keys.
///
///   Filter(a.x = 1 AND a.k = b.k)            Join(a.k = b.k)
///     Join(cross)                    =>        Filter(a.x = 1)   Get b
///       Get a     Get b                          Get a [filters: a.x = 1]
///
/// Correct because a conjunct that references one input only removes rows that could
/// not pass the filter above the join anyway, except on the side an outer join preserves.
/// Also: a filter on one side's join key is implied on the other side's key; an outer
/// join under a NULL-rejecting filter on its NULL-extended side becomes inner; filters
/// pass through column-renaming projections, aggregates (on group keys), unions.
class FilterPushdown {
 public:
  LogicalOperatorPtr Rewrite(LogicalOperatorPtr op);

 private:
  LogicalOperatorPtr Push(LogicalOperatorPtr op, std::vector<BoundExpressionPtr> filters);
  LogicalOperatorPtr PushIntoJoin(LogicalOperatorPtr op, std::vector<BoundExpressionPtr> filters);
  /// Adds to each side of an equi-join the filters known on the other side's key
  /// (f.k = d.k with d.k = 5 gives f.k = 5), where the join type allows it.
  static void TransferKeyFilters(const LogicalJoin& join, std::vector<BoundExpressionPtr>* left,
                                 std::vector<BoundExpressionPtr>* right);
  LogicalOperatorPtr AddFilter(LogicalOperatorPtr op, std::vector<BoundExpressionPtr> filters);
};

}  // namespace floe
