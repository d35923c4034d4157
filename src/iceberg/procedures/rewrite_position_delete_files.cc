// CALL system.rewrite_position_delete_files(table [, options, where]): compaction of a
// table's position delete files (format v2), as Iceberg 1.10's
// RewritePositionDeleteFilesProcedure (RewritePositionDeleteFilesSparkAction with
// BinPackRewritePositionDeletePlanner): the delete files outside the desired size range
// (the target is write.delete.target-file-size-bytes, 64 MB) are grouped per partition by
// size, and a group with enough files or content is written again as one sorted delete
// file, dropping the positions of data files no longer live (dangling deletes); each group
// commits as a "replace" snapshot whose new file keeps the group's highest data sequence
// number, so it applies to exactly the data files the old ones did. Deletion vectors (v3)
// are not rewritten.
#include <algorithm>
#include <set>
#include <string>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "iceberg/procedures/procedure.h"
#include "iceberg/procedures/rewrite_file_planner.h"
#include "iceberg/scan/delete_file_cache.h"
#include "iceberg/scan/name_mapping.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/uuid.h"
#include "iceberg/write/partitioned_data_writer.h"
#include "iceberg/write/position_delete_writer.h"
#include "iceberg/write/transaction.h"

namespace floe::iceberg {

namespace {

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
    if (args.Has("where")) {
      throw NotImplementedError("rewrite_position_delete_files: a where filter is not supported yet");
    }
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
      } else if (e.data_file.content == FileContent::kPositionDeletes && !e.data_file.IsDeletionVector()) {
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
    DeleteFileCache cache(engine.io(), m.CurrentSchema(), engine.remapper(), NameMapping());
    for (auto& [key, tasks] : buckets) {
      // each partition on its own: the new file keeps its spec and partition
      for (const RewriteFileGroup& group : planner.Plan(tasks)) {
        const DataFile& first = group.tasks.front().data_file;
        // the positions still pointing at live data files, sorted by path then position
        std::map<std::string, std::vector<int64_t>> positions;
        int64_t max_sequence = 0;
        for (const auto& t : group.tasks) {
          DeleteFileRef ref;
          ref.file = t.data_file;
          ref.local_path = t.local_path;
          auto loaded = cache.Positions(ref);
          for (const auto& [local, list] : loaded->by_local_path) {
            auto live = live_data.find(local);
            if (live == live_data.end()) continue;  // dangling: its data file is gone
            auto& out = positions[live->second];
            out.insert(out.end(), list.begin(), list.end());
          }
          max_sequence = std::max(max_sequence, sequence[t.data_file.file_path]);
        }
        SnapshotChange change;
        change.operation = "replace";
        for (const auto& t : group.tasks) change.removed_paths.push_back(t.data_file.file_path);
        int64_t rows = 0, new_bytes = 0;
        for (const auto& [path, list] : positions) rows += static_cast<int64_t>(list.size());
        if (rows > 0) {
          const PartitionSpec* spec = m.SpecById(first.spec_id);
          if (!spec) throw FormatError("delete file " + first.file_path + " names an unknown partition spec");
          std::string folder = engine.remapper().Remap(m.Property("write.data.path", m.location + "/data"));
          std::string partition_path =
              spec->fields().empty() ? "" : "/" + spec->PartitionToPath(m.CurrentSchema(), first.partition);
          std::string local = folder + partition_path + "/" + Uuid::Random() + "-deletes.parquet";
          DataFile file = WritePositionDeleteFile(engine.io(), local, engine.remapper().Unmap(local),
                                                  std::move(positions), first.spec_id, first.partition);
          new_bytes = file.file_size_in_bytes;
          change.added.push_back(std::move(file));
          change.added_data_sequence_number = max_sequence;  // (RewritePositionDeletesGroup)
        }
        Transaction txn(table->operations(), read);
        txn.AddSnapshot(std::move(change));
        txn.Commit();
        rewritten += static_cast<int64_t>(group.tasks.size());
        rewritten_bytes += group.input_size;
        if (rows > 0) {
          ++added;
          added_bytes += new_bytes;
        }
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
