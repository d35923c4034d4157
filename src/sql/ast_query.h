#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sql/ast_expression.h"
#include "sql/ast_table_ref.h"

namespace floe {

/// Names the kind of a QueryNode.
enum class QueryNodeKind : uint8_t {
  kSelect,        // SelectNode (a bare VALUES statement is SELECT * FROM VALUES ..)
  kSetOperation,  // SetOperationNode
};

struct QueryNode;

/// WITH name [(cols)] AS (query).
struct CommonTableExpression {
  std::string name;
  std::vector<std::string> column_names;
  std::unique_ptr<QueryNode> query;
  SourcePosition position;
};

/// Base of SELECT blocks and set operations; holds what may follow either:
/// WITH before, ORDER BY / LIMIT / OFFSET after.
struct QueryNode {
  explicit QueryNode(QueryNodeKind k) : kind(k) {}
  virtual ~QueryNode();
  QueryNode(const QueryNode&) = delete;
  QueryNode& operator=(const QueryNode&) = delete;

  /// Returns this node as its concrete struct; the caller has checked `kind`.
  template <class T>
  T& As() {
    return static_cast<T&>(*this);
  }
  template <class T>
  const T& As() const {
    return static_cast<const T&>(*this);
  }

  QueryNodeKind kind;
  SourcePosition position;
  std::vector<CommonTableExpression> ctes;
  std::vector<OrderByItem> order_by;
  /// Holds the LIMIT expression, null when absent or LIMIT ALL.
  ExpressionPtr limit;
  /// Holds the OFFSET expression, or null.
  ExpressionPtr offset;
};

using QueryNodePtr = std::unique_ptr<QueryNode>;

/// An optimizer hint from `/*+ NAME(args), ... */`: BROADCAST(d), REPARTITION(4, c).
struct Hint {
  /// Holds the hint name upper-cased.
  std::string name;
  /// Holds the arguments: column refs for table names, constants for numbers (shared: a
  /// hint is parsed once however often the parser tries the SELECT it follows).
  std::vector<std::shared_ptr<const ParsedExpression>> args;
  SourcePosition position;
};

/// GROUP BY: the distinct grouping expressions, and grouping sets over them.
struct GroupByClause {
  /// Holds GROUP BY ALL.
  bool all = false;
  /// Holds each distinct grouping expression once, in order of first appearance.
  std::vector<ExpressionPtr> expressions;
  /// Holds the grouping sets as indexes into expressions, ROLLUP / CUBE / GROUPING SETS
  /// expanded (Spark's order); empty means one set of every expression.
  std::vector<std::vector<size_t>> grouping_sets;

  /// Holds whether `()` was written (GROUP BY () aggregates even without aggregates).
  bool empty_set = false;

  bool empty() const { return !all && !empty_set && expressions.empty() && grouping_sets.empty(); }
};

/// WINDOW name AS (spec).
struct NamedWindow {
  std::string name;
  std::unique_ptr<WindowSpec> spec;
};

/// One SELECT block.
struct SelectNode : QueryNode {
  SelectNode() : QueryNode(QueryNodeKind::kSelect) {}

  std::vector<Hint> hints;
  bool distinct = false;
  /// Holds the select items; each may carry an alias.
  std::vector<ExpressionPtr> select_list;
  /// Holds the FROM tree, or null for SELECT without FROM.
  TableRefPtr from;
  ExpressionPtr where;
  GroupByClause group_by;
  ExpressionPtr having;
  ExpressionPtr qualify;
  std::vector<NamedWindow> windows;
};

/// Names a set operation; MINUS parses as kExcept.
enum class SetOperationType : uint8_t { kUnion, kIntersect, kExcept };

/// left UNION|INTERSECT|EXCEPT [ALL|DISTINCT] right.
struct SetOperationNode : QueryNode {
  SetOperationNode() : QueryNode(QueryNodeKind::kSetOperation) {}

  SetOperationType set_type = SetOperationType::kUnion;
  /// Holds ALL; false means DISTINCT (the default).
  bool all = false;
  QueryNodePtr left;
  QueryNodePtr right;
};

}  // namespace floe
