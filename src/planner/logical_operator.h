#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/types.h"
#include "planner/bound_expression.h"

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
  kGenerate,    // logical_generate.h
  kValues,
  kInsert,      // logical_insert.h
  kCopyToFile,  // logical_copy_to_file.h
  kDelete,      // logical_delete.h
};

/// A node of the logical plan. Columns are positional: an expression's column refs index
/// the output of the node's child (for joins: left columns, then right columns). Each kind
/// is its own header, planner/logical_<kind>.h.
struct LogicalOperator {
  explicit LogicalOperator(LogicalOperatorType t) : type(t) {}
  virtual ~LogicalOperator() = default;

  LogicalOperatorType type;
  std::vector<std::unique_ptr<LogicalOperator>> children;
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  /// A join strategy hint naming the relation this node is the root of (Spark's
  /// ResolvedHint): BROADCAST, MERGE, SHUFFLE_HASH or SHUFFLE_REPLICATE_NL, and the hint
  /// as written (`BROADCAST(d)`); empty when none.
  std::string join_hint;
  std::string join_hint_text;

  /// Returns one line describing this node (for EXPLAIN of the logical plan).
  virtual std::string Describe() const = 0;
  /// Calls fn on each expression this node holds (not its children's); fn may replace it.
  virtual void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {}
  /// Returns the uncorrelated subqueries this node's expressions read, each once, in order.
  std::vector<std::shared_ptr<BoundSubquery>> Subqueries() const;
};

using LogicalOperatorPtr = std::unique_ptr<LogicalOperator>;

/// Returns the join strategy hint of the relation `op` produces: its own, or that of the
/// relation under the filters and projections the optimizer put above it.
const LogicalOperator* HintedRelation(const LogicalOperator& op);

/// Prints a logical plan as an indented tree; `annotate`, when given, adds its text to each
/// node's line (EXPLAIN COST's statistics).
std::string LogicalPlanToString(const LogicalOperator& op, int indent = 0,
                                const std::function<std::string(const LogicalOperator&)>& annotate = nullptr);

/// Returns the texts of the expressions joined by ", " (for Describe()).
std::string ExpressionListText(const std::vector<BoundExpressionPtr>& exprs);

}  // namespace floe
