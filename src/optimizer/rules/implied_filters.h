#pragma once

#include <functional>
#include <string>
#include <vector>

#include "planner/logical_operator.h"

namespace floe {

/// Derives filters that the conjuncts of a query imply, for filter pushdown:
///
///   a = b AND b = 5                    =>  also a = 5
///   Join(f.k = d.k) over Filter(d.k = 5) on d's side  =>  also f.k = 5 on f's side
///
/// Correct because an equality keeps only rows whose two values are equal, so a filter
/// on one of them (a deterministic function of that value alone) holds for the other.
class ImpliedFilters {
 public:
  /// Adds, for each `a = b` between two columns of one type among `filters`, a copy of
  /// each single-column filter on one of them rewritten onto the other.
  static void AddEqualityImplied(std::vector<BoundExpressionPtr>* filters);

  /// Returns copies of the single-column filters known to hold for output column
  /// `column` of `op` (found in filters, through column-passing projections and inner
  /// joins), written on column `column`.
  static std::vector<BoundExpressionPtr> FiltersOn(const LogicalOperator& op, size_t column);

  /// Returns `filter` (on one column) rewritten onto another column: index and text.
  static BoundExpressionPtr Retarget(const BoundExpression& filter, size_t index, const std::string& name);

  /// Returns true when `filter` is NULL or false whenever the columns `nulled` holds are NULL,
  /// whatever the others (so it removes the rows an outer join extends with NULLs there).
  static bool RejectsNulls(const BoundExpression& filter, const std::function<bool(size_t)>& nulled);

  /// Rewrites the texts of `e` after its children's texts changed (old texts given).
  static void ReplaceChildTexts(BoundExpression* e, const std::vector<std::string>& old_texts);

  /// Renames the column references of `e` by `names` (index -> name), texts included.
  static void RenameColumns(BoundExpression* e, const std::vector<std::string>& names);
};

}  // namespace floe
