#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "catalog/catalog_table_operations.h"
#include "catalog/table_catalog.h"
#include "common/query_context.h"
#include "floe/result.h"
#include "iceberg/write/partitioned_data_writer.h"
#include "iceberg/write/snapshot_producer.h"
#include "iceberg/write/transaction.h"
#include "main/database_state.h"
#include "main/settings.h"
#include "optimizer/optimizer.h"
#include "planner/binder_context.h"
#include "planner/logical_operator.h"
#include "sql/ast_ddl.h"
#include "sql/ast_dml.h"
#include "sql/ast_statement.h"
#include "sql/ast_utility.h"

namespace floe {

struct ExecutionContext;
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
  /// Cancels the running statement (it stops at its next batch boundary with
  /// [OPERATION_CANCELED]); thread-safe, and async-signal-safe (one atomic store).
  void Interrupt() { cancel_requested_.store(true, std::memory_order_relaxed); }
  /// Forgets an Interrupt that came while nothing ran (called before each request).
  void ClearInterrupt() { cancel_requested_.store(false, std::memory_order_relaxed); }
  /// Returns the running statement's context (cancellation, deadline, memory).
  QueryContext& query_context() { return *query_context_; }
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
  /// Evaluates an expression without column references, first running the subqueries it
  /// reads (a LIMIT, AS OF or CALL argument holding one).
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

  // Iceberg tables in the catalog (iceberg_statements.cc, iceberg_alter_table.cc).
  TableCatalog& Tables();
  iceberg::LocationRemapper Remapper() const;
  /// Returns the door to storage (the database's FileIO).
  FileIO& Io() { return database_.file_io(); }
  /// Deletes files after a failure, ignoring what cannot be deleted (orphans).
  void DeleteQuietly(const std::vector<std::string>& paths);
  Result ExecuteCreateNamespace(const CreateNamespaceStatement& statement);
  Result ExecuteUse(const UseStatement& statement);
  Result CreateIcebergTable(const CreateTableStatement& statement);
  /// Replaces an existing table in one transaction (CREATE OR REPLACE TABLE [AS SELECT]);
  /// `data` holds the AS query's rows, or is null.
  Result ReplaceIcebergTable(const ResolvedTableName& name, const iceberg::Schema& schema,
                             const iceberg::PartitionSpec& spec, const std::optional<std::string>& location,
                             const std::map<std::string, std::string>& properties,
                             const std::vector<bool>& required, LogicalOperatorPtr query);
  Result InsertIntoIceberg(const InsertStatement& statement, const LoadedTable& table);
  Result DropIceberg(const DropStatement& statement);
  Result ExecuteAlterTable(const AlterTableStatement& statement);
  Result DescribeIceberg(const LoadedTable& table, bool extended);
  Result ShowIceberg(const ShowStatement& statement);
  /// Runs DELETE FROM; with `explain_only`, plans it from metadata and returns the plan.
  Result ExecuteDelete(const DeleteStatement& statement, bool explain_only = false);
  Result ExecuteCall(const CallStatement& statement);
  /// Runs CALL system.generate: a benchmark workload's tables (workload_generator.cc).
  Result ExecuteGenerate(const std::map<std::string, Value>& args);
  /// Writes `data` (the table's columns, in schema order) as data files of the table.
  std::vector<iceberg::DataFile> WriteDataFiles(const LoadedTable& table, const Result& data);
  /// Runs a plan and streams its rows into new data files of the table (cast to its columns);
  /// returns the files, or deletes them and rethrows when anything fails.
  std::vector<iceberg::DataFile> WriteQuery(const iceberg::TableMetadata& metadata, LogicalOperatorPtr plan,
                                            const std::vector<bool>& required, const std::string& table_name);
  /// Returns how the table's data files are written (its write.* properties, the session's limits).
  iceberg::DataWriterOptions DataWriterOptionsFor(const iceberg::TableMetadata& metadata);
  /// Returns the TableOperations of a catalog table, through which its transactions commit.
  std::unique_ptr<CatalogTableOperations> OperationsFor(const ResolvedTableName& name);
  /// Commits one Transaction on `table` as this statement read it: `build` adds its
  /// changes. The files the transaction's snapshots add are deleted when it fails.
  iceberg::TableState Commit(const LoadedTable& table, const std::function<void(iceberg::Transaction&)>& build);
  /// Commits a snapshot with `change` (validated by `validation`) on `table` as read.
  void CommitSnapshot(const LoadedTable& table, iceberg::SnapshotChange change,
                      iceberg::ConflictValidation validation = {});
  /// Deletes data files this statement wrote and no snapshot names.
  void DiscardWrittenFiles(const std::vector<iceberg::DataFile>& files);
  /// Commits a metadata-only change built by `update` from the table as it is at each
  /// commit attempt; `update` returns nothing when there is nothing to commit.
  void CommitMetadata(const LoadedTable& table,
                      const std::function<std::optional<iceberg::TableMetadata>(const LoadedTable&)>& update);
  /// Runs ALTER TABLE .. CREATE / REPLACE / DROP BRANCH or TAG.
  Result AlterRefs(const AlterTableStatement& statement, const LoadedTable& table);
  /// Commits an INSERT's new files (replacing the partitions they touch for INSERT OVERWRITE).
  void CommitInsert(const InsertStatement& statement, const LoadedTable& table, iceberg::SnapshotChange change);
  /// Returns, for each table column, the index of the INSERT's column that fills it (-1:
  /// none; all in order when the INSERT names no columns); an unknown name is an error.
  static std::vector<int> InsertColumnSources(const InsertStatement& statement, const std::vector<std::string>& names,
                                              const std::string& table_name);
  /// Binds an INSERT's query and casts it to the target columns; returns the plan.
  LogicalOperatorPtr BindInsertQuery(const InsertStatement& statement, const std::vector<std::string>& names,
                                     const std::vector<LogicalType>& types, const std::vector<bool>& required,
                                     const std::string& table_name);
  /// Returns the snapshot a read of `table` sees: its ref's (t.branch_b), the time-travel
  /// clause's, or the current one (nullptr for a table without snapshots).
  const iceberg::Snapshot* SelectedSnapshot(const LoadedTable& table, const TimeTravelSpec* time_travel);
  /// Builds a metadata table (t.files, ...); the snapshot-based ones describe `snapshot`.
  std::shared_ptr<TableSource> MakeMetadataTable(const LoadedTable& table, const iceberg::Snapshot* snapshot);
  std::shared_ptr<TableSource> MakeSystemTable(const std::string& name);
  std::shared_ptr<TableSource> MakeIcebergSource(const LoadedTable& table, const TimeTravelSpec* time_travel);
  Result ExecuteCopy(const CopyStatement& statement);

  /// Binds, optimizes and runs a query; returns the result batches.
  Result RunQuery(const QueryNode& query);
  /// Runs a logical plan (consumed) and returns its rows as a result.
  Result RunPlan(LogicalOperator& plan, std::vector<std::string> names);
  /// Adds the table scans of a plan that has run to the statement's scans: its subqueries'
  /// first, in binding order, as they were when the binder ran them.
  void CollectScans(const PhysicalOperator& root);
  /// Runs the subqueries an expression reads that have not run, for an expression used
  /// outside a plan (a DELETE condition, a constant the binder needs).
  void RunSubqueries(const BoundExpression& expression);
  /// Records the finished statement with its scans (system.queries, system.scans) and puts the
  /// scans' counters in the result's stats; `rows` are those it returned or wrote.
  void RecordStatement(int64_t rows, Result* result);
  /// Builds a result of text columns.
  Result TextResult(std::vector<std::string> names, const std::vector<std::vector<std::string>>& rows);
  /// Returns the session's thread count.
  int Threads() const;
  /// Returns the optimizer rules the session's settings switch off
  /// (dynamic_partition_pruning with spark.sql.optimizer.dynamicPartitionPruning.enabled
  /// or floe.pruning.enabled false).
  std::vector<std::string> DisabledRules() const;
  /// Returns what the optimizer needs from the session: the rules switched off, and the
  /// expression executor to fold constants with.
  OptimizerContext OptimizerSettings();
  /// Returns floe.dynamic_pruning.max_values.
  size_t RuntimeFilterMaxValues() const;
  /// Returns the context a plan runs in: the session's functions, threads and worker pool.
  ExecutionContext NewExecutionContext();

  DatabaseState& database_;
  Settings settings_;
  TimeZone time_zone_;
  FunctionContext function_context_;
  std::string current_namespace_ = "default";
  /// Scans run by the current statement (its subqueries included).
  std::vector<QueryRecord::Scan> statement_scans_;
  std::string statement_sql_;
  std::chrono::steady_clock::time_point statement_start_;
  std::unique_ptr<TableCatalog> tables_;
  /// Set by Interrupt, cleared when a request (one or more statements) starts.
  std::atomic<bool> cancel_requested_{false};
  std::unique_ptr<QueryContext> query_context_ = std::make_unique<QueryContext>();
};

}  // namespace floe
