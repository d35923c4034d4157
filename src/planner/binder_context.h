#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalog/time_travel.h"
#include "common/value.h"
#include "function/function_context.h"
#include "planner/delete_target.h"
#include "planner/logical_operator.h"
#include "planner/row_change_target.h"
#include "planner/table_sink.h"
#include "planner/table_source.h"
#include "sql/ast_query.h"
#include "sql/qualified_name.h"

namespace floe {

/// A view's definition: its query and optional column names.
struct ViewDefinition {
  std::string name;
  std::string sql;  // the query text; parsed again each time the view is used
  std::vector<std::string> column_names;
};

/// What the binder needs from the session: names, functions, and the values of the few
/// constants a plan's shape depends on. Binding runs no query: a subquery becomes a join or
/// a BoundSubquery of the plan, run when the plan runs.
class BinderContext {
 public:
  virtual ~BinderContext() = default;
  virtual const FunctionContext& function_context() const = 0;
  /// Returns a temporary view by name, or null.
  virtual std::shared_ptr<ViewDefinition> FindView(const QualifiedName& name) = 0;
  /// Returns a table (temporary or in the catalog), or null when it does not exist.
  virtual std::shared_ptr<TableSource> FindTable(const QualifiedName& name,
                                                 const TimeTravelSpec* time_travel) = 0;
  /// Returns the table an INSERT writes (temporary, in the catalog, or a branch of one),
  /// or null when it does not exist.
  virtual std::shared_ptr<TableSink> FindTableSink(const QualifiedName& name) { return nullptr; }
  /// Returns the table a DELETE removes rows from, or null when it does not exist.
  virtual std::shared_ptr<DeleteTarget> FindDeleteTarget(const QualifiedName& name) { return nullptr; }
  /// Returns the table an UPDATE, MERGE or DELETE (`statement`, for messages) changes rows
  /// of, or null when it does not exist.
  virtual std::shared_ptr<RowChangeTarget> FindRowChangeTarget(const QualifiedName& name,
                                                               const std::string& statement) {
    return nullptr;
  }
  /// Returns a session setting's value ("" when unset), for the defaults a statement takes
  /// from the session (COPY's compression codec).
  virtual std::string SettingValue(const std::string& name) { return ""; }
  /// Records a warning for the statement's result (a hint it cannot follow, ...).
  virtual void Warn(const std::string& message) {}
  /// Returns the names the user might have meant, for "did you mean" hints.
  virtual std::vector<std::string> TableNames() = 0;
  /// Binds a table function call (range, read_parquet, ...); null when unknown.
  virtual std::shared_ptr<TableSource> FindTableFunction(const std::string& name,
                                                         const std::vector<Value>& args,
                                                         const std::vector<std::string>& arg_names) = 0;
  /// Evaluates an expression without column references. The binder asks only for a value
  /// the plan's shape or a type depends on (LIMIT, AS OF, table-function arguments, VALUES
  /// rows, window frame offsets, a constant argument a function's binder reads), as Spark's
  /// analyzer evaluates foldable expressions there; a subquery in one of those clauses runs
  /// then (Spark's EvalSubqueriesForTimeTravel does so for AS OF).
  virtual Value EvaluateConstant(const BoundExpression& expression) = 0;
};

}  // namespace floe
