#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sql/ast_query.h"
#include "sql/qualified_name.h"

namespace floe {

/// Names the kind of a Statement; each kind has one struct (see ast_ddl.h, ast_dml.h,
/// ast_utility.h for those beyond queries).
enum class StatementKind : uint8_t {
  kSelect,           // SelectStatement
  kExplain,          // ExplainStatement
  kCreateTable,      // CreateTableStatement (also REPLACE TABLE, CTAS)
  kCreateView,       // CreateViewStatement
  kDrop,             // DropStatement (TABLE, VIEW, NAMESPACE)
  kAlterTable,       // AlterTableStatement
  kCreateNamespace,  // CreateNamespaceStatement
  kInsert,           // InsertStatement
  kDelete,           // DeleteStatement
  kUpdate,           // UpdateStatement
  kMerge,            // MergeStatement
  kUse,              // UseStatement
  kShow,             // ShowStatement
  kDescribe,         // DescribeStatement
  kCall,             // CallStatement
  kSet,              // SetStatement
  kReset,            // ResetStatement
  kCopy,             // CopyStatement
  kAnalyze,          // AnalyzeStatement
};

/// Base of every statement: a kind, where it starts, and its source text.
struct Statement {
  explicit Statement(StatementKind k) : kind(k) {}
  virtual ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  /// Returns this node as its concrete struct; the caller has checked `kind`.
  template <class T>
  T& As() {
    return static_cast<T&>(*this);
  }
  template <class T>
  const T& As() const {
    return static_cast<const T&>(*this);
  }

  StatementKind kind;
  SourcePosition position;
  /// Holds the statement's own source text, without the trailing `;`.
  std::string text;
};

using StatementPtr = std::unique_ptr<Statement>;

/// A query: SELECT, a set operation, WITH .. SELECT, or a bare VALUES.
struct SelectStatement : Statement {
  SelectStatement() : Statement(StatementKind::kSelect) {}

  QueryNodePtr query;
};

/// Names the EXPLAIN variant.
enum class ExplainMode : uint8_t { kDefault, kExtended, kFormatted, kAnalyze, kCodegen, kCost };

/// EXPLAIN [EXTENDED | FORMATTED | ANALYZE | CODEGEN | COST] statement.
struct ExplainStatement : Statement {
  ExplainStatement() : Statement(StatementKind::kExplain) {}

  ExplainMode mode = ExplainMode::kDefault;
  StatementPtr statement;
};

}  // namespace floe
