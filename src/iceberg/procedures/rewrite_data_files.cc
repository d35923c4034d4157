// CALL system.rewrite_data_files(table => 'ns.t' [, where => 'k = 1']): every live data
// file that may hold rows matching `where` (every file without it) is read and written
// again under the current partition spec (the rewrite-all behaviour), in one "replace"
// commit, as Iceberg Java's RewriteDataFilesProcedure with every such file selected.
// The strategy and options are validated as Iceberg 1.10 validates them; those floe does
// not carry out yet are refused by name rather than ignored.
#include <set>
#include <string>

#include "common/ascii_case.h"
#include "common/exception.h"

#include "iceberg/procedures/procedure.h"
#include "iceberg/scan/table_scan.h"
#include "iceberg/write/transaction.h"

namespace floe::iceberg {

namespace {

// RewriteDataFilesSparkAction.VALID_OPTIONS and BinPackRewriteFilePlanner.validOptions().
const std::set<std::string>& BinPackOptions() {
  static const std::set<std::string> options = {
      "max-concurrent-file-group-rewrites", "max-file-group-size-bytes", "partial-progress.enabled",
      "partial-progress.max-commits", "partial-progress.max-failed-commits", "target-file-size-bytes",
      "use-starting-sequence-number", "rewrite-job-order", "output-spec-id", "remove-dangling-deletes",
      "max-files-to-rewrite", "min-file-size-bytes", "max-file-size-bytes", "min-input-files", "rewrite-all",
      "max-file-group-input-files", "delete-file-threshold", "delete-ratio-threshold"};
  return options;
}

// RewriteDataFilesProcedure.checkAndApplyStrategy and the action's validateAndInitOptions:
// an unknown strategy or option is an error naming it. floe rewrites every selected file in
// one commit (rewrite-all): zorder and the options that would select, group or split
// differently are refused, not ignored. Returns true for the sort strategy (strategy =>
// 'sort', or a sort_order alone: a null strategy with a sort order sorts).
bool CheckStrategyAndOptions(const ProcedureArguments& args) {
  std::string strategy = args.Has("strategy") ? ToLower(args.values.at("strategy").ToString()) : "";
  if (!strategy.empty() && strategy != "binpack" && strategy != "sort") {
    throw InvalidInputError("unsupported strategy: " + args.values.at("strategy").ToString() +
                            ". Only binpack or sort is supported");
  }
  if (strategy == "binpack" && args.Has("sort_order")) {  // binPack().sort(order)
    throw InvalidInputError("Cannot set rewrite mode, it has already been set to BIN-PACK");
  }
  if (args.Has("sort_order") && ToLower(args.values.at("sort_order").ToString()).find("zorder(") != std::string::npos) {
    throw NotImplementedError("rewrite_data_files: a zorder(...) sort_order is not supported yet");
  }
  bool sort = strategy == "sort" || (strategy.empty() && args.Has("sort_order"));
  auto it = args.maps.find("options");
  if (it == args.maps.end()) return sort;
  std::set<std::string> invalid, unsupported;
  for (const auto& [key, value] : it->second) {
    bool sort_only = key == "compression-factor" || key == "shuffle-partitions-per-file";  // SparkShufflingFileRewriteRunner
    if (!BinPackOptions().count(key) && !(sort && sort_only)) {
      invalid.insert(key);
    } else if (key == "rewrite-all") {
      if (ToLower(value) != "true" && ToLower(value) != "false") {
        throw InvalidInputError("rewrite_data_files: option rewrite-all must be true or false, not " + value);
      }
      if (ToLower(value) == "false") unsupported.insert(key + " = false");
    } else {
      unsupported.insert(key);
    }
  }
  auto list = [](const std::set<std::string>& keys) {
    std::string out;
    for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k;
    return "[" + out + "]";
  };
  if (!invalid.empty()) {
    std::set<std::string> valid = BinPackOptions();
    if (sort) valid.insert({"compression-factor", "shuffle-partitions-per-file"});
    throw InvalidInputError("Cannot use options " + list(invalid) + ", they are not supported by the action or the rewriter " +
                            (sort ? "SORT" : "BIN-PACK") + " (valid: " + list(valid) + ")");
  }
  if (!unsupported.empty()) {
    throw NotImplementedError("rewrite_data_files: options " + list(unsupported) +
                              " are not supported yet; floe rewrites every selected file (rewrite-all)");
  }
  return sort;
}

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
    bool sort = CheckStrategyAndOptions(args);
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
    int removed_deletes = 0;
    if (rewritten > 0) {
      // why: the rows rewritten are those of the files removed, as read, even when another
      // commit lands meanwhile (its files stay as they are)
      change.added = table->RewriteFiles(tasks, sort, args.Has("sort_order") ? args.String("sort_order", name()) : "");
      added = change.added.size();
      // Iceberg's RewriteFiles: the files replaced must still be live and gain no deletes.
      ConflictValidation validation;
      validation.no_new_deletes_for_removed = true;
      Transaction txn(table->operations(), read);
      txn.AddSnapshot(std::move(change), std::move(validation));
      TableState committed = txn.Commit();
      // the delete files the commit dropped with the files they applied to (deletion
      // vectors of rewritten files): its snapshot's removed-delete-files
      if (const Snapshot* s = committed.metadata ? committed.metadata->CurrentSnapshot() : nullptr) {
        auto it = s->summary.find("removed-delete-files");
        if (it != s->summary.end()) removed_deletes = std::stoi(it->second);
      }
    }
    ProcedureResult result;
    result.names = {"rewritten_data_files_count", "added_data_files_count", "rewritten_bytes_count",
                    "failed_data_files_count", "removed_delete_files_count"};
    result.types = {TypeId::kInt32, TypeId::kInt32, TypeId::kInt64, TypeId::kInt32, TypeId::kInt32};
    result.rows.push_back({Value::Int32(static_cast<int32_t>(rewritten)), Value::Int32(static_cast<int32_t>(added)),
                           Value::Int64(rewritten_bytes), Value::Int32(0), Value::Int32(removed_deletes)});
    return result;
  }
};

}  // namespace

const Procedure& RewriteDataFilesProcedure() {
  static const RewriteDataFiles procedure;
  return procedure;
}

}  // namespace floe::iceberg
