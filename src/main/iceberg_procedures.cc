// CALL <catalog>.system.<procedure>(...): the Iceberg Spark procedures floe supports.

#include "common/ascii_case.h"
#include "common/exception.h"
#include "iceberg/scan/snapshot_files.h"
#include "main/client_context.h"
#include "planner/binder.h"
#include "sql/parser.h"

namespace floe {

namespace {

// Evaluates the procedure's arguments: constants, and map('k', 'v', ...) calls.
struct ProcedureArgs {
  std::map<std::string, Value> values;
  std::map<std::string, std::map<std::string, std::string>> maps;

  std::string String(const std::string& name, const std::string& procedure) const {
    auto it = values.find(name);
    if (it == values.end() || it->second.is_null()) {
      throw InvalidInputError("procedure " + procedure + " needs the argument " + name);
    }
    return it->second.ToString();
  }
};

}  // namespace

Result ClientContext::ExecuteCall(const CallStatement& statement) {
  std::vector<std::string> parts = statement.procedure.parts;
  if (parts.size() == 3 && ToLower(parts[0]) == ToLower(Tables().catalog().name())) parts.erase(parts.begin());
  if (parts.size() != 2 || ToLower(parts[0]) != "system") {
    throw CatalogError("[PROCEDURE_NOT_FOUND] procedure " + statement.procedure.ToString() +
                       " not found; procedures are called as " + Tables().catalog().name() + ".system.<name>");
  }
  std::string procedure = ToLower(parts[1]);
  static const std::map<std::string, std::vector<std::string>> kPositional = {
      {"rewrite_data_files", {"table", "strategy", "sort_order", "options", "where"}},
      {"register_table", {"table", "metadata_file"}},
      {"generate", {"workload", "scale", "seed", "skew", "days"}},
  };
  auto known = kPositional.find(procedure);
  if (known == kPositional.end()) {
    throw CatalogError("[PROCEDURE_NOT_FOUND] procedure system." + parts[1] +
                       " not found (floe has system.rewrite_data_files, system.register_table and system.generate)");
  }
  ProcedureArgs args;
  BindScope empty;
  for (size_t i = 0; i < statement.args.size(); ++i) {
    std::string name = i < statement.arg_names.size() && !statement.arg_names[i].empty()
                           ? ToLower(statement.arg_names[i])
                           : (i < known->second.size() ? known->second[i] : "");
    if (name.empty()) throw InvalidInputError("too many arguments for procedure system." + procedure);
    const ParsedExpression& e = *statement.args[i];
    if (e.kind == ExpressionKind::kFunction && ToLower(e.As<FunctionExpression>().name) == "map") {
      const auto& fn = e.As<FunctionExpression>();
      std::map<std::string, std::string> m;
      for (size_t k = 0; k + 1 < fn.args.size(); k += 2) {
        Binder binder(*this);
        Value key = EvaluateConstant(*binder.BindExpression(*fn.args[k], empty, "CALL"));
        Value value = EvaluateConstant(*binder.BindExpression(*fn.args[k + 1], empty, "CALL"));
        m[key.ToString()] = value.ToString();
      }
      args.maps[name] = m;
      continue;
    }
    Binder binder(*this);
    args.values[name] = EvaluateConstant(*binder.BindExpression(e, empty, "CALL"));
  }

  if (procedure == "generate") return ExecuteGenerate(args.values);

  if (procedure == "register_table") {
    std::string table = args.String("table", procedure);
    std::string metadata_file = args.String("metadata_file", procedure);
    StatementPtr parsed = Parser::ParseStatement("SELECT * FROM " + table);
    const auto& ref = parsed->As<SelectStatement>().query->As<SelectNode>().from->As<BaseTableRef>();
    ResolvedTableName name = Tables().ResolveForCreate(ref.name, current_namespace_);
    // Reading it first proves the file is table metadata (and its format is supported).
    std::string local = Remapper().Remap(metadata_file);
    iceberg::TableMetadata metadata = iceberg::TableMetadata::Parse(Io().ReadAll(local), local);
    if (!Tables().catalog().NamespaceExists(name.namespace_name)) {
      Tables().catalog().CreateNamespace(name.namespace_name, {});
    }
    if (!Tables().catalog().CreateTable(name.namespace_name, name.table_name, metadata_file)) {
      throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot register " + name.ToString() +
                         " because it already exists");
    }
    const iceberg::Snapshot* current = metadata.CurrentSnapshot();
    auto summary = [&](const char* key) {
      if (!current) return static_cast<long long>(0);
      auto it = current->summary.find(key);
      return it == current->summary.end() ? int64_t{0} : std::stoll(it->second);
    };
    Result result;
    std::vector<LogicalType> types = {TypeId::kInt64, TypeId::kInt64, TypeId::kInt64};
    result.SetSchema({"current_snapshot_id", "total_records_count", "total_data_files_count"}, types);
    auto chunk = std::make_unique<DataChunk>(types, 1);
    chunk->column(0).SetValue(0, current ? Value::Int64(current->snapshot_id) : Value::Null(TypeId::kInt64));
    chunk->column(1).SetValue(0, Value::Int64(summary("total-records")));
    chunk->column(2).SetValue(0, Value::Int64(summary("total-data-files")));
    chunk->SetSize(1);
    result.Append(std::move(chunk));
    return result;
  }

  // rewrite_data_files: every live data file is read and written again under the
  // current partition spec (the rewrite-all behaviour), in one "replace" commit.
  std::string table_arg = args.String("table", procedure);
  StatementPtr parsed = Parser::ParseStatement("SELECT * FROM " + table_arg);
  const auto& ref = parsed->As<SelectStatement>().query->As<SelectNode>().from->As<BaseTableRef>();
  auto found = Tables().Find(ref.name, current_namespace_, Remapper());
  if (!found || !found->name.metadata_table.empty() || !found->name.ref.empty()) {
    throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + table_arg);
  }
  const LoadedTable& table = *found;
  const ResolvedTableName* resolved = &table.name;
  iceberg::SnapshotChange change;
  change.operation = "replace";
  int64_t rewritten_bytes = 0;
  const iceberg::Snapshot* read = table.metadata->CurrentSnapshot();
  for (const auto& e : iceberg::SnapshotFiles(Io(), read, Remapper())) {
    change.removed_paths.push_back(e.data_file.file_path);
    rewritten_bytes += e.data_file.file_size_in_bytes;
  }
  if (!change.removed_paths.empty()) {
    // why: the rows rewritten are those of the files removed, the snapshot read, even
    // when another commit lands meanwhile (its files stay as they are)
    StatementPtr all = Parser::ParseStatement("SELECT * FROM " + Tables().catalog().name() + "." +
                                              resolved->ToString() + " VERSION AS OF " +
                                              std::to_string(read->snapshot_id));
    Result rows = RunQuery(*all->As<SelectStatement>().query);
    if (rows.RowCount() > 0) change.added = WriteDataFiles(table, rows);
    // Iceberg's RewriteFiles: the files replaced must still be live and gain no deletes.
    iceberg::ConflictValidation validation;
    validation.no_new_deletes_for_removed = true;
    CommitSnapshot(table, change, validation);
  }
  Result result;
  std::vector<LogicalType> types = {TypeId::kInt32, TypeId::kInt32, TypeId::kInt64, TypeId::kInt32};
  result.SetSchema({"rewritten_data_files_count", "added_data_files_count", "rewritten_bytes_count",
                    "failed_data_files_count"},
                   types);
  auto chunk = std::make_unique<DataChunk>(types, 1);
  chunk->column(0).SetValue(0, Value::Int32(static_cast<int32_t>(change.removed_paths.size())));
  chunk->column(1).SetValue(0, Value::Int32(static_cast<int32_t>(change.added.size())));
  chunk->column(2).SetValue(0, Value::Int64(rewritten_bytes));
  chunk->column(3).SetValue(0, Value::Int32(0));
  chunk->SetSize(1);
  result.Append(std::move(chunk));
  return result;
}

}  // namespace floe
