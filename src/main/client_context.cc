#include "main/client_context.h"

#include <algorithm>
#include <chrono>

#include "catalog/alter_table.h"
#include "common/ascii_case.h"
#include "common/exception.h"
#include "execution/expression_executor.h"
#include "execution/operators/physical_insert.h"
#include "execution/operators/physical_result_collector.h"
#include "execution/operators/physical_subquery.h"
#include "execution/operators/physical_table_scan.h"
#include "execution/physical_planner.h"
#include "execution/pipeline_executor.h"
#include "execution/plan_printer.h"
#include "execution/table_sources/parquet_table_function.h"
#include "execution/table_sources/range_source.h"
#include "optimizer/optimizer.h"
#include "planner/binder.h"
#include "planner/logical_delete.h"

namespace floe {

ClientContext::ClientContext(DatabaseState& database) : database_(database) {
  if (database.options().threads > 0) {
    settings_.Set("threads", std::to_string(database.options().threads));
  }
  BeginStatement();
}

int ClientContext::Threads() const { return static_cast<int>(settings_.GetInt("threads")); }

std::vector<std::string> ClientContext::DisabledRules() const {
  std::vector<std::string> disabled;
  if (!settings_.GetBool("spark.sql.optimizer.dynamicPartitionPruning.enabled") ||
      !settings_.GetBool("floe.pruning.enabled")) {
    disabled.push_back("dynamic_partition_pruning");
  }
  // the setting's validator normalized it to names joined by commas
  std::string excluded = settings_.Get("spark.sql.optimizer.excludedRules");
  for (size_t start = 0; start < excluded.size();) {
    size_t comma = std::min(excluded.find(',', start), excluded.size());
    disabled.push_back(excluded.substr(start, comma - start));
    start = comma + 1;
  }
  return disabled;
}

OptimizerContext ClientContext::OptimizerSettings() {
  OptimizerContext context;
  context.disabled = DisabledRules();
  context.evaluate_constant = [this](const BoundExpression& expression) {
    return ExpressionExecutor(function_context_).EvaluateConstant(expression);
  };
  return context;
}

size_t ClientContext::RuntimeFilterMaxValues() const {
  return static_cast<size_t>(settings_.GetInt("floe.dynamic_pruning.max_values"));
}

void ClientContext::BeginStatement() {
  TimeZone::Load(settings_.Get("spark.sql.session.timeZone"), &time_zone_);
  function_context_.time_zone = &time_zone_;
  function_context_.query_start_micros =
      std::chrono::duration_cast<std::chrono::microseconds>(
          std::chrono::system_clock::now().time_since_epoch())
          .count();
  function_context_.try_mode = false;
  statement_start_ = std::chrono::steady_clock::now();
  query_context_ = std::make_unique<QueryContext>(
      &cancel_requested_, std::chrono::milliseconds(settings_.GetInt("floe.statement_timeout")));
}

Result ClientContext::Execute(const Statement& statement) {
  BeginStatement();
  statement_scans_.clear();
  statement_sql_ = statement.text;
  switch (statement.kind) {
    case StatementKind::kSelect: return ExecuteQuery(*statement.As<SelectStatement>().query);
    case StatementKind::kExplain: return ExecuteExplain(statement.As<ExplainStatement>());
    case StatementKind::kCreateView: return ExecuteCreateView(statement.As<CreateViewStatement>());
    case StatementKind::kCreateTable: return ExecuteCreateTable(statement.As<CreateTableStatement>());
    case StatementKind::kInsert: return ExecuteInsert(statement.As<InsertStatement>());
    case StatementKind::kDrop: return ExecuteDrop(statement.As<DropStatement>());
    case StatementKind::kSet: return ExecuteSet(statement.As<SetStatement>());
    case StatementKind::kReset: return ExecuteReset(statement.As<ResetStatement>());
    case StatementKind::kShow: return ExecuteShow(statement.As<ShowStatement>());
    case StatementKind::kDescribe: return ExecuteDescribe(statement.As<DescribeStatement>());
    case StatementKind::kCopy: {
      Binder binder(*this);
      LogicalOperatorPtr plan = Optimizer::Optimize(binder.BindCopy(statement.As<CopyStatement>()),
                                                    OptimizerSettings());
      return RunPlan(*plan, plan->names);
    }
    case StatementKind::kCreateNamespace:
      return ExecuteCreateNamespace(statement.As<CreateNamespaceStatement>());
    case StatementKind::kUse: return ExecuteUse(statement.As<UseStatement>());
    case StatementKind::kAlterTable:
      AlterTable(Tables(), Io(), Remapper(), statement.As<AlterTableStatement>(), current_namespace_);
      return Result();
    case StatementKind::kDelete: return ExecuteDelete(statement.As<DeleteStatement>());
    case StatementKind::kCall: return ExecuteCall(statement.As<CallStatement>());
    default: break;
  }
  throw NotImplementedError("this statement is not supported yet: " + statement.text);
}

Result ClientContext::ExecuteQuery(const QueryNode& query) {
  Result result = RunQuery(query);
  RecordStatement(static_cast<int64_t>(result.RowCount()), &result);
  return result;
}

void ClientContext::RecordStatement(int64_t rows, Result* result) {
  QueryRecord record;
  record.sql = statement_sql_;
  record.started_us = function_context_.query_start_micros;
  record.elapsed_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - statement_start_).count();
  record.rows = rows;
  record.scans = statement_scans_;
  std::string stats;
  for (const auto& scan : record.scans) {
    stats += "scan " + scan.table + "\n";
    for (const auto& [k, v] : scan.metrics) stats += "  " + k + ": " + v + "\n";
  }
  if (!stats.empty()) stats.pop_back();
  result->SetStats(stats);
  database_.RecordQuery(std::move(record));
}

namespace {

// Appends the table scans of a plan, not of its subqueries.
void AddTableScans(const PhysicalOperator& op, std::vector<QueryRecord::Scan>* scans) {
  if (const auto* scan = dynamic_cast<const PhysicalTableScan*>(&op)) {
    scans->push_back({scan->source().DisplayName(), scan->metrics().lines});
  }
  for (const auto& child : op.children()) AddTableScans(*child, scans);
}

// Appends the subqueries a plan's operators read, and theirs, each once.
void FindSubqueries(const PhysicalOperator& op, std::vector<const PhysicalSubquery*>* out) {
  for (const auto& subquery : op.subqueries()) {
    if (std::find(out->begin(), out->end(), subquery.get()) != out->end()) continue;
    out->push_back(subquery.get());
    FindSubqueries(*subquery, out);
  }
  for (const auto& child : op.children()) FindSubqueries(*child, out);
}

}  // namespace

void ClientContext::CollectScans(const PhysicalOperator& root) {
  std::vector<const PhysicalSubquery*> subqueries;
  FindSubqueries(root, &subqueries);
  std::stable_sort(subqueries.begin(), subqueries.end(), [](const PhysicalSubquery* a, const PhysicalSubquery* b) {
    return a->subquery().id < b->subquery().id;
  });
  for (const auto* subquery : subqueries) AddTableScans(*subquery->children()[0], &statement_scans_);
  AddTableScans(root, &statement_scans_);
}

void ClientContext::RunSubqueries(const BoundExpression& expression) {
  std::vector<std::shared_ptr<BoundSubquery>> subqueries;
  CollectSubqueries(expression, &subqueries);
  for (const auto& subquery : subqueries) {
    if (subquery->result) continue;
    subquery->plan = Optimizer::Optimize(std::move(subquery->plan), OptimizerSettings());
    PhysicalPlanner planner;
    std::shared_ptr<PhysicalSubquery> physical = planner.PlanSubquery(subquery);
    ExecutionContext context = NewExecutionContext();
    physical->Run(context);
    CollectScans(*physical);
  }
}

Result ClientContext::RunQuery(const QueryNode& query) {
  Binder binder(*this);
  BoundQuery bound = binder.BindQuery(query);
  bound.plan = Optimizer::Optimize(std::move(bound.plan), OptimizerSettings());
  return RunPlan(*bound.plan, bound.names);
}

ExecutionContext ClientContext::NewExecutionContext() {
  ExecutionContext context;
  context.function_context = function_context_;
  context.scheduler = &database_.scheduler();
  context.threads = Threads();
  context.runtime_filter_max_values = RuntimeFilterMaxValues();
  context.query = query_context_.get();
  context.io = &Io();
  return context;
}

Result ClientContext::RunPlan(LogicalOperator& plan, std::vector<std::string> names) {
  Result result;
  PhysicalOperatorPtr root = RunPhysical(plan, &result);
  CollectScans(*root);
  while (names.size() < root->types().size()) names.push_back("col" + std::to_string(names.size() + 1));
  result.SetSchema(std::move(names), root->types());
  result.SetTimeZone(time_zone_.name());
  return result;
}

PhysicalOperatorPtr ClientContext::RunPhysical(LogicalOperator& plan, Result* rows) {
  PhysicalPlanner planner;
  PhysicalOperatorPtr root = planner.Plan(plan);
  PhysicalResultCollector collector(root->types());
  ExecutionContext context = NewExecutionContext();
  PipelineExecutor executor(context, *root, collector);
  executor.Execute();
  if (rows) {
    for (auto& chunk : collector.rows().chunks()) rows->Append(std::move(chunk));
  }
  return root;
}

int64_t ClientContext::RunWrite(LogicalOperatorPtr plan) {
  PhysicalOperatorPtr root = RunPhysical(*plan, nullptr);
  CollectScans(*root);
  return static_cast<const PhysicalInsert&>(*root).rows_written();
}

Result ClientContext::ExecuteExplain(const ExplainStatement& statement) {
  const Statement& explained = *statement.statement;
  if (explained.kind == StatementKind::kDelete) {
    if (statement.mode != ExplainMode::kDefault) throw NotImplementedError("EXPLAIN of DELETE has no options");
    // Planned from metadata with the condition's constants folded; its subqueries do not run.
    Binder binder(*this);
    LogicalOperatorPtr plan = Optimizer::Optimize(binder.BindDelete(explained.As<DeleteStatement>()),
                                                  OptimizerSettings());
    const auto& del = static_cast<const LogicalDelete&>(*plan);
    return TextResult({"plan"}, {{"== Physical Plan ==\n" + del.target->Explain(del.condition.get())}});
  }
  bool write = explained.kind == StatementKind::kInsert || explained.kind == StatementKind::kCopy;
  if (explained.kind != StatementKind::kSelect && !write) {
    throw NotImplementedError("EXPLAIN supports queries, INSERT, COPY and DELETE");
  }
  if (write && statement.mode == ExplainMode::kAnalyze) {
    throw NotImplementedError("EXPLAIN ANALYZE runs queries only: it would write");
  }
  // A plain EXPLAIN binds and plans; it reads no data and writes nothing.
  auto bind = [&]() {
    Binder binder(*this);
    if (explained.kind == StatementKind::kInsert) return binder.BindInsert(explained.As<InsertStatement>());
    if (explained.kind == StatementKind::kCopy) return binder.BindCopy(explained.As<CopyStatement>());
    return binder.BindQuery(*explained.As<SelectStatement>().query).plan;
  };
  OptimizerProfile optimizer_profile;
  OptimizerContext optimizer_settings = OptimizerSettings();
  optimizer_settings.profile = &optimizer_profile;
  BoundQuery bound{Optimizer::Optimize(bind(), optimizer_settings), {}};
  std::string text;
  if (statement.mode == ExplainMode::kExtended) {
    LogicalOperatorPtr analyzed = bind();
    text += "== Analyzed Logical Plan ==\n" + LogicalPlanToString(*analyzed) + "\n";
    text += "== Optimized Logical Plan ==\n" + LogicalPlanToString(*bound.plan) + "\n";
  }
  PhysicalPlanner planner;
  PhysicalOperatorPtr root = planner.Plan(*bound.plan);
  if (statement.mode == ExplainMode::kAnalyze) {
    PhysicalResultCollector collector(root->types());
    ExecutionContext context = NewExecutionContext();
    auto start = std::chrono::steady_clock::now();
    PipelineExecutor executor(context, *root, collector);
    executor.Execute();
    CollectScans(*root);
    auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    text += "== Physical Plan (analyzed) ==\n" + PrintPhysicalPlan(*root, true);
    text += "Total time: " + std::to_string(ms) + " ms, rows: " +
            std::to_string(collector.rows().RowCount()) + "\n";
    text += "Optimizer rules: " + optimizer_profile.ToString() + "\n";
  } else if (statement.mode == ExplainMode::kFormatted) {
    text += PrintFormattedPlan(*root);
  } else {
    text += "== Physical Plan ==\n" + PrintPhysicalPlan(*root);
  }
  // Recorded like any statement: a plain EXPLAIN has run nothing (no scans), EXPLAIN
  // ANALYZE its query's scans.
  Result result = TextResult({"plan"}, {{text}});
  RecordStatement(static_cast<int64_t>(result.RowCount()), &result);
  return result;
}

Result ClientContext::TextResult(std::vector<std::string> names,
                                 const std::vector<std::vector<std::string>>& rows) {
  std::vector<LogicalType> types(names.size(), TypeId::kString);
  Result result;
  result.SetSchema(names, types);
  for (size_t start = 0; start < rows.size(); start += kBatchSize) {
    size_t n = std::min(kBatchSize, rows.size() - start);
    auto chunk = std::make_unique<DataChunk>(types, n);
    for (size_t r = 0; r < n; ++r) {
      for (size_t c = 0; c < names.size(); ++c) chunk->column(c).SetString(r, rows[start + r][c]);
    }
    chunk->SetSize(n);
    result.Append(std::move(chunk));
  }
  return result;
}

std::shared_ptr<ViewDefinition> ClientContext::FindView(const QualifiedName& name) {
  if (name.parts.size() != 1) return nullptr;
  std::lock_guard<std::mutex> lock(database_.mutex());
  auto it = database_.views().find(ToLower(name.parts[0]));
  return it == database_.views().end() ? nullptr : it->second;
}

std::shared_ptr<TableSource> ClientContext::FindTable(const QualifiedName& name,
                                                      const TimeTravelSpec* time_travel) {
  if (name.parts.size() == 1 && !time_travel) {
    std::lock_guard<std::mutex> lock(database_.mutex());
    auto it = database_.temp_tables().find(ToLower(name.parts[0]));
    if (it != database_.temp_tables().end()) return it->second;
  }
  {
    std::vector<std::string> parts = name.parts;
    if (parts.size() == 3 && ToLower(parts[0]) == ToLower(Tables().catalog().name())) parts.erase(parts.begin());
    if (parts.size() == 2 && ToLower(parts[0]) == "system") {
      if (auto system = MakeSystemTable(ToLower(parts[1]))) return system;
    }
  }
  auto found = Tables().Find(name, current_namespace_, Remapper());
  if (!found) return nullptr;
  const LoadedTable& table = *found;
  if (!table.name.metadata_table.empty()) return MakeMetadataTable(table, SelectedSnapshot(table, time_travel));
  return MakeIcebergSource(table, time_travel);
}

std::shared_ptr<TableSource> ClientContext::MakeSystemTable(const std::string& name) {
  std::vector<QueryRecord> queries = database_.RecentQueries();
  // last_scan(): the scans of the statement before this one (the rows of system.scans for
  // the largest query_id), what a test asserts after the query it measures
  if (name == "last_scan") {
    if (queries.size() > 1) queries.erase(queries.begin(), queries.end() - 1);
  }
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  std::vector<std::vector<Value>> rows;
  if (name == "queries") {
    names = {"query_id", "query", "started_at", "elapsed_ms", "rows", "scans"};
    types = {TypeId::kInt64, TypeId::kString, TypeId::kTimestamp, TypeId::kDouble, TypeId::kInt64, TypeId::kInt32};
    for (const auto& q : queries) {
      rows.push_back({Value::Int64(q.query_id), Value::String(q.sql), Value::Timestamp(q.started_us),
                      Value::Double(q.elapsed_ms), Value::Int64(q.rows),
                      Value::Int32(static_cast<int32_t>(q.scans.size()))});
    }
  } else if (name == "scans" || name == "last_scan") {
    names = {"query_id", "scan_index", "table_name", "metric", "value"};
    types = {TypeId::kInt64, TypeId::kInt32, TypeId::kString, TypeId::kString, TypeId::kString};
    for (const auto& q : queries) {
      for (size_t s = 0; s < q.scans.size(); ++s) {
        for (const auto& [k, v] : q.scans[s].metrics) {
          rows.push_back({Value::Int64(q.query_id), Value::Int32(static_cast<int32_t>(s)),
                          Value::String(q.scans[s].table), Value::String(k), Value::String(v)});
        }
      }
    }
  } else if (name == "file_io") {
    // why: requests and bytes by operation, when the database counts them (tests, and the
    // SQL logic tests run that way); empty otherwise
    names = {"operation", "requests", "bytes"};
    types = {TypeId::kString, TypeId::kInt64, TypeId::kInt64};
    if (InstrumentedFileIO* io = database_.instrumented_file_io()) {
      for (const auto& [op, count] : io->Counts()) {
        rows.push_back({Value::String(FileOperationName(op)), Value::Int64(count.requests), Value::Int64(count.bytes)});
      }
    }
  } else {
    return nullptr;
  }
  auto table = std::make_shared<MemoryTable>(name == "last_scan" ? "last_scan()" : "system." + name, names, types, std::vector<bool>(names.size(), false));
  table->AppendRows(rows);
  return table;
}

std::vector<std::string> ClientContext::TableNames() {
  std::vector<std::string> names;
  std::lock_guard<std::mutex> lock(database_.mutex());
  for (const auto& [n, v] : database_.views()) names.push_back(n);
  for (const auto& [n, t] : database_.temp_tables()) names.push_back(n);
  try {
    for (const auto& t : Tables().catalog().ListTables(current_namespace_)) names.push_back(t);
  } catch (const Exception&) {
    // A catalog that cannot be opened only means no suggestions from it.
  }
  return names;
}

std::shared_ptr<TableSource> ClientContext::FindTableFunction(const std::string& name,
                                                              const std::vector<Value>& args,
                                                              const std::vector<std::string>& arg_names) {
  if (name == "last_scan") {
    if (!args.empty()) throw BinderError("last_scan() takes no arguments");
    return MakeSystemTable("last_scan");
  }
  if (name == "range") {
    if (args.empty() || args.size() > 4) {
      throw BinderError("range takes 1 to 3 arguments: range(end) or range(start, end[, step])");
    }
    std::vector<int64_t> n;
    for (const auto& a : args) {
      if (a.is_null() || !a.type().IsInteger()) {
        throw BinderError("range arguments must be integers, got " + a.ToString());
      }
      n.push_back(a.int64());
    }
    if (n.size() == 1) return std::make_shared<RangeSource>(0, n[0], 1);
    return std::make_shared<RangeSource>(n[0], n[1], n.size() > 2 ? n[2] : 1);
  }
  ParquetSourceOptions parquet;
  parquet.io = &Io();
  bool pruning = settings_.GetBool("floe.pruning.enabled");
  parquet.prune_row_groups = pruning && settings_.GetBool("floe.pruning.row_groups");
  parquet.prune_files = pruning && settings_.GetBool("floe.pruning.partitions");
  return ParquetTableFunction::Make(name, args, arg_names, parquet);
}

Value ClientContext::EvaluateConstant(const BoundExpression& expression) {
  RunSubqueries(expression);
  ExpressionExecutor executor(function_context_);
  return executor.EvaluateConstant(expression);
}

}  // namespace floe
