#pragma once

#include <optional>
#include <vector>

#include "common/field_selection.h"
#include "planner/logical_operator.h"

namespace floe {

/// What a query needs of a column: nothing (nullopt), or the part of it it reads.
using ColumnNeed = std::optional<FieldSelection>;

/// Removes columns nobody above uses: scans read only the columns the query needs,
/// projections stop computing unused expressions, aggregates drop unused aggregates.
///
///   Project [a]                      Project [a]
///     Filter (b > 1)          =>       Filter (b > 1)
///       Get t [a, b, c, d]               Get t [a, b]
///
/// Every operator's column references are renumbered to the narrowed inputs. A struct
/// column read only through field accesses (`payload.ts`) is read in part: the scan is told
/// which fields (LogicalGet::column_fields) and may leave the others NULL.
class ColumnPruning {
 public:
  /// `nested`: read structs in part (Spark's spark.sql.optimizer.nestedSchemaPruning.enabled).
  explicit ColumnPruning(bool nested = true) : nested_(nested) {}
  LogicalOperatorPtr Rewrite(LogicalOperatorPtr op);

 private:
  /// Narrows `op` to the `required` output columns (nullopt: not needed) or more; returns
  /// for each old output column its new position (or -1 when removed).
  std::vector<int> Prune(LogicalOperator& op, std::vector<ColumnNeed> required);

  bool nested_;
};

}  // namespace floe
