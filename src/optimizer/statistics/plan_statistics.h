#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"

namespace floe {

/// Spark's ColumnStat of one output column of a plan. min and max are Spark's
/// EstimationUtils.toDouble of the values (a number; a date's days, a timestamp's
/// microseconds, a boolean's 0 or 1); Spark keeps none for strings and binaries.
struct ColumnStat {
  std::optional<double> distinct_count;
  std::optional<double> min;
  std::optional<double> max;
  std::optional<double> null_count;
  std::optional<double> avg_len;
  std::optional<double> max_len;

  bool HasCountStats() const { return distinct_count && null_count; }
  bool HasMinMaxStats() const { return min && max; }
};

/// Spark's Statistics of a plan's output (LogicalPlan.stats). size_in_bytes nullopt is
/// Spark's defaultSizeInBytes (Long.MaxValue: unknown); columns are per output column.
struct PlanStatistics {
  std::optional<double> size_in_bytes;
  std::optional<double> row_count;
  std::vector<std::optional<ColumnStat>> columns;

  /// Returns the column's statistics, if known.
  const ColumnStat* Column(size_t i) const { return i < columns.size() && columns[i] ? &*columns[i] : nullptr; }
  /// Returns Spark's Statistics.simpleString: "sizeInBytes=19.5 KiB, rowCount=1.00E+3".
  std::string ToString() const;
};

/// Spark's DataType.defaultSize: what its estimates count per value without statistics.
double SparkDefaultSize(const LogicalType& type);

/// Returns Spark's EstimationUtils.toDouble of a value of a numeric, date, timestamp or
/// boolean type; nullopt for NULL and for any other type (strings have no interval).
std::optional<double> SparkStatDouble(const Value& value);

/// Returns true when Spark's estimates treat the type as an interval of numbers (NumericType,
/// DateType, TimestampType, BooleanType).
bool HasNumericInterval(const LogicalType& type);

/// Spark's EstimationUtils.getOutputSize: rows times (8 + each column's average length, a
/// string's plus 12, or its default size), and 1 for no rows.
double SparkOutputSize(const std::vector<LogicalType>& types, double rows,
                       const std::vector<std::optional<ColumnStat>>& columns);

/// Spark's EstimationUtils.updateStat: a count scaled down with the rows, once it is more than 1.
std::optional<double> UpdateStat(double old_rows, double new_rows, std::optional<double> old_stat,
                                 std::optional<double> updated_stat);

/// Returns Spark's row count text: BigDecimal(rows, MathContext(3, HALF_UP)).toString, as
/// Statistics.simpleString prints it ("999", "1.00E+3", "2.35E+7").
std::string SparkRowCountText(double rows);

/// Returns Spark's Utils.bytesToString: "19.5 KiB", "8.0 EiB".
std::string SparkBytesText(double bytes);

}  // namespace floe
