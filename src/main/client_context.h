#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "catalog/catalog_table_operations.h"
#include "catalog/create_table.h"
#include "catalog/table_catalog.h"
#include "catalog/text_rows.h"
#include "common/query_context.h"
#include "execution/table_sinks/iceberg_row_level_table.h"
#include "execution/table_sinks/iceberg_table_sink.h"
#include "execution/table_sources/parquet_source.h"
#include "floe/result.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/write/partitioned_data_writer.h"
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
class PhysicalOperator;

/// A session: settings, the current namespace, and the dispatch of each statement: queries,
/// INSERT, DELETE and COPY are bound into plans and run; ALTER and DROP are the catalog's;
/// CALL runs a procedure of iceberg/procedures. Implements what the binder needs from the
/// session.
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
  void Warn(const std::string& message) override;
  /// Returns the warnings of the statement run last, and forgets them.
  std::vector<std::string> TakeWarnings() { return std::move(warnings_); }
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
  std::shared_ptr<TableSink> FindTableSink(const QualifiedName& name) override;
  std::shared_ptr<DeleteTarget> FindDeleteTarget(const QualifiedName& name) override;
  std::shared_ptr<RowChangeTarget> FindRowChangeTarget(const QualifiedName& name,
                                                       const std::string& statement) override;
  std::string SettingValue(const std::string& name) override { return settings_.Get(name); }

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
  Result ExecuteCreateNamespace(const CreateNamespaceStatement& statement);
  Result ExecuteUse(const UseStatement& statement);
  Result ExecuteDelete(const DeleteStatement& statement);
  /// Runs an UPDATE, MERGE or DELETE bound by Binder::BindUpdate / BindMerge /
  /// BindDeleteRows; returns what it did: num_affected_rows (and for MERGE the updated,
  /// deleted and inserted rows).
  Result ExecuteRowChange(LogicalOperatorPtr plan, RowChangeKind kind);
  Result ExecuteCall(const CallStatement& statement);
  Result ExecuteAnalyze(const AnalyzeStatement& statement);
  /// CREATE TEMPORARY TABLE [AS]: a memory table in the database's TempCatalog.
  Result CreateTempTable(const CreateTableStatement& statement);

  // The tables statements read and write (client_tables.cc).
  TableCatalog& Tables();
  /// Reads a parquet table (FileTableEntry): its folder, with key=value folders as columns.
  std::shared_ptr<TableSource> FileTableSource(const FileTableEntry& entry);
  /// The session's Parquet reading options: its FileIO and pruning settings.
  ParquetSourceOptions ParquetOptions();

  iceberg::LocationRemapper Remapper() const;
  /// Returns the door to storage (the database's FileIO).
  FileIO& Io() { return database_.file_io(); }
  /// Reads the live rows of `tasks` (files of the table, deletes applied) under the
  /// table's current schema and writes them again as data files of the table under
  /// `spec`, each file's rows sorted by `sort_order` when given (nullptr: as the table's
  /// writes are) or by `zorder` when given, files rolling at `target_file_size` (0: the
  /// table's). Safe to call from
  /// several threads at once.
  std::vector<iceberg::DataFile> RewriteDataFiles(const LoadedTable& table,
                                                  const std::vector<iceberg::FileScanTask>& tasks,
                                                  const iceberg::SortOrder* sort_order,
                                                  const iceberg::PartitionSpec& spec, int64_t target_file_size,
                                                  const iceberg::ZOrderOptions* zorder = nullptr);
  /// Returns the optimized plan that writes `query`'s rows, cast to the table's columns,
  /// into `sink` (CREATE TABLE ... AS: the new table).
  LogicalOperatorPtr InsertPlan(std::shared_ptr<TableSink> sink, LogicalOperatorPtr query);
  /// Fills `out` with the Iceberg table (or branch) `name` a row-level `statement` ("delete
  /// from", "UPDATE", "MERGE") changes, as read now, and its commit; false when there is no
  /// such table. `loaded` keeps what was read. A tag is an error.
  bool FindRowLevelTable(const QualifiedName& name, const std::string& statement, IcebergRowLevelTable* out,
                         std::optional<LoadedTable>* loaded);
  /// Binds the query of CREATE TABLE ... AS; returns its plan, and its columns in `columns`
  /// (named colN where the query names none).
  LogicalOperatorPtr BindCreateQuery(const QueryNode& query, std::vector<QueryColumn>* columns);
  /// Returns how the table's data files are written (its write.* properties, the session's limits).
  iceberg::DataWriterOptions DataWriterOptionsFor(const iceberg::TableMetadata& metadata);
  /// Returns the TableOperations of a catalog table, through which its transactions commit.
  std::unique_ptr<CatalogTableOperations> OperationsFor(const ResolvedTableName& name);
  /// Returns the scan source of a catalog table at the snapshot the read selects, pruning as
  /// the session's settings say.
  std::shared_ptr<TableSource> MakeIcebergSource(const LoadedTable& table, const TimeTravelSpec* time_travel);

  /// Plans and runs a logical plan, appending its rows to `rows` (unless null); returns the
  /// physical plan, whose operators hold what they did (scans' metrics, a write's rows).
  std::unique_ptr<PhysicalOperator> RunPhysical(LogicalOperator& plan, Result* rows);
  /// Runs a plan whose root is a LogicalInsert (consumed); returns the rows it wrote.
  int64_t RunWrite(LogicalOperatorPtr plan);
  /// Binds, optimizes and runs a query; returns the result batches.
  Result RunQuery(const QueryNode& query);
  /// Runs a logical plan (consumed) and returns its rows as a result.
  Result RunPlan(LogicalOperator& plan, std::vector<std::string> names);
  /// Adds the table scans of a plan that has run to the statement's scans: its subqueries'
  /// first, in binding order, as they were when the binder ran them.
  void CollectScans(const PhysicalOperator& root);
  /// Runs the subqueries an expression reads that have not run, for an expression used
  /// outside a plan (a constant the binder needs).
  void RunSubqueries(const BoundExpression& expression);
  /// Records the finished statement with its scans (system.queries, system.scans) and puts the
  /// scans' counters in the result's stats; `rows` are those it returned or wrote.
  void RecordStatement(int64_t rows, Result* result);
  /// Builds a result of text columns.
  Result TextResult(std::vector<std::string> names, const std::vector<std::vector<std::string>>& rows);
  Result TextResult(const TextRows& rows) { return TextResult(rows.names, rows.rows); }
  /// A result of `rows` (values of `types`, one per column).
  static Result ValueResult(std::vector<std::string> names, std::vector<LogicalType> types,
                            const std::vector<std::vector<Value>>& rows);
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

  friend class SessionProcedureEngine;  // call_statement.cc: the session as a procedure's engine

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
  std::vector<std::string> warnings_;  // of the running statement
  /// Set by Interrupt, cleared when a request (one or more statements) starts.
  std::atomic<bool> cancel_requested_{false};
  std::unique_ptr<QueryContext> query_context_ = std::make_unique<QueryContext>();
};

}  // namespace floe
