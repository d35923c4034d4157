#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"
#include "function/aggregate_function.h"
#include "function/scalar_function.h"

namespace floe {

/// The kinds of expressions the executor evaluates.
enum class BoundExpressionKind {
  kColumnRef,   // column `index` of the input batch
  kConstant,    // `constant`
  kFunction,    // `function` over children
  kCast,        // children[0] cast to `type` (try_cast: errors become NULL)
  kAnd,         // three-valued AND over children
  kOr,          // three-valued OR over children
  kNot,         // three-valued NOT
  kIsNull,      // children[0] IS NULL
  kIsNotNull,   // children[0] IS NOT NULL
  kIn,          // children[0] IN (children[1..]); NULL semantics of SQL
  kCase,        // children: when0, then0, when1, then1, ..., [else]; has_else
  kCoalesce,    // first non-NULL child, evaluated lazily
  kParameter,   // placeholder filled at run time (scalar subquery result): `index`
};

/// A resolved, typed expression over the columns of one operator's input.
struct BoundExpression {
  BoundExpressionKind kind = BoundExpressionKind::kConstant;
  LogicalType type;
  size_t index = 0;
  Value constant;
  std::shared_ptr<BoundScalarFunction> function;
  std::vector<std::unique_ptr<BoundExpression>> children;
  bool try_cast = false;
  bool has_else = false;
  bool negated = false;  // NOT IN
  /// For the cast of an INSERT's value to its column's type: the column, which an overflow
  /// names (Spark's CheckOverflowInTableInsert: CAST_OVERFLOW_IN_TABLE_INSERT).
  std::string insert_column;
  /// The expression as Spark prints it in plans ("(a#1 + 1)"); also the default name.
  std::string text;

  std::unique_ptr<BoundExpression> Copy() const;
  /// Returns true when no column or parameter is referenced.
  bool IsConstant() const;
  /// Calls fn on every column reference (mutable, so references can be remapped).
  void VisitColumnRefs(const std::function<void(BoundExpression&)>& fn);
  /// Returns the indexes of the referenced input columns.
  std::vector<size_t> ReferencedColumns() const;
  std::string ToString() const { return text; }

  static std::unique_ptr<BoundExpression> ColumnRef(size_t index, LogicalType type,
                                                   std::string text);
  static std::unique_ptr<BoundExpression> MakeConstant(Value value, std::string text = "");
};

using BoundExpressionPtr = std::unique_ptr<BoundExpression>;

/// Returns which join inputs an expression over (left ++ right) columns references:
/// 1 the left only, 2 the right only, 3 both, 0 neither.
int JoinSides(const BoundExpression& expr, size_t left_width);

/// An aggregate call inside an aggregation: function, arguments, FILTER, DISTINCT.
struct BoundAggregate {
  std::shared_ptr<BoundAggregateFunction> function;
  std::vector<BoundExpressionPtr> args;
  BoundExpressionPtr filter;  // null when there is no FILTER (WHERE ...)
  bool distinct = false;
  std::string text;

  BoundAggregate Copy() const;
};

/// One ORDER BY key.
struct BoundOrder {
  BoundExpressionPtr expression;
  bool ascending = true;
  bool nulls_first = true;

  BoundOrder Copy() const;
};

}  // namespace floe
