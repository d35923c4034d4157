// Statements on session objects: temporary views and tables, settings, SHOW, DESCRIBE;
// and INSERT and DELETE, bound into plans and run.
#include "catalog/drop_table.h"
#include "common/ascii_case.h"
#include "common/exception.h"
#include "execution/operators/physical_delete.h"
#include "function/type_coercion.h"
#include "main/client_context.h"
#include "main/show_pattern.h"
#include "optimizer/optimizer.h"
#include "planner/binder.h"
#include "planner/logical_operator.h"
#include "planner/logical_projection.h"
#include "sql/parser.h"

namespace floe {

namespace {

LogicalType ResolveType(const ParsedType& type) {
  LogicalType out;
  int p = type.params.size() > 0 ? static_cast<int>(type.params[0]) : 10;
  int s = type.params.size() > 1 ? static_cast<int>(type.params[1]) : 0;
  if (!ParseTypeName(type.name, p, s, type.has_params, &out)) {
    throw NotImplementedError("unsupported data type " + type.ToString());
  }
  return out;
}

}  // namespace

Result ClientContext::ExecuteCreateView(const CreateViewStatement& statement) {
  if (statement.name.parts.size() != 1) {
    throw NotImplementedError("only temporary views are supported; name it without a namespace: " +
                              statement.name.ToString());
  }
  std::string key = ToLower(statement.name.parts[0]);
  // Bind once now, so a broken view fails at creation as in Spark.
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
  std::lock_guard<std::mutex> lock(database_.mutex());
  auto& views = database_.views();
  if (views.count(key) || database_.temp_tables().count(key)) {
    if (statement.if_not_exists) return Result();
    if (!statement.or_replace || database_.temp_tables().count(key)) {
      throw CatalogError("[TEMP_TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create the temporary view `" +
                         view->name + "` because it already exists");
    }
  }
  views[key] = view;
  return Result();
}

Result ClientContext::ExecuteCreateTable(const CreateTableStatement& statement) {
  if (!statement.temporary) return CreateIcebergTable(statement);
  if (statement.name.parts.size() != 1) {
    throw InvalidInputError("a temporary table name has no namespace: " + statement.name.ToString());
  }
  std::string key = ToLower(statement.name.parts[0]);
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  std::vector<bool> not_null;
  Result data;
  bool has_data = false;
  if (statement.query) {
    if (!statement.columns.empty()) {
      throw InvalidInputError("CREATE TABLE ... AS SELECT takes its columns from the query");
    }
    data = RunQuery(*statement.query);
    has_data = true;
    names = data.names();
    for (size_t i = 0; i < data.ColumnCount(); ++i) {
      types.push_back(data.type(i).id() == TypeId::kNull ? LogicalType(TypeId::kString) : data.type(i));
      not_null.push_back(false);
    }
  } else {
    for (const auto& column : statement.columns) {
      for (const auto& n : names) {
        if (ToLower(n) == ToLower(column.name)) {
          throw InvalidInputError("column " + column.name + " is declared twice in " +
                                  statement.name.ToString());
        }
      }
      names.push_back(column.name);
      types.push_back(ResolveType(column.type));
      not_null.push_back(column.not_null);
    }
  }
  auto table = std::make_shared<MemoryTable>(statement.name.parts[0], names, types, not_null);
  if (has_data) {
    std::vector<std::shared_ptr<DataChunk>> chunks;
    for (const auto& chunk : data.chunks()) {
      auto copy = std::make_shared<DataChunk>(types, std::max<size_t>(chunk->size(), 1));
      copy->Append(*chunk, 0, chunk->size());
      chunks.push_back(std::move(copy));
    }
    table->Append(std::move(chunks));
  }
  std::lock_guard<std::mutex> lock(database_.mutex());
  auto& tables = database_.temp_tables();
  if (tables.count(key) || database_.views().count(key)) {
    if (statement.if_not_exists) return Result();
    if (!statement.or_replace) {
      throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create table `" +
                         statement.name.parts[0] + "` because it already exists");
    }
    database_.views().erase(key);
  }
  tables[key] = table;
  Result result;
  if (has_data) RecordStatement(static_cast<int64_t>(data.RowCount()), &result);
  return result;
}

Result ClientContext::ExecuteDelete(const DeleteStatement& statement) {
  Binder binder(*this);
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
    std::string ns = statement.name.parts.back();
    if (statement.cascade) {
      for (const auto& t : Tables().catalog().ListTables(ns)) Tables().catalog().DropTable(ns, t);
    }
    if (!Tables().catalog().DropNamespace(ns) && !statement.if_exists) {
      throw CatalogError("[SCHEMA_NOT_FOUND] The namespace " + ns + " cannot be found");
    }
    if (ToLower(current_namespace_) == ToLower(ns)) current_namespace_ = "default";
    return Result();
  }
  std::string key = statement.name.parts.size() == 1 ? ToLower(statement.name.parts[0]) : "";
  {
    std::lock_guard<std::mutex> lock(database_.mutex());
    if (statement.object_type == ObjectType::kView) {
      if (database_.views().erase(key)) return Result();
      if (statement.if_exists) return Result();
      throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] View not found: " + statement.name.ToString());
    }
    if (database_.temp_tables().erase(key)) return Result();
    // Spark drops a temporary view with DROP TABLE too.
    if (database_.views().erase(key)) return Result();
  }
  auto resolved = Tables().Resolve(statement.name, current_namespace_);
  if (!resolved || !resolved->metadata_table.empty() || !resolved->ref.empty()) {
    if (statement.if_exists) return Result();
    throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table or view not found: " + statement.name.ToString());
  }
  DropTable(Tables(), Io(), Remapper(), *resolved, statement.purge);
  return Result();
}

Result ClientContext::ExecuteSet(const SetStatement& statement) {
  if (statement.key.empty()) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& [k, v] : settings_.All()) rows.push_back({k, v});
    return TextResult({"key", "value"}, rows);
  }
  if (!statement.value) {
    std::string value = settings_.Get(statement.key);
    return TextResult({"key", "value"}, {{statement.key, value}});
  }
  std::string name = settings_.Set(statement.key, *statement.value);
  return TextResult({"key", "value"}, {{statement.key, settings_.Get(name)}});
}

Result ClientContext::ExecuteReset(const ResetStatement& statement) {
  settings_.Reset(statement.key);
  return Result();
}

Result ClientContext::ExecuteShow(const ShowStatement& statement) {
  if (statement.show_kind == ShowKind::kSettings) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& d : Settings::Definitions()) {
      if (!ShowPatternMatches(statement.pattern, d.name)) continue;
      rows.push_back({d.name, settings_.Get(d.name), d.description});
    }
    return TextResult({"name", "value", "description"}, rows);
  }
  if (statement.show_kind == ShowKind::kNamespaces || statement.show_kind == ShowKind::kTables ||
      statement.show_kind == ShowKind::kTblProperties || statement.show_kind == ShowKind::kCreateTable) {
    return ShowIceberg(statement);
  }
  if (statement.show_kind == ShowKind::kViews) {
    std::vector<std::vector<std::string>> rows;
    std::lock_guard<std::mutex> lock(database_.mutex());
    if (statement.show_kind == ShowKind::kTables) {
      for (const auto& [name, table] : database_.temp_tables()) rows.push_back({"", name, "true"});
    }
    for (const auto& [name, view] : database_.views()) {
      if (ShowPatternMatches(statement.pattern, name)) rows.push_back({"", name, "true"});
    }
    return TextResult({"namespace", "tableName", "isTemporary"}, rows);
  }
  throw NotImplementedError("this SHOW statement is not supported yet: " + statement.text);
}

Result ClientContext::ExecuteDescribe(const DescribeStatement& statement) {
  std::vector<std::vector<std::string>> rows;
  if (statement.query) {
    Binder binder(*this);
    BoundQuery bound = binder.BindQuery(*statement.query);
    for (size_t i = 0; i < bound.names.size(); ++i) {
      rows.push_back({bound.names[i], bound.plan->types[i].ToString(), ""});
    }
    return TextResult({"col_name", "data_type", "comment"}, rows);
  }
  auto table = FindTable(statement.name, nullptr);
  if (!table) {
    // Views: describe through a query over them.
    if (auto view = FindView(statement.name)) {
      StatementPtr parsed = Parser::ParseStatement("SELECT * FROM " + statement.name.ToString());
      Binder binder(*this);
      BoundQuery bound = binder.BindQuery(*parsed->As<SelectStatement>().query);
      for (size_t i = 0; i < bound.names.size(); ++i) {
        rows.push_back({bound.names[i], bound.plan->types[i].ToString(), ""});
      }
      return TextResult({"col_name", "data_type", "comment"}, rows);
    }
    throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table or view not found: " + statement.name.ToString());
  }
  if (!std::dynamic_pointer_cast<MemoryTable>(table)) {
    auto found = Tables().Find(statement.name, current_namespace_, Remapper());
    if (found && found->name.metadata_table.empty()) return DescribeIceberg(*found, statement.extended || statement.formatted);
  }
  for (size_t i = 0; i < table->names().size(); ++i) {
    rows.push_back({table->names()[i], table->types()[i].ToString(), ""});
  }
  return TextResult({"col_name", "data_type", "comment"}, rows);
}

}  // namespace floe
