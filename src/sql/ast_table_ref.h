#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sql/ast_expression.h"
#include "sql/qualified_name.h"

namespace floe {

struct QueryNode;

/// Names the kind of a TableRef; each kind has one struct below.
enum class TableRefKind : uint8_t {
  kBaseTable,      // BaseTableRef: ns.t [AS a] [VERSION AS OF ..]
  kSubquery,       // SubqueryRef: (SELECT ..) [AS] a [(c1, c2)]
  kTableFunction,  // TableFunctionRef: range(10), read_parquet('f', hive_partitioning => true)
  kValues,         // ValuesRef: VALUES (1, 'a'), (2, 'b') [AS] t(a, b)
  kJoin,           // JoinRef: left JOIN right ON .. | USING (..)
  kLateralView,    // LateralViewRef: input LATERAL VIEW [OUTER] explode(..) [alias] [AS c1, ..]
};

/// Base of every FROM item: a kind, a position, an alias and optional column aliases.
struct TableRef {
  explicit TableRef(TableRefKind k) : kind(k) {}
  virtual ~TableRef();
  TableRef(const TableRef&) = delete;
  TableRef& operator=(const TableRef&) = delete;

  /// Returns this node as its concrete struct; the caller has checked `kind`.
  template <class T>
  T& As() {
    return static_cast<T&>(*this);
  }
  template <class T>
  const T& As() const {
    return static_cast<const T&>(*this);
  }

  TableRefKind kind;
  SourcePosition position;
  /// Holds the alias, or empty.
  std::string alias;
  /// Holds `t(a, b)` column aliases, or empty.
  std::vector<std::string> column_aliases;
};

using TableRefPtr = std::unique_ptr<TableRef>;

/// Names the time-travel clause of a table reference.
enum class TimeTravelKind : uint8_t {
  kNone,
  kVersion,    // VERSION AS OF 123 | 'branch-or-tag', FOR SYSTEM_VERSION AS OF ..
  kTimestamp,  // TIMESTAMP AS OF '..', FOR SYSTEM_TIME AS OF ..
};

/// A named table (or view, CTE, metadata table `t.snapshots`).
struct BaseTableRef : TableRef {
  BaseTableRef() : TableRef(TableRefKind::kBaseTable) {}

  QualifiedName name;
  TimeTravelKind time_travel = TimeTravelKind::kNone;
  /// Holds the AS OF value (a constant or expression) when time_travel is set.
  ExpressionPtr time_travel_value;
};

/// A parenthesized query in FROM.
struct SubqueryRef : TableRef {
  // Both out of line: the QueryNode the reference holds is complete only in the .cc.
  SubqueryRef();
  ~SubqueryRef() override;

  std::unique_ptr<QueryNode> query;
  bool lateral = false;
};

/// A table-valued function call in FROM.
struct TableFunctionRef : TableRef {
  TableFunctionRef() : TableRef(TableRefKind::kTableFunction) {}

  std::unique_ptr<FunctionExpression> function;
};

/// An inline VALUES table; Spark names its columns col1, col2, ... unless aliased.
struct ValuesRef : TableRef {
  ValuesRef() : TableRef(TableRefKind::kValues) {}

  std::vector<std::vector<ExpressionPtr>> rows;
};

/// Names a join type. LEFT SEMI / SEMI parse as kSemi, LEFT ANTI / ANTI as kAnti.
enum class JoinType : uint8_t { kInner, kLeft, kRight, kFull, kSemi, kAnti, kCross };

/// Returns the join type as Spark prints it ("Inner", "LeftOuter", "LeftSemi", ...).
const char* JoinTypeToString(JoinType type);

/// left JOIN right; a comma join is kCross with is_comma set.
struct JoinRef : TableRef {
  JoinRef() : TableRef(TableRefKind::kJoin) {}

  JoinType join_type = JoinType::kInner;
  TableRefPtr left;
  TableRefPtr right;
  /// Holds the ON condition, or null.
  ExpressionPtr condition;
  /// Holds the USING (..) columns, or empty.
  std::vector<std::string> using_columns;
  bool natural = false;
  bool is_comma = false;
};

/// input LATERAL VIEW [OUTER] generator(args) [alias] [AS c1, c2, ..] (Hive's and Spark's):
/// each row of input joined with the rows the generator makes of it; `alias` names the
/// generated columns' table, `column_aliases` the columns.
struct LateralViewRef : TableRef {
  LateralViewRef() : TableRef(TableRefKind::kLateralView) {}
  TableRefPtr input;
  std::unique_ptr<FunctionExpression> generator;
  bool outer = false;
};

}  // namespace floe
