#pragma once

#include <vector>

#include "common/date_time.h"
#include "iceberg/expressions/expression.h"
#include "iceberg/schema.h"
#include "planner/bound_expression.h"

namespace floe {

/// Converts scan filters (bound expressions over the projected columns) into an Iceberg
/// expression on field ids, for pruning. What it cannot convert becomes `true` where it
/// stands positively (`false` under NOT), so the result is never stricter than the
/// filter: it may prune less, never wrongly. Maps expressions of a column that
/// partition transforms also compute (CAST(ts AS DATE), to_date, year, date_trunc) to
/// ranges on the column. On a TIMESTAMP (with zone) column the day is the session zone's:
/// given the zone the range is exact (widened only next to a zone transition); without
/// it, each bound widens by the largest zone offset (18 hours).
class IcebergFilterConverter {
 public:
  /// `field_ids[i]` is the field id of projected column i; `zone` is the session time
  /// zone (nullptr: unknown).
  IcebergFilterConverter(const iceberg::Schema& schema, std::vector<int> field_ids, const TimeZone* zone = nullptr)
      : schema_(schema), field_ids_(std::move(field_ids)), zone_(zone) {}

  /// Returns true when Convert(filter) holds for exactly the rows where `filter` is TRUE
  /// (not FALSE or NULL): ANDs and ORs of comparisons other than <>, IN lists, IS [NOT]
  /// NULL and boolean columns, each of a column and constants. A DELETE relies on it to
  /// drop whole files that strict evaluation of the converted filter proves all matching.
  bool IsExact(const BoundExpression& filter) const;
  /// Returns the AND of the converted filters.
  iceberg::ExpressionPtr Convert(const std::vector<const BoundExpression*>& filters) const;
  /// Returns one converted filter.
  iceberg::ExpressionPtr Convert(const BoundExpression& filter) const { return Convert(filter, true); }
  /// Returns true when everything converted so far is exactly the filter (a row matches
  /// the Iceberg expression if and only if it passes the filter), not just implied by it.
  bool exact() const { return exact_; }

 private:
  iceberg::ExpressionPtr Convert(const BoundExpression& e, bool positive) const;
  iceberg::ExpressionPtr ConvertLeaf(const BoundExpression& e) const;
  iceberg::ExpressionPtr ConvertComparison(iceberg::Operation op, const BoundExpression& column,
                                           const Value& literal) const;
  /// Returns `a <=> b` of a column and a constant: IS NULL for NULL, else = and IS NOT NULL.
  iceberg::ExpressionPtr ConvertNullSafeEqual(const BoundExpression& a, const BoundExpression& b) const;
  iceberg::ExpressionPtr ConvertDerived(iceberg::Operation op, const BoundExpression& derived,
                                        const Value& literal) const;
  /// Returns the comparison of an INT column with an integer outside the INT range
  /// (always false, or IS NOT NULL), or nullptr for any other literal.
  iceberg::ExpressionPtr OutOfRange(iceberg::Operation op, int field_id, const Value& literal) const;
  /// Returns the field id when `e` is a column, or a lossless widening cast of one.
  std::optional<int> FieldOf(const BoundExpression& e) const;
  /// Returns the literal as a value of the field's type when exactly representable.
  std::optional<Value> LiteralFor(int field_id, const Value& literal) const;

  /// Returns the instant a session-local wall-clock time maps to, widened by the largest
  /// zone offset in the direction `earlier` when the zone is unknown or a transition is near.
  int64_t InstantOf(int64_t local_micros, bool earlier) const;

  const iceberg::Schema& schema_;
  std::vector<int> field_ids_;
  const TimeZone* zone_;
  mutable bool exact_ = true;
};

}  // namespace floe
