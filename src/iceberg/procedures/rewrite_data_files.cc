// CALL system.rewrite_data_files(table => 'ns.t' [, where => 'k = 1']): every live data
// file that may hold rows matching `where` (every file without it) is read and written
// again under the current partition spec (the rewrite-all behaviour), in one "replace"
// commit, as Iceberg Java's RewriteDataFilesProcedure with every such file selected.
#include <string>

#include "iceberg/procedures/procedure.h"
#include "iceberg/scan/table_scan.h"
#include "iceberg/write/transaction.h"

namespace floe::iceberg {

namespace {

class RewriteDataFiles final : public Procedure {
 public:
  std::string name() const override { return "rewrite_data_files"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true},
            {"strategy", TypeId::kString},
            {"sort_order", TypeId::kString},
            {"options", LogicalType::Map(TypeId::kString, TypeId::kString)},
            {"where", TypeId::kString}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    const TableState& read = table->state();
    // The files are those a scan with the filter plans (RewriteDataFilesSparkAction's
    // planFileGroups): a file that may hold a matching row is rewritten whole.
    ExpressionPtr filter = args.Has("where") ? table->Filter(args.String("where", name())) : Expression::AlwaysTrue();
    std::vector<FileScanTask> tasks;
    if (read.metadata->CurrentSnapshot()) {
      TableScan scan(engine.io(), read.metadata, std::nullopt, filter, engine.remapper());
      tasks = scan.PlanFiles();
    }
    SnapshotChange change;
    change.operation = "replace";
    int64_t rewritten_bytes = 0;
    for (const auto& task : tasks) {
      change.removed_paths.push_back(task.data_file.file_path);
      rewritten_bytes += task.data_file.file_size_in_bytes;
    }
    size_t rewritten = change.removed_paths.size();
    size_t added = 0;
    if (rewritten > 0) {
      // why: the rows rewritten are those of the files removed, as read, even when another
      // commit lands meanwhile (its files stay as they are)
      change.added = table->RewriteFiles(tasks);
      added = change.added.size();
      // Iceberg's RewriteFiles: the files replaced must still be live and gain no deletes.
      ConflictValidation validation;
      validation.no_new_deletes_for_removed = true;
      Transaction txn(table->operations(), read);
      txn.AddSnapshot(std::move(change), std::move(validation));
      txn.Commit();
    }
    ProcedureResult result;
    result.names = {"rewritten_data_files_count", "added_data_files_count", "rewritten_bytes_count",
                    "failed_data_files_count"};
    result.types = {TypeId::kInt32, TypeId::kInt32, TypeId::kInt64, TypeId::kInt32};
    result.rows.push_back({Value::Int32(static_cast<int32_t>(rewritten)), Value::Int32(static_cast<int32_t>(added)),
                           Value::Int64(rewritten_bytes),
                           Value::Int32(0)});
    return result;
  }
};

}  // namespace

const Procedure& RewriteDataFilesProcedure() {
  static const RewriteDataFiles procedure;
  return procedure;
}

}  // namespace floe::iceberg
