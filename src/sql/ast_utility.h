#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sql/ast_ddl.h"

namespace floe {

/// USE [NAMESPACE|DATABASE|SCHEMA] name.
struct UseStatement : Statement {
  UseStatement() : Statement(StatementKind::kUse) {}

  QualifiedName name;
};

/// Names what a SHOW statement lists.
enum class ShowKind : uint8_t {
  kNamespaces,        // SHOW NAMESPACES|SCHEMAS|DATABASES [IN|FROM ns] [[LIKE] 'p']
  kTables,            // SHOW TABLES [IN|FROM ns] [[LIKE] 'p']
  kViews,             // SHOW VIEWS [IN|FROM ns] [[LIKE] 'p']
  kColumns,           // SHOW COLUMNS IN|FROM t [IN|FROM ns]
  kCreateTable,       // SHOW CREATE TABLE t
  kTblProperties,     // SHOW TBLPROPERTIES t [('key')]
  kSettings,          // SHOW SETTINGS | SHOW ALL
  kFunctions,         // SHOW [USER|SYSTEM|ALL] FUNCTIONS [[LIKE] 'p']
  kPartitions,        // SHOW PARTITIONS t
  kCatalogs,          // SHOW CATALOGS
  kCurrentNamespace,  // SHOW CURRENT NAMESPACE|SCHEMA|DATABASE
};

/// SHOW ...: the target is a namespace (NAMESPACES, TABLES, VIEWS) or a table.
struct ShowStatement : Statement {
  ShowStatement() : Statement(StatementKind::kShow) {}

  ShowKind show_kind = ShowKind::kTables;
  /// Holds the table (COLUMNS, CREATE TABLE, TBLPROPERTIES, PARTITIONS) or namespace.
  QualifiedName target;
  /// Holds SHOW COLUMNS' IN namespace, or empty.
  QualifiedName target_namespace;
  /// Holds the LIKE pattern, or empty when absent.
  std::optional<std::string> pattern;
  /// Holds SHOW TBLPROPERTIES t ('key').
  std::optional<std::string> property_key;
};

/// DESCRIBE|DESC [TABLE] [EXTENDED|FORMATTED] name [column]; DESCRIBE [QUERY] query;
/// DESCRIBE NAMESPACE|DATABASE|SCHEMA [EXTENDED] name; DESCRIBE FUNCTION [EXTENDED] name.
struct DescribeStatement : Statement {
  DescribeStatement() : Statement(StatementKind::kDescribe) {}

  ObjectType object_type = ObjectType::kTable;
  QualifiedName name;
  bool extended = false;
  bool formatted = false;
  /// Holds the described column, or empty.
  std::vector<std::string> column;
  /// Holds DESCRIBE QUERY's query, or null.
  QueryNodePtr query;
};

/// CALL catalog.system.procedure(arg, name => value, ...).
struct CallStatement : Statement {
  CallStatement() : Statement(StatementKind::kCall) {}

  QualifiedName procedure;
  std::vector<ExpressionPtr> args;
  /// Holds the argument names, parallel to args ("" when positional).
  std::vector<std::string> arg_names;
};

/// SET (list all) | SET key | SET key = value | SET TIME ZONE 'zone'|LOCAL.
struct SetStatement : Statement {
  SetStatement() : Statement(StatementKind::kSet) {}

  /// Holds the key as written (dotted, may contain '-'), empty for a bare SET.
  std::string key;
  /// Holds the value with quotes removed, or nullopt for SET key / SET.
  std::optional<std::string> value;
  /// Holds SET -v (list with descriptions).
  bool verbose = false;
};

/// RESET [key].
struct ResetStatement : Statement {
  ResetStatement() : Statement(StatementKind::kReset) {}

  /// Holds the key, empty to reset every setting.
  std::string key;
};

/// COPY table|(query) TO|FROM 'file' [WITH] [(key value, ...)].
struct CopyStatement : Statement {
  CopyStatement() : Statement(StatementKind::kCopy) {}

  /// Holds the table of COPY t TO/FROM, or empty when copying a query.
  QualifiedName table;
  std::vector<std::string> columns;
  QueryNodePtr query;
  /// Holds true for COPY .. TO (export), false for COPY t FROM 'file' (import).
  bool to = true;
  std::string path;
  /// Holds options with keys lower-cased and values unquoted: {"format", "parquet"}.
  std::vector<std::pair<std::string, std::string>> options;
};

/// ANALYZE TABLE t COMPUTE STATISTICS [NOSCAN | FOR COLUMNS a, b | FOR ALL COLUMNS].
struct AnalyzeStatement : Statement {
  AnalyzeStatement() : Statement(StatementKind::kAnalyze) {}

  QualifiedName table;
  bool noscan = false;
  bool all_columns = false;
  std::vector<std::string> columns;
};

}  // namespace floe
