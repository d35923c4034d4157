// CALL system.add_files(table, source_table [, partition_filter, check_duplicate_files,
// parallelism]): Parquet files already written (a file, or a folder in the Hive layout
// key=value/...) become data files of the table without being rewritten, as Iceberg 1.10's
// AddFilesProcedure with a path source (source_table => 'parquet.`/path`'); the import
// itself is import_files.cc. The files stay where they are and are never deleted by a
// failed commit.
#include <string>

#include "common/exception.h"
#include "iceberg/procedures/import_files.h"

namespace floe::iceberg {

namespace {

class AddFiles final : public Procedure {
 public:
  std::string name() const override { return "add_files"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true},
            {"source_table", TypeId::kString, true},
            {"partition_filter", LogicalType::Map(TypeId::kString, TypeId::kString)},
            {"check_duplicate_files", TypeId::kBoolean},
            {"parallelism", TypeId::kInt32}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::string table_name = args.String("table", name());
    engine.LoadTable(table_name);  // TABLE_OR_VIEW_NOT_FOUND first, as Spark resolves it
    bool is_table = false;
    std::string root =
        engine.remapper().Remap(ParquetSourcePath(engine, args.String("source_table", name()), &is_table));
    std::map<std::string, std::string> filter;
    if (auto it = args.maps.find("partition_filter"); it != args.maps.end()) filter = it->second;
    bool check_duplicates = !args.Has("check_duplicate_files") || args.values.at("check_duplicate_files").boolean();
    // parallelism: floe reads the footers in turn; the value is checked as Java checks it
    if (args.Has("parallelism") && args.Long("parallelism", name()) <= 0) {
      throw InvalidInputError("Parallelism should be larger than 0");
    }
    ImportResult imported =
        ImportParquetFiles(engine, table_name, ListParquetSource(engine, root, is_table), filter, check_duplicates);
    ProcedureResult result;
    result.names = {"added_files_count", "changed_partition_count"};
    result.types = {TypeId::kInt64, TypeId::kInt64};
    result.rows.push_back({Value::Int64(imported.added_files), imported.changed_partitions});
    return result;
  }
};

}  // namespace

const Procedure& AddFilesProcedure() {
  static const AddFiles procedure;
  return procedure;
}

}  // namespace floe::iceberg
