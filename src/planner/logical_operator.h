#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "planner/bound_expression.h"
#include "planner/table_source.h"
#include "sql/ast_query.h"
#include "sql/ast_table_ref.h"

namespace floe {

enum class LogicalOperatorType {
  kGet,
  kFilter,
  kProjection,
  kAggregate,
  kJoin,
  kSort,
  kLimit,
  kSetOperation,
  kWindow,
  kValues,
  kInsert,      // logical_insert.h
  kCopyToFile,  // logical_copy_to_file.h
  kDelete,      // logical_delete.h
};

/// A node of the logical plan. Columns are positional: an expression's column refs index
/// the output of the node's child (for joins: left columns, then right columns).
struct LogicalOperator {
  explicit LogicalOperator(LogicalOperatorType t) : type(t) {}
  virtual ~LogicalOperator() = default;

  LogicalOperatorType type;
  std::vector<std::unique_ptr<LogicalOperator>> children;
  std::vector<std::string> names;
  std::vector<LogicalType> types;

  /// Returns one line describing this node (for EXPLAIN of the logical plan).
  virtual std::string Describe() const = 0;
  /// Calls fn on each expression this node holds (not its children's); fn may replace it.
  virtual void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {}
  /// Returns the uncorrelated subqueries this node's expressions read, each once, in order.
  std::vector<std::shared_ptr<BoundSubquery>> Subqueries() const;
};

using LogicalOperatorPtr = std::unique_ptr<LogicalOperator>;

/// A runtime filter planned by dynamic partition pruning: the distinct build keys of a
/// join's key `key_index`, applied to `probe_key` (over a scan's output columns).
struct LogicalRuntimeFilter {
  int id = 0;
  size_t key_index = 0;
  BoundExpressionPtr probe_key;
};

/// Reads columns of a table source, optionally with filters it may push into the scan.
struct LogicalGet : LogicalOperator {
  LogicalGet() : LogicalOperator(LogicalOperatorType::kGet) {}
  std::shared_ptr<TableSource> source;
  std::vector<size_t> column_ids;  // into source->names(); output column i = column_ids[i]
  /// Conjuncts over this node's output columns that the scan may use to skip data; they
  /// are also kept in a Filter above unless `filters_exact`.
  std::vector<BoundExpressionPtr> filters;
  std::string alias;
  /// Runtime filters from joins above (dynamic partition pruning); applied at scan start.
  std::vector<LogicalRuntimeFilter> runtime_filters;
  /// Why dynamic partition pruning was considered for this scan but not applied.
  std::vector<std::string> dynamic_pruning_notes;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

/// Keeps the rows for which the condition is true.
struct LogicalFilter : LogicalOperator {
  LogicalFilter() : LogicalOperator(LogicalOperatorType::kFilter) {}
  std::vector<BoundExpressionPtr> conjuncts;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

/// Computes one output column per expression.
struct LogicalProjection : LogicalOperator {
  LogicalProjection() : LogicalOperator(LogicalOperatorType::kProjection) {}
  std::vector<BoundExpressionPtr> expressions;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

/// Groups rows; output = group keys, then aggregates, then (with grouping sets) the
/// grouping id as a bigint.
struct LogicalAggregate : LogicalOperator {
  LogicalAggregate() : LogicalOperator(LogicalOperatorType::kAggregate) {}
  std::vector<BoundExpressionPtr> groups;
  std::vector<BoundAggregate> aggregates;
  /// Each set lists the group indexes it keeps; empty means one set of all groups.
  std::vector<std::vector<size_t>> grouping_sets;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

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
  /// (runtime filter id, key index): the build keys this join publishes to scans.
  std::vector<std::pair<int, size_t>> runtime_filters;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

/// Orders rows.
struct LogicalSort : LogicalOperator {
  LogicalSort() : LogicalOperator(LogicalOperatorType::kSort) {}
  std::vector<BoundOrder> orders;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

/// Skips `offset` rows, then keeps at most `limit`.
struct LogicalLimit : LogicalOperator {
  LogicalLimit() : LogicalOperator(LogicalOperatorType::kLimit) {}
  std::optional<int64_t> limit;
  int64_t offset = 0;
  std::string Describe() const override;
};


/// UNION / INTERSECT / EXCEPT of two inputs with the same column types.
struct LogicalSetOperation : LogicalOperator {
  LogicalSetOperation() : LogicalOperator(LogicalOperatorType::kSetOperation) {}
  SetOperationType set_type = SetOperationType::kUnion;
  bool all = false;
  std::string Describe() const override;
};

enum class WindowFunctionKind {
  kAggregate,
  kRowNumber,
  kRank,
  kDenseRank,
  kPercentRank,
  kCumeDist,
  kNtile,
  kLag,
  kLead,
  kFirstValue,
  kLastValue,
  kNthValue,
};

/// One end of a window frame; offset for PRECEDING / FOLLOWING.
struct BoundFrameBound {
  FrameBoundKind kind = FrameBoundKind::kCurrentRow;
  int64_t offset = 0;
  Value range_offset;  // RANGE frames with a value offset
};

/// One window function call with its OVER clause.
struct BoundWindowFunction {
  WindowFunctionKind kind = WindowFunctionKind::kAggregate;
  BoundAggregate aggregate;               // for kAggregate
  std::vector<BoundExpressionPtr> args;   // lag(x, n, default), ntile(n), first_value(x)
  std::vector<BoundExpressionPtr> partitions;
  std::vector<BoundOrder> orders;
  bool rows_frame = false;  // ROWS (true) or RANGE (false)
  bool has_frame = false;
  BoundFrameBound start;
  BoundFrameBound end;
  bool ignore_nulls = false;
  LogicalType type;
  std::string text;

  BoundWindowFunction Copy() const;
  /// Calls fn on every expression of the call: arguments, filter, partitions, orders.
  void VisitExpressions(const std::function<void(BoundExpression&)>& fn);
};

/// Adds one column per window function to its input's columns.
struct LogicalWindow : LogicalOperator {
  LogicalWindow() : LogicalOperator(LogicalOperatorType::kWindow) {}
  std::vector<BoundWindowFunction> functions;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

/// Constant rows (VALUES, or one empty row for SELECT without FROM).
struct LogicalValues : LogicalOperator {
  LogicalValues() : LogicalOperator(LogicalOperatorType::kValues) {}
  std::vector<std::vector<Value>> rows;
  std::string Describe() const override;
};

/// Prints a logical plan as an indented tree.
std::string LogicalPlanToString(const LogicalOperator& op, int indent = 0);

}  // namespace floe
