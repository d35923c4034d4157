// CALL <catalog>.system.<procedure>(...): evaluates the arguments and runs one of the
// procedures of iceberg/procedures in this session, which serves as their engine.
#include <algorithm>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "execution/table_sources/iceberg_filter_converter.h"
#include "iceberg/procedures/procedure.h"
#include "main/client_context.h"
#include "optimizer/rules/constant_folding.h"
#include "planner/binder.h"
#include "sql/parser.h"

namespace floe {

namespace {

// Reads a procedure's table argument as a table name ("t", "ns.t", "catalog.ns.t").
QualifiedName TableArgument(const std::string& identifier) {
  StatementPtr parsed = Parser::ParseStatement("SELECT * FROM " + identifier);
  return parsed->As<SelectStatement>().query->As<SelectNode>().from->As<BaseTableRef>().name;
}

}  // namespace

/// The session as the engine of a procedure: its catalog, and its query engine for the
/// rows a rewrite reads and writes and the statements system.generate runs.
class SessionProcedureEngine final : public iceberg::ProcedureEngine {
 public:
  explicit SessionProcedureEngine(ClientContext& session) : session_(session), remapper_(session.Remapper()) {}

  FileIO& io() override { return session_.Io(); }
  const iceberg::LocationRemapper& remapper() override { return remapper_; }
  std::string catalog_name() override { return session_.Tables().catalog().name(); }

  std::unique_ptr<iceberg::ProcedureTable> LoadTable(const std::string& identifier) override {
    auto found = session_.Tables().Find(TableArgument(identifier), session_.current_namespace_, remapper_);
    if (!found || !found->name.metadata_table.empty() || !found->name.ref.empty()) {
      throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + identifier);
    }
    return std::make_unique<Table>(session_, std::move(*found));
  }

  bool TableExists(const QualifiedName& name) override {
    return session_.Tables().Resolve(name, session_.current_namespace_).has_value();
  }

  void RegisterTable(const std::string& identifier, const std::string& metadata_location) override {
    TableCatalog& tables = session_.Tables();
    ResolvedTableName name = tables.ResolveForCreate(TableArgument(identifier), session_.current_namespace_);
    if (!tables.catalog().NamespaceExists(name.namespace_name)) {
      tables.catalog().CreateNamespace(name.namespace_name, {});
    }
    if (!tables.catalog().CreateTable(name.namespace_name, name.table_name, metadata_location)) {
      throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot register " + name.ToString() +
                         " because it already exists");
    }
  }

  std::vector<std::vector<Value>> Execute(const Statement& statement) override {
    Result result = session_.Execute(statement);
    std::vector<std::vector<Value>> rows;
    for (size_t r = 0; r < result.RowCount(); ++r) {
      std::vector<Value> row;
      for (size_t c = 0; c < result.ColumnCount(); ++c) row.push_back(result.GetValue(r, c));
      rows.push_back(std::move(row));
    }
    return rows;
  }

  std::string SetSetting(const std::string& name, const std::string& value) override {
    std::string old = session_.settings_.Get(name);
    session_.settings_.Set(name, value);
    return old;
  }

 private:
  class Table final : public iceberg::ProcedureTable {
   public:
    Table(ClientContext& session, LoadedTable table)
        : session_(session),
          table_(std::move(table)),
          state_{table_.metadata_location, table_.metadata},
          operations_(session.OperationsFor(table_.name)) {}

    iceberg::TableOperations& operations() override { return *operations_; }
    const iceberg::TableState& state() const override { return state_; }

    iceberg::ExpressionPtr Filter(const std::string& where) override {
      const iceberg::Schema& schema = table_.metadata->CurrentSchema();
      BindScope scope;
      std::vector<int> field_ids;
      for (const auto& f : schema.fields()) {
        scope.columns.push_back({ToLower(table_.name.table_name), f.name(), f.type()->ToLogicalType(),
                                 field_ids.size(), false});
        field_ids.push_back(f.id());
      }
      ExpressionPtr parsed = Parser::ParseExpression(where);
      Binder binder(session_);
      BoundExpressionPtr condition =
          Binder::AddCast(binder.BindExpression(*parsed, scope, "rewrite_data_files where"), TypeId::kBoolean);
      // as Spark converts the optimized filter (SparkExpressionConverter): CAST(10 AS BIGINT) is 10
      condition = ConstantFolding(session_.OptimizerSettings().evaluate_constant).Fold(std::move(condition));
      IcebergFilterConverter converter(schema, field_ids, &session_.time_zone_);
      if (!converter.IsExact(*condition)) {
        throw InvalidInputError("Cannot convert filter " + where + " to an Iceberg expression: rewrite_data_files " +
                                "selects files by comparisons of columns with constants, IN, IS NULL, AND, OR");
      }
      return converter.Convert(*condition);
    }

    std::vector<iceberg::DataFile> RewriteFiles(const std::vector<iceberg::FileScanTask>& tasks) override {
      return session_.RewriteDataFiles(table_, tasks);
    }

   private:
    ClientContext& session_;
    LoadedTable table_;
    iceberg::TableState state_;
    std::unique_ptr<CatalogTableOperations> operations_;
  };

  ClientContext& session_;
  iceberg::LocationRemapper remapper_;
};

Result ClientContext::ExecuteCall(const CallStatement& statement) {
  std::vector<std::string> parts = statement.procedure.parts;
  if (parts.size() == 3 && ToLower(parts[0]) == ToLower(Tables().catalog().name())) parts.erase(parts.begin());
  if (parts.size() != 2 || ToLower(parts[0]) != "system") {
    throw CatalogError("[PROCEDURE_NOT_FOUND] procedure " + statement.procedure.ToString() +
                       " not found; procedures are called as " + Tables().catalog().name() + ".system.<name>");
  }
  std::string name = ToLower(parts[1]);
  const iceberg::Procedure* procedure = iceberg::FindProcedure(name);
  if (!procedure) {
    std::string known;
    for (const std::string& p : iceberg::ProcedureNames()) known += (known.empty() ? "system." : ", system.") + p;
    throw CatalogError("[PROCEDURE_NOT_FOUND] procedure system." + parts[1] + " not found (floe has " + known + ")");
  }
  std::vector<std::string> parameters = procedure->parameters();
  iceberg::ProcedureArguments args;
  BindScope empty;
  auto evaluate = [&](const ParsedExpression& e) {
    Binder binder(*this);
    return EvaluateConstant(*binder.BindExpression(e, empty, "CALL"));
  };
  for (size_t i = 0; i < statement.args.size(); ++i) {
    bool named = i < statement.arg_names.size() && !statement.arg_names[i].empty();
    std::string arg = named ? ToLower(statement.arg_names[i]) : (i < parameters.size() ? parameters[i] : "");
    if (arg.empty()) throw InvalidInputError("too many arguments for procedure system." + name);
    if (std::find(parameters.begin(), parameters.end(), arg) == parameters.end()) {
      throw InvalidInputError("procedure system." + name + " has no argument " + arg);
    }
    const ParsedExpression& e = *statement.args[i];
    if (e.kind == ExpressionKind::kFunction && ToLower(e.As<FunctionExpression>().name) == "map") {
      const auto& fn = e.As<FunctionExpression>();
      std::map<std::string, std::string> m;
      for (size_t k = 0; k + 1 < fn.args.size(); k += 2) {
        m[evaluate(*fn.args[k]).ToString()] = evaluate(*fn.args[k + 1]).ToString();
      }
      args.maps[arg] = m;
      continue;
    }
    args.values[arg] = evaluate(e);
  }

  SessionProcedureEngine engine(*this);
  iceberg::ProcedureResult output = procedure->Call(engine, args);
  Result result;
  result.SetSchema(output.names, output.types);
  if (!output.rows.empty()) {
    auto chunk = std::make_unique<DataChunk>(output.types, output.rows.size());
    for (size_t r = 0; r < output.rows.size(); ++r) {
      for (size_t c = 0; c < output.types.size(); ++c) chunk->column(c).SetValue(r, output.rows[r][c]);
    }
    chunk->SetSize(output.rows.size());
    result.Append(std::move(chunk));
  }
  return result;
}

}  // namespace floe
