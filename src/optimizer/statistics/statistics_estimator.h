#pragma once

#include <optional>
#include <set>

#include "optimizer/statistics/plan_statistics.h"
#include "planner/logical_operator.h"

namespace floe {

struct LogicalAggregate;
struct LogicalGet;
struct LogicalJoin;

/// Which of a table's statistics (ANALYZE TABLE ... COMPUTE STATISTICS) the estimates see.
enum class TableStatisticsView {
  /// What Iceberg 1.10's SparkScan.estimateStatistics reports to Spark 4.0 under
  /// spark.sql.cbo.enabled: the distinct count alone (min, max and null count are left null),
  /// and only from the statistics file of the snapshot the scan reads.
  kSparkIceberg,
  /// Every statistic floe keeps (distinct count, min, max, null count, lengths), stale ones
  /// too; and where Spark's estimates know no row count, floe's own: a VALUES list's rows, a
  /// grouped aggregate or a window at most its input's, a join whose keys have no statistics
  /// the larger input's (a fact joined to a dimension), a set operation the sum. Over tables
  /// never analyzed these are the tables' row counts carried up through the plan.
  kFloe,
};

/// Spark's cost-based statistics of a plan (BasicStatsPlanVisitor, spark.sql.cbo.enabled):
/// a table scan's row count and column statistics carried up through FilterEstimation,
/// ProjectEstimation, AggregateEstimation and JoinEstimation; where one cannot estimate (a row
/// count unknown below it, a column without statistics), the size-only estimate over the
/// children's statistics (SizeInBytesOnlyStatsPlanVisitor): a unary operator scales its input's
/// size by the row widths, a join multiplies its inputs' sizes.
class StatisticsEstimator {
 public:
  explicit StatisticsEstimator(TableStatisticsView view) : view_(view) {}

  PlanStatistics Estimate(const LogicalOperator& op) const;
  /// Returns Spark's statistics without CBO (SizeInBytesOnlyStatsPlanVisitor): a table's size
  /// and row count; a unary operator its input's size scaled by the row widths (8 bytes of row
  /// overhead plus the columns' default sizes), a global aggregate one row, a limit at most its
  /// rows, a join the product of its inputs' sizes (a semi or anti join its left input's), a
  /// union the sum. Row counts only where they are known rather than estimated.
  static PlanStatistics SizeOnly(const LogicalOperator& op);
  /// Returns SizeOnly's statistics of one node from its children's: without CBO over their
  /// size-only statistics, as the cost-based estimates' fallback over their cost-based ones.
  static PlanStatistics SizeOnlyNode(const LogicalOperator& op, const std::vector<PlanStatistics>& children);

 private:
  PlanStatistics Get(const LogicalGet& get) const;
  PlanStatistics Aggregate(const LogicalAggregate& aggregate, const PlanStatistics& child) const;
  std::optional<PlanStatistics> Join(const LogicalJoin& join, const PlanStatistics& left,
                                     const PlanStatistics& right) const;

  TableStatisticsView view_;
};

/// Returns the column sets whose values are distinct in a plan's output (Spark's
/// LogicalPlan.distinctKeys, for the join estimate's uniqueness): an aggregate's group columns,
/// carried through filters, sorts, limits and projections of them.
std::vector<std::set<size_t>> DistinctKeys(const LogicalOperator& op);

}  // namespace floe
