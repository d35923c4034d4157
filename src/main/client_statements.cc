// The dispatch of the statements that are not plans: DDL, SHOW and DESCRIBE go to the
// catalog (catalog/) or the temporary objects (TempCatalog); SET and RESET to the
// settings; INSERT and DELETE are bound into plans and run.
#include "catalog/create_table.h"
#include "catalog/describe_table.h"
#include "catalog/drop_table.h"
#include "catalog/namespaces.h"
#include "catalog/show_pattern.h"
#include "catalog/show_statements.h"
#include "common/ascii_case.h"
#include "common/exception.h"
#include "execution/operators/physical_delete.h"
#include "execution/table_sinks/memory_table_sink.h"
#include "planner/logical_insert.h"
#include "main/client_context.h"
#include "optimizer/optimizer.h"
#include "planner/binder.h"
#include "sql/parser.h"

namespace floe {

Result ClientContext::ExecuteCreateView(const CreateViewStatement& statement) {
  if (statement.name.parts.size() != 1) {
    throw NotImplementedError("only temporary views are supported; name it without a namespace: " +
                              statement.name.ToString());
  }
  // Bound once now, so a broken view fails at creation as in Spark.
  Binder binder(*this);
  BoundQuery bound = binder.BindQuery(*statement.query);
  if (!statement.column_names.empty() && statement.column_names.size() != bound.names.size()) {
    throw BinderError("view " + statement.name.ToString() + " declares " +
                      std::to_string(statement.column_names.size()) + " columns but its query has " +
                      std::to_string(bound.names.size()));
  }
  auto view = std::make_shared<ViewDefinition>();
  view->name = statement.name.parts[0];
  view->sql = statement.query_text;
  view->column_names = statement.column_names;
  database_.temp_catalog().CreateView(std::move(view), statement.or_replace, statement.if_not_exists);
  return Result();
}

LogicalOperatorPtr ClientContext::BindCreateQuery(const QueryNode& query, std::vector<QueryColumn>* columns) {
  Binder binder(*this);
  BoundQuery bound = binder.BindQuery(query);
  for (size_t i = 0; i < bound.plan->types.size(); ++i) {
    columns->push_back({i < bound.names.size() ? bound.names[i] : "col" + std::to_string(i + 1),
                        bound.plan->types[i]});
  }
  return std::move(bound.plan);
}

Result ClientContext::ExecuteCreateTable(const CreateTableStatement& statement) {
  if (statement.temporary) return CreateTempTable(statement);
  if (IsFileTableProvider(statement.provider)) {
    std::optional<FileTableEntry> entry = PrepareFileTable(Tables(), statement, current_namespace_);
    if (!entry) return Result();  // IF NOT EXISTS, and it exists
    FileTableSource(*entry);  // why: as Spark, a table whose files cannot be read is not created
    if (!Tables().catalog().CreateFileTable(*entry)) {
      if (statement.if_not_exists) return Result();
      throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create table " + entry->name() +
                         " because it already exists");
    }
    return Result();
  }
  std::vector<QueryColumn> query_columns;
  LogicalOperatorPtr query;
  if (statement.query) query = BindCreateQuery(*statement.query, &query_columns);
  std::optional<TableCreation> creation =
      PrepareTableCreation(Tables(), Remapper(), statement, current_namespace_, query_columns);
  if (!creation) return Result();  // IF NOT EXISTS, and it exists
  auto commit = [&](std::vector<iceberg::DataFile> files, const WriteMode&) {
    CommitTableCreation(Tables(), Io(), Remapper(), *creation, std::move(files));
  };
  if (!query) {
    commit({}, WriteMode{});
    return Result();
  }
  // CTAS: a plan that writes the rows, then commits the table with them as its first
  // snapshot, so a failure anywhere leaves no table (or the old one) and no files.
  auto sink = std::make_shared<IcebergTableSink>(creation->name.ToString(), creation->metadata,
                                                 DataWriterOptionsFor(*creation->metadata), Remapper(), commit);
  Result result;
  RecordStatement(RunWrite(InsertPlan(std::move(sink), std::move(query))), &result);
  return result;
}

Result ClientContext::CreateTempTable(const CreateTableStatement& statement) {
  if (statement.name.parts.size() != 1) {
    throw InvalidInputError("a temporary table name has no namespace: " + statement.name.ToString());
  }
  const std::string& name = statement.name.parts[0];
  TempCatalog& temp = database_.temp_catalog();
  // IF NOT EXISTS on a taken name does nothing, its query included.
  if (statement.if_not_exists && (temp.FindTable(name) || temp.FindView(name))) return Result();
  std::vector<QueryColumn> query_columns;
  LogicalOperatorPtr query;
  if (statement.query) {
    if (!statement.columns.empty()) {
      throw InvalidInputError("CREATE TABLE ... AS SELECT takes its columns from the query");
    }
    query = BindCreateQuery(*statement.query, &query_columns);
  }
  std::shared_ptr<MemoryTable> table = NewTempTable(name, statement.columns, query_columns);
  // CTAS: the rows are written by a plan, as INSERT's, before the table is visible.
  int64_t rows = 0;
  if (query) rows = RunWrite(InsertPlan(std::make_shared<MemoryTableSink>(name, table), std::move(query)));
  if (!temp.CreateTable(name, table, statement.or_replace, statement.if_not_exists)) return Result();
  Result result;
  if (statement.query) RecordStatement(rows, &result);
  return result;
}

Result ClientContext::ExecuteDelete(const DeleteStatement& statement) {
  Binder binder(*this);
  if (statement.where && ContainsSubquery(*statement.where)) {
    // a condition with subqueries is a query of the rows to delete, as UPDATE's
    return ExecuteRowChange(binder.BindDeleteRows(statement), RowChangeKind::kDelete);
  }
  LogicalOperatorPtr plan = Optimizer::Optimize(binder.BindDelete(statement), OptimizerSettings());
  PhysicalOperatorPtr root = RunPhysical(*plan, nullptr);
  // What the DELETE did to its table is its record in system.scans and its stats.
  const auto& done = static_cast<const PhysicalDelete&>(*root);
  statement_scans_ = {{done.target().DisplayName(), done.outcome().metrics.lines}};
  Result result;
  RecordStatement(done.outcome().rows_deleted, &result);
  std::string stats = "delete " + done.target().DisplayName();
  for (const auto& [k, v] : done.outcome().metrics.lines) stats += "\n  " + k + ": " + v;
  result.SetStats(stats);
  return result;
}

Result ClientContext::ExecuteRowChange(LogicalOperatorPtr plan, RowChangeKind kind) {
  auto target = std::static_pointer_cast<RowChangeTarget>(static_cast<LogicalInsert&>(*plan).sink);
  RunWrite(Optimizer::Optimize(std::move(plan), OptimizerSettings()));
  const RowChangeCounts counts = target->counts();
  std::vector<std::string> names = {"num_affected_rows"};
  std::vector<Value> values = {Value::Int64(counts.affected())};
  if (kind == RowChangeKind::kMerge) {
    names.insert(names.end(), {"num_updated_rows", "num_deleted_rows", "num_inserted_rows"});
    values.insert(values.end(),
                  {Value::Int64(counts.updated), Value::Int64(counts.deleted), Value::Int64(counts.inserted)});
  }
  std::vector<LogicalType> types(names.size(), TypeId::kInt64);
  Result result = ValueResult(std::move(names), std::move(types), {values});
  RecordStatement(counts.affected(), &result);
  return result;
}

Result ClientContext::ExecuteInsert(const InsertStatement& statement) {
  Binder binder(*this);
  LogicalOperatorPtr plan = binder.BindInsert(statement);
  // why: optimized as a SELECT is, or its scans would read every file of the tables
  int64_t rows = RunWrite(Optimizer::Optimize(std::move(plan), OptimizerSettings()));
  Result result;
  RecordStatement(rows, &result);
  return result;
}

Result ClientContext::ExecuteDrop(const DropStatement& statement) {
  if (statement.object_type == ObjectType::kNamespace) {
    std::string dropped = DropNamespace(Tables(), statement);
    if (!dropped.empty() && ToLower(current_namespace_) == ToLower(dropped)) current_namespace_ = "default";
    return Result();
  }
  TempCatalog& temp = database_.temp_catalog();
  std::string bare = statement.name.parts.size() == 1 ? statement.name.parts[0] : "";
  if (statement.object_type == ObjectType::kView) {
    if (temp.DropView(bare) || statement.if_exists) return Result();
    throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] View not found: " + statement.name.ToString());
  }
  if (!bare.empty() && temp.DropTableOrView(bare)) return Result();
  if (auto file_table = Tables().FindFileTable(statement.name, current_namespace_)) {
    // floe does not own a parquet table's files: DROP forgets the table, PURGE is refused
    std::string name = file_table->name();
    if (statement.purge) {
      throw InvalidInputError("DROP TABLE " + name + " PURGE: " + name +
                              " is a parquet table, whose files floe does not delete; DROP TABLE without PURGE "
                              "removes it from the catalog and keeps its files");
    }
    Tables().catalog().DropFileTable(file_table->namespace_name, file_table->table_name);
    return Result();
  }
  auto resolved = Tables().Resolve(statement.name, current_namespace_);
  if (!resolved || !resolved->metadata_table.empty() || !resolved->ref.empty()) {
    if (statement.if_exists) return Result();
    throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table or view not found: " + statement.name.ToString());
  }
  DropTable(Tables(), Io(), Remapper(), *resolved, statement.purge);
  return Result();
}

Result ClientContext::ExecuteCreateNamespace(const CreateNamespaceStatement& statement) {
  CreateNamespace(Tables(), statement);
  return Result();
}

Result ClientContext::ExecuteUse(const UseStatement& statement) {
  current_namespace_ = NamespaceToUse(Tables(), statement);
  return Result();
}

Result ClientContext::ExecuteSet(const SetStatement& statement) {
  if (statement.key.empty()) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& [k, v] : settings_.All()) rows.push_back({k, v});
    return TextResult({"key", "value"}, rows);
  }
  std::string name = statement.key;
  if (statement.value) {
    std::string notice;
    name = settings_.Set(statement.key, *statement.value, &notice);
    if (!notice.empty()) Warn(notice);
  }
  return TextResult({"key", "value"}, {{statement.key, settings_.Get(name)}});
}

Result ClientContext::ExecuteReset(const ResetStatement& statement) {
  settings_.Reset(statement.key);
  return Result();
}

Result ClientContext::ExecuteShow(const ShowStatement& statement) {
  switch (statement.show_kind) {
    case ShowKind::kSettings: {
      std::vector<std::vector<std::string>> rows;
      for (const auto& d : Settings::Definitions()) {
        if (ShowPatternMatches(statement.pattern, d.name)) rows.push_back({d.name, settings_.Get(d.name), d.description});
      }
      return TextResult({"name", "value", "description"}, rows);
    }
    case ShowKind::kNamespaces: return TextResult(ShowNamespaces(Tables(), statement));
    case ShowKind::kTables: {
      // The catalog's tables, then the temporary tables and views (Spark lists them in
      // every namespace).
      TextRows rows = ShowTables(Tables(), statement, current_namespace_);
      std::vector<std::string> temp = database_.temp_catalog().TableNames();
      for (const auto& name : database_.temp_catalog().ViewNames()) temp.push_back(name);
      for (const auto& name : temp) {
        if (ShowPatternMatches(statement.pattern, name)) rows.rows.push_back({"", name, "true"});
      }
      return TextResult(std::move(rows));
    }
    case ShowKind::kViews: {
      TextRows rows{{"namespace", "tableName", "isTemporary"}, {}};
      for (const auto& name : database_.temp_catalog().ViewNames()) {
        if (ShowPatternMatches(statement.pattern, name)) rows.rows.push_back({"", name, "true"});
      }
      return TextResult(std::move(rows));
    }
    case ShowKind::kTblProperties:
      return TextResult(ShowTblProperties(Tables(), Remapper(), statement, current_namespace_));
    case ShowKind::kCreateTable:
      return TextResult(ShowCreateTable(Tables(), Remapper(), statement, current_namespace_));
    default: break;
  }
  throw NotImplementedError("this SHOW statement is not supported yet: " + statement.text);
}

Result ClientContext::ExecuteDescribe(const DescribeStatement& statement) {
  // A query, or a view: the columns of the query over it.
  auto describe_query = [&](const QueryNode& query) {
    Binder binder(*this);
    BoundQuery bound = binder.BindQuery(query);
    return TextResult(DescribeColumns(bound.names, bound.plan->types));
  };
  if (statement.query) return describe_query(*statement.query);
  auto table = FindTable(statement.name, nullptr);
  if (!table) {
    if (FindView(statement.name)) {
      StatementPtr parsed = Parser::ParseStatement("SELECT * FROM " + statement.name.ToString());
      return describe_query(*parsed->As<SelectStatement>().query);
    }
    throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table or view not found: " + statement.name.ToString());
  }
  if (!std::dynamic_pointer_cast<MemoryTable>(table)) {
    auto found = Tables().Find(statement.name, current_namespace_, Remapper());
    if (found && found->name.metadata_table.empty()) {
      if (!statement.column.empty()) {
        return TextResult(DescribeColumn(*found, statement.column, statement.extended || statement.formatted));
      }
      return TextResult(DescribeTable(Tables(), *found, statement.extended || statement.formatted));
    }
  }
  return TextResult(DescribeColumns(table->names(), table->types()));
}

}  // namespace floe
