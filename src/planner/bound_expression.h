#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/sorted_values.h"
#include "common/types.h"
#include "common/value.h"
#include "function/aggregate_function.h"
#include "function/scalar_function.h"
#include "planner/bound_subquery.h"

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
  kIn,          // children[0] IN (children[1..]), or IN in_list; NULL semantics of SQL
  kCase,        // children: when0, then0, when1, then1, ..., [else]; has_else
  kCoalesce,    // first non-NULL child, evaluated lazily
  kParameter,   // a column of the enclosing query, in a correlated subquery: `index`
  kSubquery,    // the result of `subquery` (scalar, EXISTS; IN: children[0] IN its rows),
                // known once it has run
  kLambdaParameter,  // a lambda's parameter: slot `index` of the enclosing higher-order call
  kHigherOrder,      // `higher_order` over children: the array (and start) arguments, then
                     // the lambda bodies; the lambdas' parameters take slots from `index` on
};

/// The higher-order functions (Spark's transform, filter, exists, forall, aggregate, zip_with).
enum class HigherOrderFunction : uint8_t { kTransform, kFilter, kExists, kForall, kAggregate, kZipWith };

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
  HigherOrderFunction higher_order = HigherOrderFunction::kTransform;
  /// For kSubquery: the uncorrelated subquery, shared by the copies of this expression.
  std::shared_ptr<BoundSubquery> subquery;
  /// For the cast of an INSERT's value to its column's type: the column, which an overflow
  /// names (Spark's CheckOverflowInTableInsert: CAST_OVERFLOW_IN_TABLE_INSERT).
  std::string insert_column;
  /// For kIn over more values than children would hold cheaply (a runtime filter's keys,
  /// up to millions): them distinct, ascending and non-NULL, of children[0]'s type, shared
  /// by the copies; children then holds only children[0].
  SortedValuesPtr in_list;
  /// The expression as Spark prints it in plans ("(a#1 + 1)"); also the default name.
  std::string text;

  std::unique_ptr<BoundExpression> Copy() const;
  /// Returns a copy of this node without its children.
  std::unique_ptr<BoundExpression> CopyNode() const;
  /// Returns true when no column or parameter is referenced: the same value for every row.
  bool IsConstant() const;
  /// Returns true when the value is known before the query runs: constant, with no
  /// subquery and no function whose result changes within a query (what constant folding
  /// may evaluate).
  bool IsFoldable() const;
  /// Returns true when a subquery is referenced.
  bool HasSubquery() const;
  /// Returns true when the same inputs always give the same value: no function whose result
  /// changes within a query (rand, uuid, current_timestamp) and no parameter.
  bool IsDeterministic() const;
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

/// Returns the field name when `e` is a struct field access `s.f` (get_struct_field of a
/// constant name), else null.
const std::string* StructFieldName(const BoundExpression& e);

/// Appends to `out` the subqueries `expr` references that it does not hold yet, in order.
void CollectSubqueries(const BoundExpression& expr, std::vector<std::shared_ptr<BoundSubquery>>* out);

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
