#pragma once

#include <vector>

#include "planner/logical_operator.h"

namespace floe {

/// Removes columns nobody above uses: scans read only the columns the query needs,
/// projections stop computing unused expressions, aggregates drop unused aggregates.
///
///   Project [a]                      Project [a]
///     Filter (b > 1)          =>       Filter (b > 1)
///       Get t [a, b, c, d]               Get t [a, b]
///
/// Every operator's column references are renumbered to the narrowed inputs.
class ColumnPruning {
 public:
  LogicalOperatorPtr Rewrite(LogicalOperatorPtr op);

 private:
  /// Narrows `op` to the `required` output columns (sorted, distinct) or more; returns
  /// for each old output column its new position (or -1 when removed).
  std::vector<int> Prune(LogicalOperator& op, std::vector<bool> required);
};

}  // namespace floe
