// CALL system.snapshot(source_table => 'parquet.`/path`' | 'ns.parquet_table', table [, location, properties,
// parallelism]): a new Iceberg table over Parquet files as they are, as Iceberg 1.10's
// SnapshotTableProcedure (SnapshotTableSparkAction) makes one of a Spark table: the schema
// of the files (the first file's columns, then the key=value folder columns with the types
// Spark's partition discovery infers), identity-partitioned by the folder columns, with
// gc.enabled = false (expiring or dropping it never deletes the source's files) and
// snapshot = true, created with every file imported (import_files.cc) in one commit, as
// Java's staged table: the table appears whole or not at all. The files stay where they
// are; the source is untouched.
#include <string>

#include "common/exception.h"
#include "common/sql_text.h"
#include "iceberg/procedures/import_files.h"
#include "sql/parser.h"

namespace floe::iceberg {

namespace {

class SnapshotTable final : public Procedure {
 public:
  std::string name() const override { return "snapshot"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"source_table", TypeId::kString, true},
            {"table", TypeId::kString, true},
            {"location", TypeId::kString},
            {"properties", LogicalType::Map(TypeId::kString, TypeId::kString)},
            {"parallelism", TypeId::kInt32}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    bool is_table = false;
    std::string source = ParquetSourcePath(engine, args.String("source_table", name()), &is_table);
    std::string table_name = args.String("table", name());
    if (args.Has("parallelism") && args.Long("parallelism", name()) <= 0) {
      throw InvalidInputError("Parallelism should be larger than 0");
    }
    std::string root = engine.remapper().Remap(source);
    if (args.Has("location") && engine.remapper().Remap(args.String("location", name())) == root) {
      throw InvalidInputError("Cannot create a snapshot at location " + args.String("location", name()) +
                              " because it would overwrite the original table");
    }
    ParquetSource files = ListParquetSource(engine, root, is_table);

    // SnapshotTableSparkAction.targetTableProps: the source's files are not the table's own
    std::map<std::string, std::string> properties = {{"gc.enabled", "false"}, {"snapshot", "true"}};
    if (auto it = args.maps.find("properties"); it != args.maps.end()) {
      for (const auto& [k, v] : it->second) properties[k] = v;
    }
    std::optional<std::string> location;
    if (args.Has("location")) location = args.String("location", name());
    std::string sql = CreateTableSqlFor(engine, files, "snapshot", table_name, location, properties);
    // one commit creates the table with its snapshot: a failure or a kill leaves no table
    bool appended = false;
    TableState created =
        engine.CreateTable(*Parser::ParseStatement(sql), [&](Transaction& txn, const TableMetadata& metadata) {
          appended = AddImportToTransaction(engine, metadata, table_name, files, {}, false, &txn);
        });
    ImportResult imported = ImportResultOf(created, appended);
    ProcedureResult result;
    result.names = {"imported_files_count"};
    result.types = {TypeId::kInt64};
    result.rows.push_back({Value::Int64(imported.added_files)});
    return result;
  }
};

}  // namespace

const Procedure& SnapshotTableProcedure() {
  static const SnapshotTable procedure;
  return procedure;
}

}  // namespace floe::iceberg
