// CALL <catalog>.system.<procedure>(...): evaluates the arguments and runs one of the
// procedures of iceberg/procedures in this session, which serves as their engine.
#include <algorithm>

#include "catalog/alter_table.h"
#include "catalog/create_table.h"
#include "catalog/drop_table.h"
#include "common/ascii_case.h"
#include "common/exception.h"
#include "execution/table_sources/hive_partitioning.h"
#include "execution/table_sources/iceberg_filter_converter.h"
#include "function/cast.h"
#include "function/type_coercion.h"
#include "iceberg/procedures/procedure.h"
#include "main/client_context.h"
#include "optimizer/rules/constant_folding.h"
#include "planner/binder.h"
#include "sql/parser.h"

namespace floe {

namespace {

// Spark's ordinal words in DATATYPE_MISMATCH messages ("The second parameter requires...").
std::string Ordinal(size_t i) {
  static const char* kWords[] = {"first", "second", "third", "fourth", "fifth"};
  return i < 5 ? kWords[i] : std::to_string(i + 1) + "th";
}

// Binds a CALL's arguments to the procedure's parameters as Spark 4.0 does
// (NamedParametersSupport.defaultRearrange: positional arguments first, then named ones,
// matched by exact name; every required parameter given) and casts each to its
// parameter's type, with Spark's error classes. `evaluate` folds an argument to a value.
template <typename Evaluate>
iceberg::ProcedureArguments BindCallArguments(const iceberg::Procedure& procedure, const CallStatement& statement,
                                              const FunctionContext& context, Evaluate evaluate) {
  const std::string routine = "`" + procedure.name() + "`";
  std::vector<iceberg::ProcedureParameter> parameters = procedure.parameters();
  auto name_of = [&](size_t i) { return i < statement.arg_names.size() ? statement.arg_names[i] : std::string(); };
  size_t positional = 0;
  while (positional < statement.args.size() && name_of(positional).empty()) ++positional;
  for (size_t i = positional; i < statement.args.size(); ++i) {
    if (name_of(i).empty()) {
      throw BinderError("[UNEXPECTED_POSITIONAL_ARGUMENT] Cannot invoke routine " + routine +
                          " because it contains positional argument(s) following the named argument assigned to `" +
                          name_of(i - 1) +
                          "`; please rearrange them so the positional arguments come first and then retry the "
                          "query again.");
    }
  }
  if (positional > parameters.size()) {
    throw BinderError("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The " + routine + " requires " +
                        std::to_string(parameters.size()) + " parameters but the actual number is " +
                        std::to_string(statement.args.size()) + ".");
  }
  // the argument of each parameter, by index
  std::vector<const ParsedExpression*> given(parameters.size(), nullptr);
  for (size_t i = 0; i < positional; ++i) given[i] = statement.args[i].get();
  for (size_t i = positional; i < statement.args.size(); ++i) {
    const std::string& name = name_of(i);
    size_t p = 0;
    while (p < parameters.size() && parameters[p].name != name) ++p;
    if (p == parameters.size()) {
      std::string names;
      for (const auto& parameter : parameters) names += (names.empty() ? "`" : " `") + parameter.name + "`";
      throw BinderError("[UNRECOGNIZED_PARAMETER_NAME] Cannot invoke routine " + routine +
                          " because the routine call included a named argument reference for the argument named `" +
                          name + "`, but this routine does not include any signature containing an argument with "
                          "this name. Did you mean one of the following? [" + names + "].");
    }
    if (given[p]) {
      bool both = p < positional;
      throw BinderError(std::string("[DUPLICATE_ROUTINE_PARAMETER_ASSIGNMENT.") +
                          (both ? "BOTH_POSITIONAL_AND_NAMED" : "DOUBLE_NAMED_ARGUMENT_REFERENCE") +
                          "] Call to routine " + routine +
                          " is invalid because it includes multiple argument assignments to the same parameter "
                          "name `" + name + "`. " +
                          (both ? "A positional argument and named argument both referred to the same parameter. "
                                  "Please remove the named argument referring to this parameter."
                                : "More than one named argument referred to the same parameter. Please assign a "
                                  "value only once."));
    }
    given[p] = statement.args[i].get();
  }
  iceberg::ProcedureArguments args;
  for (size_t p = 0; p < parameters.size(); ++p) {
    const iceberg::ProcedureParameter& parameter = parameters[p];
    if (!given[p]) {
      if (!parameter.required) continue;
      // (the index counts from the first parameter not filled by position, as Spark's)
      throw BinderError("[REQUIRED_PARAMETER_NOT_FOUND] Cannot invoke routine " + routine +
                          " because the parameter named `" + parameter.name +
                          "` is required, but the routine call did not supply a value. Please update the routine "
                          "call to supply an argument value (either positionally at index " +
                          std::to_string(p - std::min(p, positional)) + " or by name) and retry the query again.");
    }
    const ParsedExpression& e = *given[p];
    if (parameter.type.id() == TypeId::kMap) {
      if (e.kind != ExpressionKind::kFunction || ToLower(e.As<FunctionExpression>().name) != "map") {
        throw BinderError("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot resolve CALL due to data type "
                            "mismatch: The " + Ordinal(p) + " parameter requires the \"MAP<STRING, STRING>\" type, "
                            "given as map('key', 'value', ...).");
      }
      const auto& fn = e.As<FunctionExpression>();
      std::map<std::string, std::string> m;
      if (fn.args.size() % 2 != 0) {
        throw BinderError("[WRONG_NUM_ARGS] map() of parameter `" + parameter.name + "` needs keys and values in pairs");
      }
      for (size_t k = 0; k + 1 < fn.args.size(); k += 2) {
        m[evaluate(*fn.args[k]).ToString()] = evaluate(*fn.args[k + 1]).ToString();
      }
      args.maps[parameter.name] = m;
      continue;
    }
    Value value = evaluate(e);
    if (parameter.type.id() != TypeId::kNull && !value.is_null() && value.type() != parameter.type) {
      // (an array argument, snapshot_ids => array(1, 2), takes any cast of its elements)
      // (a map or array is no string: Spark refuses migrate(map('foo', 'bar')))
      bool castable = parameter.type.IsNested()
                          ? CanCast(value.type(), parameter.type)
                          : !value.type().IsNested() && CanImplicitCast(value.type(), parameter.type);
      if (!castable) {
        throw BinderError("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot resolve CALL due to data type "
                            "mismatch: The " + Ordinal(p) + " parameter requires the \"" +
                            ToUpper(parameter.type.ToString()) + "\" type, however \"" + value.ToString() +
                            "\" has the type \"" + ToUpper(value.type().ToString()) + "\".");
      }
      value = CastValue(value, parameter.type, context);
    }
    args.values[parameter.name] = std::move(value);
  }
  return args;
}

// Reads a procedure's table argument as a table name ("t", "ns.t", "catalog.ns.t").
QualifiedName TableArgument(const std::string& identifier) {
  // Iceberg's ProcedureInput.ident
  if (identifier.empty()) throw InvalidInputError("Cannot handle an empty identifier for parameter 'table'");
  auto invalid = [&]() -> QualifiedName {
    throw InvalidInputError("Cannot parse identifier for parameter 'table': " + identifier);
  };
  StatementPtr parsed;
  try {
    parsed = Parser::ParseStatement("SELECT * FROM " + identifier);
  } catch (const Exception&) {
    return invalid();
  }
  // a table name alone: not a subquery, a join, a set operation or a clause after it
  if (parsed->kind != StatementKind::kSelect) return invalid();
  const auto& select = parsed->As<SelectStatement>();
  if (!select.query || select.query->kind != QueryNodeKind::kSelect) return invalid();
  const auto& node = select.query->As<SelectNode>();
  if (!node.from || node.from->kind != TableRefKind::kBaseTable) return invalid();
  return node.from->As<BaseTableRef>().name;
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
    QualifiedName name = TableArgument(identifier);
    auto found = session_.Tables().Find(name, session_.current_namespace_, remapper_);
    if (!found) session_.Tables().RefuseFileTable(name, session_.current_namespace_, "run a procedure on");
    if (!found || !found->name.metadata_table.empty() || !found->name.ref.empty()) {
      throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + identifier);
    }
    return std::make_unique<Table>(session_, std::move(*found));
  }

  bool TableExists(const QualifiedName& name) override {
    return session_.Tables().Resolve(name, session_.current_namespace_).has_value();
  }

  std::optional<FileTable> FindFileTable(const std::string& identifier) override {
    auto found = session_.Tables().FindFileTable(TableArgument(identifier), session_.current_namespace_);
    if (!found) return std::nullopt;
    return FileTable{found->namespace_name, found->table_name, found->location};
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

  iceberg::TableState CreateTable(
      const Statement& statement,
      const std::function<void(iceberg::Transaction&, const iceberg::TableMetadata&)>& build) override {
    return Create(statement, std::nullopt, build);
  }

  iceberg::TableState CreateTableReplacing(
      const Statement& statement, const std::string& backup_table, bool drop_backup,
      const std::function<void(iceberg::Transaction&, const iceberg::TableMetadata&)>& build) override {
    return Create(statement, FileTableBackup{backup_table, drop_backup}, build);
  }

  size_t DeleteTableFiles(const iceberg::TableMetadata& metadata, const std::vector<std::string>& paths) override {
    return floe::DeleteTableFiles(session_.Io(), session_.Tables().warehouse(), metadata, remapper_, paths);
  }

  std::string GetSetting(const std::string& name) override { return session_.settings_.Get(name); }

  std::vector<std::pair<std::string, std::string>> HivePartition(const std::string& path,
                                                                 const std::string& base) override {
    return HivePartitioning::ParsePath(path, base);
  }

  std::vector<LogicalType> HivePartitionTypes(const std::vector<std::string>& files, const std::string& base) override {
    return HivePartitioning(files, base).types();
  }

  void ForEach(int threads, size_t n, const std::function<void(size_t)>& fn) override {
    session_.database_.scheduler().ForEach(std::min(threads, session_.Threads()), n, fn);
  }

  std::string SetSetting(const std::string& name, const std::string& value) override {
    std::string old = session_.settings_.Get(name);
    session_.settings_.Set(name, value);
    return old;
  }

 private:
  // CreateTable, replacing the parquet table of the name when `replacing` is set
  iceberg::TableState Create(const Statement& statement, const std::optional<FileTableBackup>& replacing,
                             const std::function<void(iceberg::Transaction&, const iceberg::TableMetadata&)>& build) {
    if (statement.kind != StatementKind::kCreateTable) {
      throw InternalError("CreateTable takes a CREATE TABLE statement");
    }
    const auto& create = statement.As<CreateTableStatement>();
    std::optional<TableCreation> creation =
        PrepareTableCreation(session_.Tables(), remapper_, create, session_.current_namespace_, {}, replacing);
    if (!creation || creation->replaced || create.query) {
      throw InternalError("CreateTable takes the creation of a new table without a query");
    }
    return CommitNewTable(session_.Tables(), session_.Io(), remapper_, *creation,
                          [&](iceberg::Transaction& txn) { build(txn, *creation->metadata); });
  }

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

    iceberg::SortOrder RewriteSortOrder(const std::string& clause) override {
      const iceberg::TableMetadata& m = *table_.metadata;
      iceberg::SortOrder order = iceberg::SortOrder::Unsorted();
      if (!clause.empty()) {
        // the clause as ALTER TABLE ... WRITE ORDERED BY reads it (Spark's parseSortOrder)
        StatementPtr parsed = Parser::ParseStatement("ALTER TABLE t WRITE ORDERED BY " + clause);
        order = SortOrderOf(parsed->As<AlterTableStatement>().sort_fields, m.CurrentSchema(), table_.name.ToString());
      } else if (const iceberg::SortOrder* table_order = m.DefaultSortOrder()) {
        order = *table_order;
      }
      if (order.fields().empty()) {  // SparkSortFileRewriteRunner
        throw InvalidInputError("Cannot sort data without a valid sort order, table '" + table_.name.ToString() +
                                "' is unsorted and no sort order is provided");
      }
      return order;
    }

    std::vector<iceberg::DataFile> RewriteFiles(const std::vector<iceberg::FileScanTask>& tasks,
                                                const iceberg::RewriteOutput& output) override {
      const iceberg::TableMetadata& m = *table_.metadata;
      const iceberg::PartitionSpec* spec = m.SpecById(output.spec_id < 0 ? m.default_spec_id : output.spec_id);
      if (!spec) throw InternalError("rewrite: no partition spec " + std::to_string(output.spec_id));
      std::optional<iceberg::ZOrderOptions> zorder = output.zorder;
      if (zorder) {  // field ids to the rows' columns (the current schema's, in order)
        const auto& fields = m.CurrentSchema().fields();
        for (int& column : zorder->columns) {
          auto it = std::find_if(fields.begin(), fields.end(), [&](const auto& f) { return f.id() == column; });
          if (it == fields.end()) throw InternalError("z-order column id " + std::to_string(column) + " not found");
          column = static_cast<int>(it - fields.begin());
        }
      }
      return session_.RewriteDataFiles(table_, tasks, output.sort_order ? &*output.sort_order : nullptr, *spec,
                                       output.target_file_size, zorder ? &*zorder : nullptr);
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
    // Spark 4.0's error (Iceberg's TestRollbackToSnapshotProcedure.testInvalidRollbackToSnapshotCases)
    std::vector<std::string> path = statement.procedure.parts;
    if (path.size() == 2) path.insert(path.begin(), Tables().catalog().name());
    std::string quoted;
    for (const auto& p : path) quoted += (quoted.empty() ? "`" : ".`") + p + "`";
    throw CatalogError("[FAILED_TO_LOAD_ROUTINE] Failed to load routine " + quoted +
                       ". Procedures are called as " + Tables().catalog().name() + ".system.<name>");
  }
  std::string name = ToLower(parts[1]);
  const iceberg::Procedure* procedure = iceberg::FindProcedure(name);
  if (!procedure) {
    std::string known;
    for (const std::string& p : iceberg::ProcedureNames()) known += (known.empty() ? "system." : ", system.") + p;
    throw CatalogError("[PROCEDURE_NOT_FOUND] procedure system." + parts[1] + " not found (floe has " + known + ")");
  }
  iceberg::ProcedureArguments args = BindCallArguments(*procedure, statement, function_context(), [&](const ParsedExpression& e) {
    Binder binder(*this);
    BindScope empty;
    return EvaluateConstant(*binder.BindExpression(e, empty, "CALL"));
  });

  SessionProcedureEngine engine(*this);
  iceberg::ProcedureResult output = procedure->Call(engine, args);
  return ValueResult(std::move(output.names), std::move(output.types), output.rows);
}

// ANALYZE TABLE t COMPUTE STATISTICS [NOSCAN | FOR COLUMNS c, ... | FOR ALL COLUMNS]. Spark 4.0
// refuses it for v2 tables (Iceberg's among them); floe runs it as compute_table_stats on the
// current snapshot: FOR COLUMNS sketches those columns, FOR ALL COLUMNS every primitive one.
// The table-level statistics the other two forms compute in Spark (row count, size) are what
// Iceberg keeps in every snapshot's summary, so they only check that the table exists.
Result ClientContext::ExecuteAnalyze(const AnalyzeStatement& statement) {
  SessionProcedureEngine engine(*this);
  std::string table = statement.table.ToString();
  if (statement.noscan || (!statement.all_columns && statement.columns.empty())) {
    engine.LoadTable(table);
    return Result();
  }
  iceberg::ProcedureArguments args;
  args.values["table"] = Value::String(table);
  if (!statement.all_columns) {
    std::vector<Value> columns;
    for (const std::string& c : statement.columns) columns.push_back(Value::String(c));
    args.values["columns"] = Value::List(LogicalType::List(TypeId::kString), std::move(columns));
  }
  iceberg::ComputeTableStatsProcedure().Call(engine, args);
  return Result();
}

}  // namespace floe
