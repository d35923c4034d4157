// CALL system.rewrite_position_delete_files(table [, options, where]): compaction of a
// table's position delete files (format v2), as Iceberg 1.10's
// RewritePositionDeleteFilesProcedure (RewritePositionDeleteFilesSparkAction with
// BinPackRewritePositionDeletePlanner): the delete files outside the desired size range
// (the target is write.delete.target-file-size-bytes, 64 MB) are grouped per partition by
// size, and a group with enough files or content is written again as one sorted delete
// file, dropping the positions of data files no longer live (dangling deletes); the groups
// commit as one "replace" snapshot (partial progress: in up to max-commits commits), each
// new file keeping its group's highest data sequence number, so it applies to exactly the
// data files the old ones did. `where` limits it to the partitions the filter may match.
// The deleted rows a file keeps (its optional `row` column) are kept: a group's deletes with
// a row go to one file with the column, as a struct of the current schema, the others to a
// file without (SparkPositionDeletesRewrite's DeleteWriter). Deletion vectors (v3) are not
// rewritten.
#include <algorithm>
#include <set>
#include <string>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "iceberg/expressions/partition_evaluator.h"
#include "iceberg/procedures/procedure.h"
#include "iceberg/procedures/rewrite_file_planner.h"
#include "iceberg/scan/position_delete_rows.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/uuid.h"
#include "iceberg/write/partitioned_data_writer.h"
#include "iceberg/write/position_delete_writer.h"
#include "iceberg/write/transaction.h"

namespace floe::iceberg {

namespace {

// A group of delete files written again: the files it replaces and the ones it wrote.
struct WrittenGroup {
  std::vector<std::string> removed;
  std::vector<DataFile> added;  // with rows, without; none when every position was dangling
  int64_t max_sequence = 0;
  int64_t input_size = 0;
};

// Deletes the files the groups from `from` on wrote (a failed rewrite's, not committed),
// keeping any error of its own from hiding the rewrite's.
void DiscardWritten(ProcedureEngine& engine, const TableMetadata& m, const std::vector<WrittenGroup>& written,
                    size_t from) {
  std::vector<std::string> paths;
  for (size_t i = from; i < written.size(); ++i) {
    for (const DataFile& f : written[i].added) paths.push_back(f.file_path);
  }
  if (paths.empty()) return;
  try {
    engine.DeleteTableFiles(m, paths);
  } catch (const std::exception&) {
  }
}

class RewritePositionDeleteFiles final : public Procedure {
 public:
  std::string name() const override { return "rewrite_position_delete_files"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true},
            {"options", LogicalType::Map(TypeId::kString, TypeId::kString)},
            {"where", TypeId::kString}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    const TableState& read = table->state();
    const TableMetadata& m = *read.metadata;
    static const std::map<std::string, std::string> kNone;
    auto given = args.maps.find("options");
    const std::map<std::string, std::string>& options = given == args.maps.end() ? kNone : given->second;
    RewriteFilePlanner planner(m, false, RewriteFilePlanner::Kind::kPositionDeletes);
    // RewritePositionDeleteFilesSparkAction.VALID_OPTIONS with the planner's
    std::set<std::string> valid = {"max-concurrent-file-group-rewrites", "partial-progress.enabled",
                                   "partial-progress.max-commits", "rewrite-job-order"};
    for (const auto& key : planner.ValidOptions()) valid.insert(key);
    CheckRewriteActionOptions(options, valid, "BIN-PACK");
    planner.Init(options);
    const bool partial_progress = RewriteOptionBool(options, "partial-progress.enabled", false);
    const int max_commits = RewriteOptionInt(options, "partial-progress.max-commits", 10);
    if (partial_progress && max_commits <= 0) {
      throw InvalidInputError("Cannot set partial-progress.max-commits to " + std::to_string(max_commits) +
                              ", the value must be positive when partial-progress.enabled is true");
    }
    // `where` keeps the delete files whose partition may hold matching rows: the filter's
    // inclusive projection onto each file's spec (BinPackRewritePositionDeletePlanner scans
    // the position_deletes table with baseTableFilter); a condition on other columns keeps
    // every file (TestRewritePositionDeleteFilesProcedure.testExpireDeleteFilesFilter)
    ExpressionPtr filter = args.Has("where") ? table->Filter(args.String("where", name())) : Expression::AlwaysTrue();
    std::map<int, std::unique_ptr<PartitionEvaluator>> by_spec;
    auto may_match = [&](const DataFile& f) {
      auto it = by_spec.find(f.spec_id);
      if (it == by_spec.end()) {
        const PartitionSpec* spec = m.SpecById(f.spec_id);
        if (!spec) throw FormatError("delete file " + f.file_path + " names an unknown partition spec");
        it = by_spec.emplace(f.spec_id, std::make_unique<PartitionEvaluator>(filter, *spec, m.CurrentSchema())).first;
      }
      return it->second->Eval(f.partition);
    };
    ProcedureResult result;
    result.names = {"rewritten_delete_files_count", "added_delete_files_count", "rewritten_bytes_count",
                    "added_bytes_count"};
    result.types = {TypeId::kInt32, TypeId::kInt32, TypeId::kInt64, TypeId::kInt64};
    int64_t rewritten = 0, added = 0, rewritten_bytes = 0, added_bytes = 0;
    auto output = [&] {
      result.rows.push_back({Value::Int32(static_cast<int32_t>(rewritten)), Value::Int32(static_cast<int32_t>(added)),
                             Value::Int64(rewritten_bytes), Value::Int64(added_bytes)});
      return result;
    };
    const Snapshot* start = m.CurrentSnapshot();
    if (!start) return output();

    // the live data files (a position naming none is dangling) and the position delete
    // files, by spec and partition, each with its data sequence number
    SnapshotFilesOptions which;
    which.deletes = true;
    // (by the local path each name maps to: a writer may name a data file in its delete
    // rows otherwise than the manifest does, as Impala's hdfs:// prefixes; the new rows use
    // the manifest's name)
    std::map<std::string, std::string> live_data;  // local path -> the manifest's path
    std::map<std::pair<int, std::string>, std::vector<FileScanTask>> buckets;
    std::map<std::string, int64_t> sequence;
    for (auto& e : SnapshotFiles(engine.io(), start, engine.remapper(), which)) {
      if (e.data_file.content == FileContent::kData) {
        live_data[engine.remapper().Remap(e.data_file.file_path)] = e.data_file.file_path;
      } else if (e.data_file.content == FileContent::kPositionDeletes && !e.data_file.IsDeletionVector() &&
                 may_match(e.data_file)) {
        if (ToLower(e.data_file.file_format) != "parquet") {
          throw NotImplementedError("rewrite_position_delete_files: delete file " + e.data_file.file_path + " is " +
                                    e.data_file.file_format + "; floe rewrites Parquet delete files");
        }
        FileScanTask task;
        task.data_file = e.data_file;
        task.local_path = engine.remapper().Remap(e.data_file.file_path);
        sequence[e.data_file.file_path] = e.sequence_number.value_or(0);
        buckets[{e.data_file.spec_id, PartitionKey(e.data_file.partition)}].push_back(std::move(task));
      }
    }
    // Each group is written as one new file, then the groups commit together as one
    // "replace" snapshot (or, with partial progress, in up to partial-progress.max-commits
    // commits, a failed one given up), validated from the starting snapshot
    // (RewritePositionDeletesCommitManager). Each new file keeps its group's highest data
    // sequence number, so it applies to exactly the data files the old ones did.
    std::vector<WrittenGroup> written;
    try {
      for (auto& [key, tasks] : buckets) {
        // each partition on its own: the new file keeps its spec and partition
        for (const RewriteFileGroup& group : planner.Plan(tasks)) {
          const DataFile& first = group.tasks.front().data_file;
          WrittenGroup w;
          w.input_size = group.input_size;
          // the deletes still pointing at live data files (by the manifest's name), those
          // that keep their deleted row apart from those that do not
          std::map<std::string, DeletedRows> with_row, without_row;
          for (const auto& t : group.tasks) {
            DeleteFileRef ref;
            ref.file = t.data_file;
            ref.local_path = t.local_path;
            auto read = ReadPositionDeleteRows(engine.io(), ref, m.CurrentSchema(), engine.remapper());
            for (auto& [path, deletes] : read) {
              auto live = live_data.find(engine.remapper().Remap(path));
              if (live == live_data.end()) continue;  // dangling: its data file is gone
              for (size_t i = 0; i < deletes.positions.size(); ++i) {
                if (i < deletes.rows.size() && !deletes.rows[i].is_null()) {
                  with_row[live->second].Add(deletes.positions[i], std::move(deletes.rows[i]));
                } else {
                  without_row[live->second].positions.push_back(deletes.positions[i]);
                }
              }
            }
            w.max_sequence = std::max(w.max_sequence, sequence[t.data_file.file_path]);
            w.removed.push_back(t.data_file.file_path);
          }
          const PartitionSpec* spec = m.SpecById(first.spec_id);
          if (!spec) throw FormatError("delete file " + first.file_path + " names an unknown partition spec");
          std::string folder = engine.remapper().Remap(m.Property("write.data.path", m.location + "/data"));
          std::string partition_path =
              spec->fields().empty() ? "" : "/" + spec->PartitionToPath(m.CurrentSchema(), first.partition);
          // (in `written` first: a failed second file discards the first)
          WrittenGroup& out = written.emplace_back(std::move(w));
          for (auto* deletes : {&with_row, &without_row}) {
            if (deletes->empty()) continue;
            std::string local = folder + partition_path + "/" + Uuid::Random() + "-deletes.parquet";
            out.added.push_back(WritePositionDeleteFile(engine.io(), local, engine.remapper().Unmap(local),
                                                        std::move(*deletes),
                                                        deletes == &with_row ? &m.CurrentSchema() : nullptr,
                                                        first.spec_id, first.partition));
          }
        }
      }
    } catch (...) {
      DiscardWritten(engine, m, written, 0);
      throw;
    }
    auto commit = [&](size_t from, size_t to) {
      SnapshotChange change;
      change.operation = "replace";
      for (size_t i = from; i < to; ++i) {
        const WrittenGroup& w = written[i];
        change.removed_paths.insert(change.removed_paths.end(), w.removed.begin(), w.removed.end());
        for (const DataFile& f : w.added) {
          change.added_file_sequence_numbers[f.file_path] = w.max_sequence;  // (RewritePositionDeletesGroup)
          change.added.push_back(f);
        }
      }
      Transaction txn(table->operations(), read);
      txn.AddSnapshot(std::move(change));
      txn.Commit();  // (a failed commit deletes the files it added)
      for (size_t i = from; i < to; ++i) {
        rewritten += static_cast<int64_t>(written[i].removed.size());
        rewritten_bytes += written[i].input_size;
        for (const DataFile& f : written[i].added) {
          ++added;
          added_bytes += f.file_size_in_bytes;
        }
      }
    };
    if (written.empty()) return output();
    if (!partial_progress) {
      try {
        commit(0, written.size());
      } catch (const CatalogError& e) {
        if (std::string(e.what()).find("[CONCURRENT_MODIFICATION]") == std::string::npos) throw;
        throw CatalogError(std::string(e.what()) +
                           ". Cannot commit rewrite because of a ValidationException or CommitFailedException. This "
                           "usually means that this rewrite has conflicted with another concurrent Iceberg operation. "
                           "To reduce the likelihood of conflicts, set partial-progress.enabled which will break up "
                           "the rewrite into multiple smaller commits controlled by partial-progress.max-commits.");
      }
      return output();
    }
    // doExecuteWithPartialProgress: groups in commits of ceil(total / max-commits); a commit
    // that fails is given up (its files deleted), the others stand
    size_t per_commit = std::max<size_t>(1, (written.size() + max_commits - 1) / static_cast<size_t>(max_commits));
    for (size_t from = 0; from < written.size(); from += per_commit) {
      size_t to = std::min(written.size(), from + per_commit);
      try {
        commit(from, to);
      } catch (const CatalogError&) {
      } catch (...) {
        // anything else ends the rewrite: the groups not yet committed leave no files
        DiscardWritten(engine, m, written, to);
        throw;
      }
    }
    return output();
  }
};

}  // namespace

const Procedure& RewritePositionDeleteFilesProcedure() {
  static const RewritePositionDeleteFiles procedure;
  return procedure;
}

}  // namespace floe::iceberg
