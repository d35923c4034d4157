#include "main/client_context.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <set>

#include "catalog/alter_table.h"
#include "common/exception.h"
#include "execution/expression_executor.h"
#include "execution/operators/physical_insert.h"
#include "execution/operators/physical_result_collector.h"
#include "execution/operators/physical_subquery.h"
#include "execution/operators/physical_table_scan.h"
#include "execution/physical_planner.h"
#include "execution/pipeline_executor.h"
#include "execution/plan_printer.h"
#include "optimizer/optimizer.h"
#include "optimizer/statistics/statistics_estimator.h"
#include "planner/binder.h"
#include "planner/logical_aggregate.h"
#include "planner/logical_delete.h"
#include "planner/logical_get.h"

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
  // why: floe.pruning.enabled = false reads everything, whole structs too
  context.nested_schema_pruning = settings_.GetBool("spark.sql.optimizer.nestedSchemaPruning.enabled") &&
                                  settings_.GetBool("floe.pruning.enabled");
  // (switched off by a setting, the rule still runs, to say so on each join it would prune)
  if (!settings_.GetBool("spark.sql.optimizer.dynamicPartitionPruning.enabled")) {
    context.dynamic_pruning_off = "spark.sql.optimizer.dynamicPartitionPruning.enabled = false";
  } else if (!settings_.GetBool("floe.pruning.enabled")) {
    context.dynamic_pruning_off = "floe.pruning.enabled = false";
  }
  context.broadcast_threshold = settings_.GetInt("spark.sql.autoBroadcastJoinThreshold");
  context.pruning_reuse_broadcast_only =
      settings_.GetBool("spark.sql.optimizer.dynamicPartitionPruning.reuseBroadcastOnly");
  context.pruning_fallback_filter_ratio =
      std::stod(settings_.Get("spark.sql.optimizer.dynamicPartitionPruning.fallbackFilterRatio"));
  context.pruning_use_stats = settings_.GetBool("spark.sql.optimizer.dynamicPartitionPruning.useStats");
  context.cbo = settings_.GetBool("spark.sql.cbo.enabled");
  context.prefer_sort_merge_join = settings_.GetBool("spark.sql.join.preferSortMergeJoin");
  context.shuffle_partitions = settings_.GetInt("spark.sql.shuffle.partitions");
  context.spark_pruning_policy = settings_.Get("floe.dynamic_pruning.policy") == "spark";
  context.exchange_reuse = settings_.GetBool("spark.sql.exchange.reuse");
  const std::string bloom = "spark.sql.optimizer.runtime.bloomFilter.";
  context.runtime_bloom_filter.enabled = settings_.GetBool(bloom + "enabled");
  context.runtime_bloom_filter.application_side_threshold =
      settings_.GetInt(bloom + "applicationSideScanSizeThreshold");
  context.runtime_bloom_filter.creation_side_threshold = settings_.GetInt(bloom + "creationSideThreshold");
  context.runtime_bloom_filter.expected_items = settings_.GetInt(bloom + "expectedNumItems");
  context.runtime_bloom_filter.num_bits = settings_.GetInt(bloom + "numBits");
  context.runtime_bloom_filter.max_items = settings_.GetInt(bloom + "maxNumItems");
  context.runtime_bloom_filter.max_bits = settings_.GetInt(bloom + "maxNumBits");
  context.runtime_bloom_filter.max_filters = settings_.GetInt("spark.sql.optimizer.runtimeFilter.number.threshold");
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
  query_context_ = std::make_unique<QueryContext>(&cancel_requested_,
                                                  std::chrono::milliseconds(settings_.GetInt("floe.statement_timeout")),
                                                  settings_.GetInt("memory_limit"));
}

void ClientContext::Warn(const std::string& message) {
  if (std::find(warnings_.begin(), warnings_.end(), message) == warnings_.end()) warnings_.push_back(message);
}

Result ClientContext::Execute(const Statement& statement) {
  BeginStatement();
  warnings_.clear();
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
    case StatementKind::kUpdate: {
      Binder binder(*this);
      return ExecuteRowChange(binder.BindUpdate(statement.As<UpdateStatement>()), RowChangeKind::kUpdate);
    }
    case StatementKind::kMerge: {
      Binder binder(*this);
      return ExecuteRowChange(binder.BindMerge(statement.As<MergeStatement>()), RowChangeKind::kMerge);
    }
    case StatementKind::kCall: return ExecuteCall(statement.As<CallStatement>());
    case StatementKind::kAnalyze: return ExecuteAnalyze(statement.As<AnalyzeStatement>());
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
  database_.history().Record(std::move(record));
}

namespace {

// Appends the table scans of a plan, not of its subqueries.
void AddTableScans(const PhysicalOperator& op, std::vector<QueryRecord::Scan>* scans) {
  if (const auto* scan = dynamic_cast<const PhysicalTableScan*>(&op)) {
    auto lines = scan->metrics().lines;
    for (const auto& note : scan->dynamic_pruning_notes()) lines.emplace_back("dynamic pruning", note);
    scans->push_back({scan->source().DisplayName(), std::move(lines)});
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
  context.spill_folder = database_.spill_folder();
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

namespace {

// EXPLAIN COST's statistics of a node, as Spark prints them (Statistics.simpleString). Without
// CBO (SizeInBytesOnlyStatsPlanVisitor): the estimated size (Long.MaxValue, 8.0 EiB, when
// unknown) and a row count only where one is known rather than estimated: a table's (its
// snapshot summary), a global aggregate's (1), a limit's, a semi join's left side's. With CBO (spark.sql.cbo.enabled):
// the cost-based estimates (StatisticsEstimator), with every row count they know.
// A table whose statistics describe an older snapshot is said to be stale.
std::string CostStatistics(const LogicalOperator& op, bool cbo) {
  // a table's column statistics computed for another snapshot: said to be stale (floe's build
  // side and join order still read them; Iceberg's SparkScan does not)
  std::string stale;
  if (op.type == LogicalOperatorType::kGet) {
    std::set<int64_t> snapshots;
    for (const auto& column : static_cast<const LogicalGet&>(op).source->ColumnStatistics()) {
      if (column && column->stale_snapshot_id) snapshots.insert(*column->stale_snapshot_id);
    }
    for (int64_t id : snapshots) {
      stale += (stale.empty() ? ", column statistics stale (computed for snapshot " : ", ") + std::to_string(id);
    }
    if (!stale.empty()) stale += "; not read by Spark's estimates)";
  }
  if (cbo) {
    return ", Statistics(" + StatisticsEstimator(TableStatisticsView::kSparkIceberg).Estimate(op).ToString() + ")" +
           stale;
  }
  PlanStatistics stats = StatisticsEstimator::SizeOnly(op);
  return ", Statistics(" + stats.ToString() + ")" + stale;
}

}  // namespace

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
  bool write = explained.kind == StatementKind::kInsert || explained.kind == StatementKind::kCopy ||
               explained.kind == StatementKind::kUpdate || explained.kind == StatementKind::kMerge;
  if (explained.kind != StatementKind::kSelect && !write) {
    throw NotImplementedError("EXPLAIN supports queries, INSERT, COPY, DELETE, UPDATE and MERGE");
  }
  if (write && statement.mode == ExplainMode::kAnalyze) {
    throw NotImplementedError("EXPLAIN ANALYZE runs queries only: it would write");
  }
  // A plain EXPLAIN binds and plans; it reads no data and writes nothing.
  auto bind = [&]() {
    Binder binder(*this);
    if (explained.kind == StatementKind::kInsert) return binder.BindInsert(explained.As<InsertStatement>());
    if (explained.kind == StatementKind::kCopy) return binder.BindCopy(explained.As<CopyStatement>());
    if (explained.kind == StatementKind::kUpdate) return binder.BindUpdate(explained.As<UpdateStatement>());
    if (explained.kind == StatementKind::kMerge) return binder.BindMerge(explained.As<MergeStatement>());
    return binder.BindQuery(*explained.As<SelectStatement>().query).plan;
  };
  OptimizerProfile optimizer_profile;
  OptimizerContext optimizer_settings = OptimizerSettings();
  optimizer_settings.profile = &optimizer_profile;
  BoundQuery bound{Optimizer::Optimize(bind(), optimizer_settings), {}};
  std::string text;
  if (statement.mode == ExplainMode::kCost) {
    text += "== Optimized Logical Plan ==\n" + LogicalPlanToString(*bound.plan, 0, [&](const LogicalOperator& op) {
                return CostStatistics(op, optimizer_settings.cbo);
              }) + "\n";
  }
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
  std::vector<std::vector<Value>> values;
  values.reserve(rows.size());
  for (const auto& row : rows) {
    std::vector<Value>& v = values.emplace_back();
    for (const auto& text : row) v.push_back(Value::String(text));
  }
  return ValueResult(std::move(names), std::move(types), values);
}

Result ClientContext::ValueResult(std::vector<std::string> names, std::vector<LogicalType> types,
                                  const std::vector<std::vector<Value>>& rows) {
  Result result;
  result.SetSchema(std::move(names), types);
  for (size_t start = 0; start < rows.size(); start += kBatchSize) {
    size_t n = std::min(kBatchSize, rows.size() - start);
    auto chunk = std::make_unique<DataChunk>(types, n);
    for (size_t r = 0; r < n; ++r) {
      for (size_t c = 0; c < types.size(); ++c) chunk->column(c).SetValue(r, rows[start + r][c]);
    }
    chunk->SetSize(n);
    result.Append(std::move(chunk));
  }
  return result;
}

Value ClientContext::EvaluateConstant(const BoundExpression& expression) {
  RunSubqueries(expression);
  ExpressionExecutor executor(function_context_);
  return executor.EvaluateConstant(expression);
}

}  // namespace floe
