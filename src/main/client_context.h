#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "floe/result.h"
#include "main/database_state.h"
#include "main/settings.h"
#include "planner/binder_context.h"
#include "sql/ast_ddl.h"
#include "sql/ast_dml.h"
#include "sql/ast_statement.h"
#include "sql/ast_utility.h"

namespace floe {

struct PhysicalOperator;
class PhysicalOperatorBase;

/// A session: settings, the current namespace, and the code that runs each kind of
/// statement. Implements what the binder needs from the session.
class ClientContext : public BinderContext {
 public:
  explicit ClientContext(DatabaseState& database);

  /// Runs one parsed statement.
  Result Execute(const Statement& statement);

  Settings& settings() { return settings_; }
  DatabaseState& database() { return database_; }

  // BinderContext
  const FunctionContext& function_context() const override { return function_context_; }
  std::shared_ptr<ViewDefinition> FindView(const QualifiedName& name) override;
  std::shared_ptr<TableSource> FindTable(const QualifiedName& name,
                                         const TimeTravelSpec* time_travel) override;
  std::vector<std::string> TableNames() override;
  std::shared_ptr<TableSource> FindTableFunction(const std::string& name,
                                                 const std::vector<Value>& args,
                                                 const std::vector<std::string>& arg_names) override;
  std::vector<std::vector<Value>> ExecuteSubquery(const LogicalOperator& plan) override;
  Value EvaluateConstant(const BoundExpression& expression) override;

 private:
  void BeginStatement();
  Result ExecuteQuery(const QueryNode& query);
  Result ExecuteExplain(const ExplainStatement& statement);
  Result ExecuteCreateView(const CreateViewStatement& statement);
  Result ExecuteCreateTable(const CreateTableStatement& statement);
  Result ExecuteInsert(const InsertStatement& statement);
  Result ExecuteDrop(const DropStatement& statement);
  Result ExecuteSet(const SetStatement& statement);
  Result ExecuteReset(const ResetStatement& statement);
  Result ExecuteShow(const ShowStatement& statement);
  Result ExecuteDescribe(const DescribeStatement& statement);

  /// Binds, optimizes and runs a query; returns the result batches.
  Result RunQuery(const QueryNode& query);
  /// Runs a logical plan (consumed) and returns its rows as a result.
  Result RunPlan(LogicalOperator& plan, std::vector<std::string> names);
  /// Builds a result of text columns.
  Result TextResult(std::vector<std::string> names, const std::vector<std::vector<std::string>>& rows);
  /// Returns the session's thread count.
  int Threads() const;

  DatabaseState& database_;
  Settings settings_;
  TimeZone time_zone_;
  FunctionContext function_context_;
};

}  // namespace floe
