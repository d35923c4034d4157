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
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

}  // namespace floe
