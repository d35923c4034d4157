// CALL system.migrate(table [, properties, drop_backup, backup_table_name, parallelism,
// ignore_missing_files]): replaces a parquet table of the catalog (CREATE TABLE .. USING
// parquet LOCATION) with an Iceberg table of the same name over the same files, as Iceberg
// 1.10's MigrateTableProcedure (MigrateTableSparkAction) replaces a Spark table. The Iceberg
// table is created at the parquet table's location (its metadata in <location>/metadata)
// with the files' schema, identity-partitioned by their key=value folders (snapshot's rule),
// the properties given and migrated = true, every file imported as it is. The parquet table
// becomes the backup (backup_table_name, or the name with _BACKUP_ appended, in its
// namespace), or leaves the catalog with drop_backup (its files are now the Iceberg
// table's).
//
// Java renames the source to the backup, then creates the table, and renames the backup
// back when that fails; a process killed in between leaves only the backup. floe does both
// in the commit's one catalog transaction (CreateTableReplacing): a failure or a kill leaves
// the parquet table as it was, and at most files no table names. A backup name already
// taken is refused first (Java's message), before any file is written.
//
// Unlike snapshot, the new table owns the files: gc.enabled is not turned off, so expiring
// or purging it deletes them, as after Java's migrate. ignore_missing_files is accepted for
// Java's signature: floe lists the files from the folder, so none can be missing.
#include <map>
#include <optional>
#include <string>

#include "common/exception.h"
#include "iceberg/procedures/import_files.h"
#include "sql/parser.h"
#include "sql/qualified_name.h"

namespace floe::iceberg {

namespace {

constexpr const char* kBackupSuffix = "_BACKUP_";  // MigrateTableSparkAction.BACKUP_SUFFIX

// Whether `identifier` names an Iceberg table of the catalog.
bool IcebergTableExists(ProcedureEngine& engine, const std::string& identifier) {
  try {
    return engine.LoadTable(identifier) != nullptr;
  } catch (const CatalogError&) {  // no such table
    return false;
  }
}

bool NameTaken(ProcedureEngine& engine, const std::string& ns, const std::string& table) {
  std::string identifier = QuoteIdentifierIfNeeded(ns) + "." + QuoteIdentifierIfNeeded(table);
  return engine.FindFileTable(identifier) || IcebergTableExists(engine, identifier);
}

class MigrateTable final : public Procedure {
 public:
  std::string name() const override { return "migrate"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true},
            {"properties", LogicalType::Map(TypeId::kString, TypeId::kString)},
            {"drop_backup", TypeId::kBoolean},
            {"backup_table_name", TypeId::kString},
            {"parallelism", TypeId::kInt32},
            {"ignore_missing_files", TypeId::kBoolean}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::string table_name = args.String("table", name());
    if (table_name.empty()) throw InvalidInputError("Cannot handle an empty identifier for argument table");
    if (args.Has("parallelism") && args.Long("parallelism", name()) <= 0) {
      throw InvalidInputError("Parallelism should be larger than 0");
    }
    std::optional<ProcedureEngine::FileTable> source = engine.FindFileTable(table_name);
    if (!source) {
      // BaseTableCreationSparkAction's refusals: an Iceberg table, or no table at all
      if (IcebergTableExists(engine, table_name)) {
        throw InvalidInputError("Cannot use non-v1 table '" + table_name + "' as a source");
      }
      throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Cannot find source table '" + table_name + "'");
    }
    std::string backup = args.Has("backup_table_name") ? args.String("backup_table_name", name())
                                                       : source->table_name + kBackupSuffix;
    if (NameTaken(engine, source->namespace_name, backup)) {
      // (checked again in the commit; refused here before any file is written)
      throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot rename " + source->name() + " as " +
                         source->namespace_name + "." + backup + " for backup. The backup table already exists.");
    }
    ParquetSource files = ListParquetSource(engine, engine.remapper().Remap(source->location), true);

    std::map<std::string, std::string> properties;
    if (auto it = args.maps.find("properties"); it != args.maps.end()) properties = it->second;
    properties["migrated"] = "true";
    std::string target =
        QuoteIdentifierIfNeeded(source->namespace_name) + "." + QuoteIdentifierIfNeeded(source->table_name);
    std::string sql = CreateTableSqlFor(engine, files, "migrate", target, source->location, properties);
    bool drop_backup = args.Has("drop_backup") && args.values.at("drop_backup").boolean();
    bool appended = false;
    TableState created = engine.CreateTableReplacing(
        *Parser::ParseStatement(sql), backup, drop_backup, [&](Transaction& txn, const TableMetadata& metadata) {
          appended = AddImportToTransaction(engine, metadata, target, files, {}, false, &txn);
        });
    ProcedureResult result;
    result.names = {"migrated_files_count"};
    result.types = {TypeId::kInt64};
    result.rows.push_back({Value::Int64(ImportResultOf(created, appended).added_files)});
    return result;
  }
};

}  // namespace

const Procedure& MigrateTableProcedure() {
  static const MigrateTable procedure;
  return procedure;
}

}  // namespace floe::iceberg
