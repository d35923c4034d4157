#pragma once

// The parsed form of Spark SQL, as Parser produces it; every node carries a SourcePosition.
//   ast_expression.h  ParsedExpression and its kinds (columns, constants, calls, operators...)
//   ast_table_ref.h   TableRef: named tables, subqueries, table functions, VALUES, joins
//   ast_query.h       QueryNode: SELECT blocks and set operations, with WITH/ORDER BY/LIMIT
//   ast_statement.h   Statement, SelectStatement, ExplainStatement
//   ast_ddl.h         CREATE TABLE/VIEW/NAMESPACE, DROP, ALTER TABLE
//   ast_dml.h         INSERT, DELETE, UPDATE, MERGE
//   ast_utility.h     USE, SHOW, DESCRIBE, CALL, SET, RESET, COPY, ANALYZE
#include "sql/ast_ddl.h"
#include "sql/ast_dml.h"
#include "sql/ast_expression.h"
#include "sql/ast_query.h"
#include "sql/ast_statement.h"
#include "sql/ast_table_ref.h"
#include "sql/ast_utility.h"
