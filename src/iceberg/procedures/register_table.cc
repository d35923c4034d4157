// CALL system.register_table(table => 'ns.t', metadata_file => '.../v3.metadata.json'):
// makes a catalog entry for a table whose metadata another catalog or engine wrote, as
// Iceberg Java's RegisterTableProcedure. Given the table's folder instead of a metadata
// file (floe's extension), it takes the folder's current metadata file as a Hadoop table's
// readers find it (FindCurrentMetadataFile).
#include <string>

#include "iceberg/current_metadata_file.h"
#include "iceberg/procedures/procedure.h"
#include "iceberg/table_metadata.h"

namespace floe::iceberg {

namespace {

// A path that is no file but a folder holding metadata/ files is a table's folder; anything
// else is read as a metadata file (and refused by name when it is not one).
bool IsTableFolder(ProcedureEngine& engine, const std::string& path) {
  if (engine.io().Exists(engine.remapper().Remap(path))) return false;
  std::string folder = path;
  while (folder.size() > 1 && folder.back() == '/') folder.pop_back();
  try {
    // why: remapped with its metadata/ part, as a location map's prefixes end with a slash
    return !engine.io().List(engine.remapper().Remap(folder + "/metadata")).empty();
  } catch (const std::exception&) {
    return false;
  }
}

class RegisterTable final : public Procedure {
 public:
  std::string name() const override { return "register_table"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true}, {"metadata_file", TypeId::kString, true}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::string table = args.String("table", name());
    std::string metadata_file = args.String("metadata_file", name());
    if (IsTableFolder(engine, metadata_file)) {
      metadata_file = FindCurrentMetadataFile(engine.io(), engine.remapper(), metadata_file);
    }
    // Reading it first proves the file is table metadata (and its format is supported).
    std::string local = engine.remapper().Remap(metadata_file);
    TableMetadata metadata = TableMetadata::Parse(engine.io().ReadAll(local), local);
    engine.RegisterTable(table, metadata_file);

    const Snapshot* current = metadata.CurrentSnapshot();
    auto summary = [&](const char* key) {
      if (!current) return int64_t{0};
      auto it = current->summary.find(key);
      return it == current->summary.end() ? int64_t{0} : static_cast<int64_t>(std::stoll(it->second));
    };
    ProcedureResult result;
    result.names = {"current_snapshot_id", "total_records_count", "total_data_files_count"};
    result.types = {TypeId::kInt64, TypeId::kInt64, TypeId::kInt64};
    result.rows.push_back({current ? Value::Int64(current->snapshot_id) : Value::Null(TypeId::kInt64),
                           Value::Int64(summary("total-records")), Value::Int64(summary("total-data-files"))});
    return result;
  }
};

}  // namespace

const Procedure& RegisterTableProcedure() {
  static const RegisterTable procedure;
  return procedure;
}

}  // namespace floe::iceberg
