#pragma once

#include <map>
#include <optional>
#include <vector>

#include "optimizer/statistics/plan_statistics.h"
#include "planner/bound_expression.h"

namespace floe {

/// Spark's FilterEstimation (cost-based optimizer, spark.sql.cbo.enabled): the rows a filter
/// keeps and its columns' statistics after it, from its input's. A condition's selectivity:
///   - column = literal: 1 / distinct count when the literal is within [min, max] (a string
///     always is), 0 when it is not, or when the column has statistics but no min and max;
///   - column < <= > >= literal: the part of [min, max] the range covers (numbers, dates and
///     timestamps with min, max and distinct count only);
///   - column IN (literals): the distinct literals within [min, max] over the distinct count;
///   - IS [NOT] NULL: the null count over the rows, directly over a table only;
///   - column op column: 0 or 1 where the intervals decide, else 1/3;
///   - AND multiplies (each conjunct narrowing the column's statistics for the next), OR adds
///     less the product, NOT takes the complement; anything else keeps every row.
/// A filter keeps ceil(rows times the selectivity); column counts scale down with the rows.
class FilterEstimation {
 public:
  /// `child_is_table`: the filter's input is a table scan, whose null counts Spark trusts.
  FilterEstimation(const PlanStatistics& child, const std::vector<LogicalType>& types, bool child_is_table);

  /// Returns the filter's statistics, or nullopt when its input's row count is unknown.
  std::optional<PlanStatistics> Estimate(const std::vector<const BoundExpression*>& conjuncts);
  /// Returns the selectivity of a condition (calculateFilterSelectivity), nullopt when Spark
  /// cannot estimate it; `update` narrows the column statistics for later conjuncts.
  std::optional<double> Selectivity(const BoundExpression& condition, bool update);

 private:
  std::optional<double> SingleCondition(const BoundExpression& condition, bool update);
  std::optional<double> Equality(size_t column, const Value& literal, bool update);
  std::optional<double> Comparison(const std::string& op, size_t column, const Value& literal, bool update);
  std::optional<double> InSet(size_t column, const std::vector<Value>& values, bool update);
  std::optional<double> NullCheck(size_t column, bool is_null, bool update);
  std::optional<double> TwoColumns(const std::string& op, size_t left, size_t right, bool update);
  const ColumnStat* Get(size_t column) const;

  const PlanStatistics& child_;
  const std::vector<LogicalType>& types_;
  bool child_is_table_;
  std::map<size_t, ColumnStat> updated_;
};

/// Returns Spark's ceil of a row count it computes in decimals: the double's nearest whole
/// number when it is that within rounding (1000 x 0.1 is 100, not 101), else its ceiling.
double SparkCeil(double value);

}  // namespace floe
