#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sql/ast_statement.h"

namespace floe {

/// INSERT INTO|OVERWRITE [TABLE] name [PARTITION (..)] [(cols)] query.
/// VALUES rows arrive as a query (SELECT * FROM VALUES ..).
struct InsertStatement : Statement {
  InsertStatement() : Statement(StatementKind::kInsert) {}

  QualifiedName table;
  bool overwrite = false;
  std::vector<std::string> columns;
  /// Holds PARTITION (k = v, k2) entries; a null value marks a dynamic partition column.
  std::vector<std::pair<std::string, ExpressionPtr>> partition;
  /// Holds BY NAME: match columns by name instead of position.
  bool by_name = false;
  QueryNodePtr query;
};

/// DELETE FROM name [[AS] alias] [WHERE condition].
struct DeleteStatement : Statement {
  DeleteStatement() : Statement(StatementKind::kDelete) {}

  QualifiedName table;
  std::string alias;
  ExpressionPtr where;
};

/// One `col = expr` of UPDATE .. SET or MERGE .. UPDATE SET.
struct SetClause {
  /// Holds the target column (dotted when qualified: `t.c`).
  std::vector<std::string> column;
  ExpressionPtr value;
};

/// UPDATE name [[AS] alias] SET c = e, .. [WHERE condition].
struct UpdateStatement : Statement {
  UpdateStatement() : Statement(StatementKind::kUpdate) {}

  QualifiedName table;
  std::string alias;
  std::vector<SetClause> assignments;
  ExpressionPtr where;
};

/// Names what a MERGE clause does.
enum class MergeActionType : uint8_t { kUpdate, kUpdateStar, kDelete, kInsert, kInsertStar };
/// Names when a MERGE clause applies.
enum class MergeMatch : uint8_t { kMatched, kNotMatched, kNotMatchedBySource };

/// WHEN [NOT] MATCHED [BY SOURCE|TARGET] [AND cond] THEN action.
struct MergeClause {
  MergeMatch match = MergeMatch::kMatched;
  ExpressionPtr condition;
  MergeActionType action = MergeActionType::kUpdate;
  /// Holds UPDATE SET assignments.
  std::vector<SetClause> assignments;
  /// Holds INSERT (cols) VALUES (values); a column may be qualified (`t.c`).
  std::vector<std::vector<std::string>> insert_columns;
  std::vector<ExpressionPtr> insert_values;
};

/// MERGE INTO target [AS t] USING source [AS s] ON cond WHEN ...
struct MergeStatement : Statement {
  MergeStatement() : Statement(StatementKind::kMerge) {}

  /// Holds WITH .. MERGE's CTEs, which the source may read.
  std::vector<CommonTableExpression> ctes;
  QualifiedName target;
  std::string target_alias;
  TableRefPtr source;
  ExpressionPtr condition;
  std::vector<MergeClause> clauses;
};

}  // namespace floe
