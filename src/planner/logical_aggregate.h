#pragma once

#include <vector>

#include "planner/logical_operator.h"

namespace floe {

/// Groups rows; output = group keys, then aggregates, then (with grouping sets) the
/// grouping id as a bigint.
struct LogicalAggregate : LogicalOperator {
  LogicalAggregate() : LogicalOperator(LogicalOperatorType::kAggregate) {}
  std::vector<BoundExpressionPtr> groups;
  std::vector<BoundAggregate> aggregates;
  /// Each set lists the group indexes it keeps; empty means one set of all groups.
  std::vector<std::vector<size_t>> grouping_sets;
  /// Appends the output columns of the groups and the aggregates, in that order (a grouping
  /// id column, when there is one, comes after them).
  void AddGroupAndAggregateColumns();
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

}  // namespace floe
