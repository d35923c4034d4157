// CALL system.rewrite_data_files(table => 'ns.t' [, strategy, sort_order, options, where]):
// compaction as Iceberg 1.10's RewriteDataFilesSparkAction runs it. The planner
// (rewrite_file_planner.h) picks the files a scan with `where` plans that are too small,
// too large or carry too many deletes, and groups them per partition; each group's live
// rows are written again (sorted for the sort strategy) by the engine, groups in parallel,
// and the groups commit as one "replace" snapshot, or with partial progress in up to
// partial-progress.max-commits commits. Afterwards remove-dangling-deletes drops the
// delete files no live data file needs any more.
#include <algorithm>
#include <atomic>
#include <climits>
#include <mutex>
#include <set>
#include <string>

#include "common/ascii_case.h"
#include "common/exception.h"

#include "iceberg/procedures/procedure.h"
#include "iceberg/procedures/rewrite_file_planner.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/scan/table_scan.h"
#include "iceberg/write/partitioned_data_writer.h"
#include "iceberg/write/transaction.h"
#include "iceberg/write/zorder.h"

namespace floe::iceberg {

namespace {

// RewriteDataFilesSparkAction.VALID_OPTIONS.
const std::set<std::string>& ActionOptions() {
  static const std::set<std::string> options = {
      "max-concurrent-file-group-rewrites", "max-file-group-size-bytes", "partial-progress.enabled",
      "partial-progress.max-commits", "partial-progress.max-failed-commits", "target-file-size-bytes",
      "use-starting-sequence-number", "rewrite-job-order", "output-spec-id", "remove-dangling-deletes",
      "max-files-to-rewrite"};
  return options;
}

// The action's options, as validateAndInitOptions reads them.
struct ActionSettings {
  int max_concurrent_rewrites = 5;
  bool partial_progress = false;
  int max_commits = 10;
  int max_failed_commits = 10;
  bool use_starting_sequence_number = true;
  bool remove_dangling_deletes = false;
};

// The rewriter a call runs (Java's FileRewriteRunner), as its errors name it.
enum class Runner { kBinPack, kSort, kZOrder };

const char* Description(Runner runner) {
  switch (runner) {
    case Runner::kBinPack:
      return "BIN-PACK";
    case Runner::kSort:
      return "SORT";
    case Runner::kZOrder:
      return "Z-ORDER";
  }
  return "";
}

struct Strategy {
  Runner runner = Runner::kBinPack;
  std::vector<std::string> zorder_columns;  // as zorder(...) names them
};

std::string Trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\n");
  size_t e = s.find_last_not_of(" \t\n");
  return b == std::string_view::npos ? "" : std::string(s.substr(b, e - b + 1));
}

// Splits at the commas outside parentheses and backquotes.
std::vector<std::string> SplitTopLevel(const std::string& text) {
  std::vector<std::string> parts;
  int depth = 0;
  bool quoted = false;
  std::string current;
  for (char c : text) {
    if (c == '`') quoted = !quoted;
    if (!quoted && c == '(') ++depth;
    if (!quoted && c == ')') --depth;
    if (!quoted && depth == 0 && c == ',') {
      parts.push_back(Trim(current));
      current.clear();
    } else {
      current += c;
    }
  }
  parts.push_back(Trim(current));
  return parts;
}

// RewriteDataFilesProcedure.checkAndApplyStrategy: binpack (the default), sort
// (strategy => 'sort', or a sort_order alone), or zorder (a sort_order of zorder(c1, c2)
// terms, which cannot be mixed with plain sort fields).
Strategy ChooseStrategy(const ProcedureArguments& args) {
  std::string strategy = args.Has("strategy") ? ToLower(args.values.at("strategy").ToString()) : "";
  if (!strategy.empty() && strategy != "binpack" && strategy != "sort") {
    throw InvalidInputError("unsupported strategy: " + args.values.at("strategy").ToString() +
                            ". Only binpack or sort is supported");
  }
  if (strategy == "binpack" && args.Has("sort_order")) {  // binPack().sort(order)
    throw InvalidInputError("Cannot set rewrite mode, it has already been set to BIN-PACK");
  }
  Strategy out;
  if (strategy == "sort" || (strategy.empty() && args.Has("sort_order"))) out.runner = Runner::kSort;
  if (!args.Has("sort_order")) return out;
  std::string text = args.values.at("sort_order").ToString();
  bool plain = false;
  for (const std::string& term : SplitTopLevel(text)) {
    if (ToLower(term).rfind("zorder(", 0) == 0 && term.back() == ')') {
      for (std::string column : SplitTopLevel(term.substr(7, term.size() - 8))) {
        if (column.size() >= 2 && column.front() == '`' && column.back() == '`') column = column.substr(1, column.size() - 2);
        if (column.empty()) throw InvalidInputError("Unable to parse sortOrder: " + text);
        out.zorder_columns.push_back(column);
      }
    } else {
      plain = true;
    }
  }
  if (!out.zorder_columns.empty()) {
    if (plain) throw InvalidInputError("Cannot mix identity sort columns and a Zorder sort expression: " + text);
    out.runner = Runner::kZOrder;
  }
  return out;
}

// SparkZOrderFileRewriteRunner.validZOrderColNames: each column must exist (found case
// insensitively, as Spark's default) and be of a type z-values take; identity partition
// columns are constant within a partition and left out. Returns the field ids.
std::vector<int> ZOrderFieldIds(const TableMetadata& m, const std::vector<std::string>& names) {
  const Schema& schema = m.CurrentSchema();
  std::set<int> identity_sources;
  for (const auto& f : m.DefaultSpec().fields()) {
    if (f.transform().IsIdentity()) identity_sources.insert(f.source_id());
  }
  std::vector<int> ids;
  for (const std::string& name : names) {
    const NestedField* field = nullptr;
    for (const auto& f : schema.fields()) {
      if (ToLower(f.name()) == ToLower(name)) field = &f;
    }
    if (!field) {
      std::string columns;
      for (const auto& f : schema.fields()) columns += (columns.empty() ? "" : ", ") + f.name();
      throw InvalidInputError("Cannot find column '" + name + "' in table schema (case sensitive = false): " + columns);
    }
    LogicalType type = field->type()->ToLogicalType();
    if (!ZOrderSupports(type)) {
      throw InvalidInputError("Cannot use column " + field->name() + " of type " + type.ToString() +
                              " in ZOrdering, the type is unsupported");
    }
    if (!identity_sources.count(field->id())) ids.push_back(field->id());
  }
  if (ids.empty()) {
    throw InvalidInputError("Cannot ZOrder, all columns provided were identity partition columns and cannot be used");
  }
  return ids;
}

// validateAndInitOptions: every key must be the action's, the planner's or the runner's;
// then the action's own values are read and checked.
ActionSettings CheckOptions(const std::map<std::string, std::string>& options, const RewriteFilePlanner& planner,
                            Runner runner) {
  bool sort = runner != Runner::kBinPack;
  std::set<std::string> valid = ActionOptions();
  for (const auto& key : planner.ValidOptions()) valid.insert(key);
  if (sort) valid.insert("shuffle-partitions-per-file");  // SparkShufflingFileRewriteRunner
  if (runner == Runner::kZOrder) valid.insert({"max-output-size", "var-length-contribution"});
  CheckRewriteActionOptions(options, valid, Description(runner));
  ActionSettings settings;
  settings.max_concurrent_rewrites = RewriteOptionInt(options, "max-concurrent-file-group-rewrites", 5);
  settings.max_commits = RewriteOptionInt(options, "partial-progress.max-commits", 10);
  settings.max_failed_commits = RewriteOptionInt(options, "partial-progress.max-failed-commits", settings.max_commits);
  settings.partial_progress = RewriteOptionBool(options, "partial-progress.enabled", false);
  settings.use_starting_sequence_number = RewriteOptionBool(options, "use-starting-sequence-number", true);
  settings.remove_dangling_deletes = RewriteOptionBool(options, "remove-dangling-deletes", false);
  // SparkShufflingFileRewriteRunner.init; floe sorts each group without a shuffle, so the
  // value is checked and has no other effect
  if (sort) {
    int per_file = RewriteOptionInt(options, "shuffle-partitions-per-file", 1);
    if (per_file <= 0) {
      throw InvalidInputError("'shuffle-partitions-per-file' is set to " + std::to_string(per_file) +
                              " but must be > 0");
    }
  }
  return settings;
}

int SummaryCount(const TableState& state, const char* key) {
  const Snapshot* s = state.metadata ? state.metadata->CurrentSnapshot() : nullptr;
  if (!s) return 0;
  auto it = s->summary.find(key);
  return it == s->summary.end() ? 0 : std::stoi(it->second);
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
    Strategy strategy = ChooseStrategy(args);
    bool sort = strategy.runner != Runner::kBinPack;
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    const TableState& read = table->state();
    const TableMetadata& m = *read.metadata;
    static const std::map<std::string, std::string> kNoOptions;
    auto given = args.maps.find("options");
    const std::map<std::string, std::string>& options = given == args.maps.end() ? kNoOptions : given->second;
    RewriteFilePlanner planner(m, sort);
    ActionSettings settings = CheckOptions(options, planner, strategy.runner);
    planner.Init(options);
    std::optional<SortOrder> sort_order;  // checked before planning, as the runner's constructor does
    std::optional<ZOrderOptions> zorder;
    if (strategy.runner == Runner::kSort) {
      sort_order = table->RewriteSortOrder(args.Has("sort_order") ? args.String("sort_order", name()) : "");
    } else if (strategy.runner == Runner::kZOrder) {  // SparkZOrderFileRewriteRunner.init
      zorder.emplace();
      zorder->columns = ZOrderFieldIds(m, strategy.zorder_columns);
      zorder->var_length_contribution = RewriteOptionInt(options, "var-length-contribution", 8);
      zorder->max_output_size = RewriteOptionInt(options, "max-output-size", INT_MAX);
      if (zorder->var_length_contribution <= 0) {
        throw InvalidInputError("Cannot use less than 1 byte for variable length types with ZOrder, "
                                "'var-length-contribution' was set to " +
                                std::to_string(zorder->var_length_contribution));
      }
      if (zorder->max_output_size <= 0) {
        throw InvalidInputError("Cannot have the interleaved ZOrder value use less than 1 byte, 'max-output-size' was "
                                "set to " +
                                std::to_string(zorder->max_output_size));
      }
    }
    ExpressionPtr filter = args.Has("where") ? table->Filter(args.String("where", name())) : Expression::AlwaysTrue();

    ProcedureResult result;
    result.names = {"rewritten_data_files_count", "added_data_files_count", "rewritten_bytes_count",
                    "failed_data_files_count", "removed_delete_files_count"};
    result.types = {TypeId::kInt32, TypeId::kInt32, TypeId::kInt64, TypeId::kInt32, TypeId::kInt32};
    auto output = [&](int64_t rewritten, int64_t added, int64_t bytes, int64_t failed, int64_t removed_deletes) {
      result.rows.push_back({Value::Int32(static_cast<int32_t>(rewritten)), Value::Int32(static_cast<int32_t>(added)),
                             Value::Int64(bytes), Value::Int32(static_cast<int32_t>(failed)),
                             Value::Int32(static_cast<int32_t>(removed_deletes))});
      return result;
    };
    const Snapshot* start = m.CurrentSnapshot();
    if (!start) return output(0, 0, 0, 0, 0);
    // planFileGroups: the files a scan of the starting snapshot with the filter plans
    TableScan scan(engine.io(), read.metadata, start->snapshot_id, filter, engine.remapper());
    std::vector<RewriteFileGroup> groups = planner.Plan(scan.PlanFiles());
    if (groups.empty()) return output(0, 0, 0, 0, 0);  // nothing to rewrite: no snapshot

    // The groups' rows, written in parallel (max-concurrent-file-group-rewrites).
    RewriteOutput how;
    how.sort_order = sort_order;
    how.zorder = zorder;  // field ids here; the engine maps them to its columns
    how.spec_id = planner.output_spec_id();
    std::vector<std::vector<DataFile>> written(groups.size());
    std::vector<char> failed(groups.size(), 0);
    std::atomic<bool> stop{false};  // doExecute's stopOnFailure: no group starts after one failed
    try {
      engine.ForEach(settings.max_concurrent_rewrites, groups.size(), [&](size_t i) {
        if (stop.load()) return;
        RewriteOutput group_how = how;
        group_how.target_file_size = groups[i].split_size;
        try {
          written[i] = table->RewriteFiles(groups[i].tasks, group_how);
        } catch (const InterruptedError&) {
          stop = true;
          throw;
        } catch (const Exception&) {
          // with partial progress a group that fails is counted (failed_data_files_count)
          // and the others go on, as Java's suppressFailureWhenFinished
          if (!settings.partial_progress) {
            stop = true;
            throw;
          }
          failed[i] = 1;
        }
      });
    } catch (...) {
      // doExecute: a group failed, so the groups written are cleaned up (abortFileGroup)
      std::vector<std::string> paths;
      for (size_t i = 0; i < groups.size(); ++i) {
        for (const auto& f : written[i]) paths.push_back(f.file_path);
      }
      if (!paths.empty()) engine.DeleteTableFiles(m, paths);
      throw;
    }

    // RewriteDataFilesCommitManager: each commit replaces its groups' files, validated
    // from the starting snapshot, the new files keeping its sequence number.
    int64_t rewritten = 0, added = 0, bytes = 0, removed_deletes = 0;
    std::vector<size_t> ready;  // the groups written, in the job order
    int64_t failed_files = 0;
    for (size_t i = 0; i < groups.size(); ++i) {
      if (failed[i]) {
        failed_files += static_cast<int64_t>(groups[i].tasks.size());
      } else {
        ready.push_back(i);
      }
    }
    auto commit = [&](size_t from, size_t to) {
      SnapshotChange change;
      change.operation = "replace";
      for (size_t r = from; r < to; ++r) {
        size_t i = ready[r];
        for (const auto& t : groups[i].tasks) change.removed_paths.push_back(t.data_file.file_path);
        change.added.insert(change.added.end(), written[i].begin(), written[i].end());
      }
      ConflictValidation validation;
      validation.no_new_deletes_for_removed = true;
      if (settings.use_starting_sequence_number && m.format_version >= 2) {
        change.added_data_sequence_number = start->sequence_number;
        validation.ignore_equality_deletes_for_removed = true;
      }
      Transaction txn(table->operations(), read);
      txn.AddSnapshot(std::move(change), std::move(validation));
      TableState committed = txn.Commit();
      removed_deletes += SummaryCount(committed, "removed-delete-files");
      for (size_t r = from; r < to; ++r) {
        size_t i = ready[r];
        rewritten += static_cast<int64_t>(groups[i].tasks.size());
        added += static_cast<int64_t>(written[i].size());
        bytes += groups[i].input_size;
      }
    };
    if (!settings.partial_progress) {
      try {
        commit(0, ready.size());
      } catch (const CatalogError& e) {
        if (std::string(e.what()).find("[CONCURRENT_MODIFICATION]") == std::string::npos) throw;
        throw CatalogError(std::string(e.what()) +
                           ". Cannot commit rewrite: it conflicted with another concurrent operation on the table. "
                           "To reduce the likelihood of conflicts, set partial-progress.enabled, which breaks the "
                           "rewrite up into smaller commits controlled by partial-progress.max-commits");
      }
    } else {
      // doExecuteWithPartialProgress: groups in commits of ceil(total / max-commits); a
      // commit that conflicts is given up (its files deleted) and counted as failed
      size_t per_commit = (static_cast<size_t>(planner.total_group_count()) + settings.max_commits - 1) /
                          static_cast<size_t>(settings.max_commits);
      per_commit = std::max<size_t>(per_commit, 1);
      int succeeded_commits = 0;
      std::string first_failure;
      for (size_t from = 0; from < ready.size(); from += per_commit) {
        size_t to = std::min(ready.size(), from + per_commit);
        try {
          commit(from, to);
          ++succeeded_commits;
        } catch (const CatalogError& e) {
          if (first_failure.empty()) first_failure = e.what();
        } catch (...) {
          // anything else ends the rewrite: the groups not yet committed leave no files
          std::vector<std::string> paths;
          for (size_t r = to; r < ready.size(); ++r) {
            for (const auto& f : written[ready[r]]) paths.push_back(f.file_path);
          }
          if (!paths.empty()) engine.DeleteTableFiles(m, paths);
          throw;
        }
      }
      // as Java counts them: the commits the plan called for that did not succeed (groups
      // that failed to rewrite included)
      int failed_commits = std::max(0, std::min(planner.total_group_count(), settings.max_commits) - succeeded_commits);
      if (first_failure.empty()) first_failure = std::to_string(failed_files) + " data files failed to rewrite";
      if (failed_commits > settings.max_failed_commits) {
        throw CatalogError("partial-progress.enabled is true but " + std::to_string(failed_commits) +
                           " rewrite commits failed. This is more than the maximum allowed failures of " +
                           std::to_string(settings.max_failed_commits) + " (first: " + first_failure +
                           "). If this is persistent it may help to increase partial-progress.max-commits, which "
                           "splits the rewrite into smaller commits");
      }
    }
    if (settings.remove_dangling_deletes) {
      std::unique_ptr<ProcedureTable> now = engine.LoadTable(args.String("table", name()));
      SnapshotChange change = DanglingDeleteFiles(engine.io(), engine.remapper(), *now->state().metadata);
      int64_t count = static_cast<int64_t>(change.removed_paths.size() + change.removed_deletion_vectors.size());
      if (count > 0) {
        Transaction txn(now->operations(), now->state());
        txn.AddSnapshot(std::move(change));
        txn.Commit();
        removed_deletes += count;
      }
    }
    return output(rewritten, added, bytes, failed_files, removed_deletes);
  }
};

}  // namespace

SnapshotChange DanglingDeleteFiles(FileIO& io, const LocationRemapper& remapper, const TableMetadata& m) {
  SnapshotChange change;
  change.operation = "replace";
  const Snapshot* head = m.CurrentSnapshot();
  if (!head) return change;
  SnapshotFilesOptions options;
  options.deletes = true;
  std::vector<ManifestEntry> entries = SnapshotFiles(io, head, remapper, options);
  std::map<std::pair<int, std::string>, int64_t> min_data_sequence;
  std::set<std::string> data_files;
  for (const auto& e : entries) {
    if (e.data_file.content != FileContent::kData) continue;
    data_files.insert(e.data_file.file_path);
    auto key = std::make_pair(e.data_file.spec_id, PartitionKey(e.data_file.partition));
    int64_t seq = e.sequence_number.value_or(0);
    auto [it, inserted] = min_data_sequence.try_emplace(key, seq);
    if (!inserted) it->second = std::min(it->second, seq);
  }
  for (const auto& e : entries) {
    const DataFile& f = e.data_file;
    if (f.content == FileContent::kData) continue;
    if (f.IsDeletionVector()) {
      if (f.referenced_data_file && !data_files.count(*f.referenced_data_file)) {
        change.removed_deletion_vectors.push_back({f.file_path, f.content_offset.value_or(-1)});
      }
      continue;
    }
    auto it = min_data_sequence.find({f.spec_id, PartitionKey(f.partition)});
    int64_t seq = e.sequence_number.value_or(0);
    bool dangling = it == min_data_sequence.end() ||
                    (f.content == FileContent::kPositionDeletes && seq < it->second) ||
                    (f.content == FileContent::kEqualityDeletes && seq <= it->second);
    if (dangling) change.removed_paths.push_back(f.file_path);
  }
  return change;
}

const Procedure& RewriteDataFilesProcedure() {
  static const RewriteDataFiles procedure;
  return procedure;
}

}  // namespace floe::iceberg
