#include "execution/table_sinks/iceberg_delete_target.h"

#include "common/ascii_case.h"
#include "execution/chunk_collection.h"
#include "execution/expression_executor.h"
#include "execution/table_sources/iceberg_filter_converter.h"
#include "iceberg/expressions/strict_metrics_evaluator.h"
#include "iceberg/metadata_columns.h"
#include "iceberg/scan/delete_file_cache.h"
#include "iceberg/write/position_delta_writer.h"
#include "iceberg/scan/data_file_reader.h"
#include "iceberg/scan/name_mapping.h"
#include "iceberg/scan/partition_constants.h"

namespace floe {

namespace {

// Returns true when a file's column metrics prove every row matches; identity-partitioned
// columns the file records no metrics for are read from its partition tuple.
bool StrictMetricsProveAll(const iceberg::StrictMetricsEvaluator& strict, const iceberg::TableMetadata& metadata,
                           const iceberg::Schema& schema, const iceberg::FileScanTask& task) {
  const iceberg::PartitionSpec* spec = metadata.SpecById(task.data_file.spec_id);
  if (!spec) return strict.Eval(task.data_file);
  return strict.Eval(iceberg::WithIdentityPartitionMetrics(task.data_file, *spec, schema));
}

// Returns true when the condition holds for row i (not false, not NULL).
bool Matches(const Vector& match, size_t i) { return !match.IsNull(i) && match.Data<uint8_t>()[i]; }

// Reads every row group of a data file in batches of `types`, calling fn(rows, match) with
// the condition evaluated on each.
template <typename Fn>
void ForEachBatch(const iceberg::DataFileReader& reader, const std::vector<LogicalType>& types,
                  const BoundExpression& condition, ExpressionExecutor& executor, QueryContext* query, Fn&& fn) {
  for (int rg = 0; rg < reader.num_row_groups(); ++rg) {
    auto cursor = reader.ReadRowGroup(rg, nullptr);
    if (!cursor) continue;
    for (;;) {
      if (query) query->CheckInterrupted();
      DataChunk rows;
      rows.Initialize(types);
      if (!cursor->Next(rows)) break;
      Vector match = executor.Evaluate(condition, rows);
      fn(rows, match);
    }
  }
}

}  // namespace

struct IcebergDeleteTarget::Plan {
  iceberg::ExpressionPtr filter = iceberg::Expression::AlwaysTrue();
  bool exact = true;
  int64_t data_files_total = 0;
  std::vector<iceberg::FileScanTask> tasks;
  std::vector<const iceberg::FileScanTask*> whole;    // every row matches: dropped unread
  std::vector<const iceberg::FileScanTask*> to_read;  // read, rewritten if rows match
  int64_t dropped_by_partition = 0;
  int64_t dropped_by_metrics = 0;
};

IcebergDeleteTarget::IcebergDeleteTarget(Options options) : options_(std::move(options)) {
  for (const auto& f : options_.metadata->CurrentSchema().fields()) {
    names_.push_back(f.name());
    types_.push_back(f.type()->ToLogicalType());
    field_ids_.push_back(f.id());
  }
}

IcebergDeleteTarget::Plan IcebergDeleteTarget::PlanFiles(const BoundExpression* condition) const {
  const iceberg::Schema& schema = options_.metadata->CurrentSchema();
  Plan plan;
  if (condition) {
    IcebergFilterConverter converter(schema, field_ids_);
    plan.filter = converter.Convert(std::vector<const BoundExpression*>{condition});
    plan.exact = converter.IsExact(*condition);
  }
  iceberg::TableScan scan(*options_.io, options_.metadata, options_.snapshot_id, plan.filter, options_.remapper,
                          options_.pruning);
  scan.SetReadSchema(schema);  // a branch reads (and deletes) with the current schema
  plan.tasks = scan.PlanFiles();
  plan.data_files_total = scan.metrics().total.data_files_total;
  iceberg::StrictMetricsEvaluator strict_metrics(schema, plan.filter);
  for (const auto& task : plan.tasks) {
    bool whole = !condition;
    if (!whole && plan.exact && options_.pruning.partitions && task.all_rows_match) {
      whole = true;
      ++plan.dropped_by_partition;
    } else if (!whole && plan.exact && options_.pruning.file_metrics &&
               StrictMetricsProveAll(strict_metrics, *options_.metadata, schema, task)) {
      whole = true;
      ++plan.dropped_by_metrics;
    }
    (whole ? plan.whole : plan.to_read).push_back(&task);
  }
  return plan;
}

std::string IcebergDeleteTarget::Explain(const BoundExpression* condition) const {
  Plan plan = PlanFiles(condition);
  std::string text = "DeleteFromIcebergTable " + options_.display_name + "\n";
  text += "+- condition: " + (condition ? condition->ToString() : std::string("true")) + "\n";
  text += "   iceberg filter: " + plan.filter->ToString() + (plan.exact ? " (exact)" : " (wider than the condition)") +
          "\n";
  text += "   data files: " + std::to_string(plan.data_files_total) + " total, " +
          std::to_string(plan.data_files_total - static_cast<int64_t>(plan.tasks.size())) + " pruned\n";
  text += "   deleted whole without reading: " + std::to_string(plan.whole.size()) + " (by partition " +
          std::to_string(plan.dropped_by_partition) + ", by metrics " + std::to_string(plan.dropped_by_metrics) +
          ")\n";
  text += "   read, rewritten if rows match: " + std::to_string(plan.to_read.size()) + "\n";
  return text;
}

DeleteOutcome IcebergDeleteTarget::Delete(const BoundExpression* condition, const FunctionContext& functions,
                                          const ParallelRunner& run_parallel, QueryContext* query) const {
  const iceberg::TableMetadata& metadata = *options_.metadata;
  const iceberg::Schema& schema = metadata.CurrentSchema();
  Plan plan = PlanFiles(condition);
  iceberg::SnapshotChange change;
  change.operation = "delete";
  if (!options_.branch.empty()) change.branch = options_.branch;
  // What a concurrent commit may change without failing this one (Spark's copy-on-write
  // commit: serializable by default, so rows added meanwhile that match fail it).
  iceberg::ConflictValidation validation = iceberg::ConflictValidation::CopyOnWrite(
      plan.filter, iceberg::IsolationLevelOf(metadata.properties, "write.delete.isolation-level"));
  int64_t rows_deleted = 0, files_read = 0, rewritten = 0;
  for (const iceberg::FileScanTask* task : plan.whole) {
    change.removed_paths.push_back(task->data_file.file_path);
    rows_deleted += task->data_file.record_count;
  }
  if (plan.exact && plan.to_read.empty() && !plan.whole.empty()) {
    // Every file the condition may match goes whole: Spark's metadata-only DELETE
    // (SparkTable.deleteWhere), a delete by the row filter that the commit applies to the
    // table as it then is, with no validation of what other writers did meanwhile.
    change.removed_paths.clear();
    change.delete_filter = plan.filter;
    options_.commit(std::move(change), iceberg::ConflictValidation{});
    return Outcome(plan, rows_deleted, 0, 0);
  }
  if (ToLower(metadata.Property("write.delete.mode", "copy-on-write")) == "merge-on-read") {
    return DeleteMergeOnRead(plan, condition, functions, query, std::move(change));
  }
  // The rows kept from the files read stream into new files as they are read; in a v3
  // table with their _row_id and _last_updated_sequence_number (they are not modified).
  const bool lineage = metadata.format_version >= 3;
  const iceberg::Schema write_schema = lineage ? iceberg::MetadataColumns::WithRowLineage(schema) : schema;
  std::vector<int> read_ids = field_ids_;
  std::vector<LogicalType> read_types = types_;
  if (lineage) {
    read_ids.push_back(iceberg::MetadataColumns::kRowIdFieldId);
    read_ids.push_back(iceberg::MetadataColumns::kLastUpdatedSequenceNumberFieldId);
    read_types.insert(read_types.end(), 2, LogicalType(TypeId::kInt64));
  }
  iceberg::PartitionedDataWriter writer(write_schema, metadata.DefaultSpec(), options_.writer);
  try {
    auto local = writer.NewLocalState();
    iceberg::NameMapping mapping = iceberg::NameMapping::FromProperties(metadata.properties, &metadata.CurrentSchema());
    ExpressionExecutor executor(functions);
    bool kept_any = false;
    for (const iceberg::FileScanTask* task : plan.to_read) {
      ++files_read;
      iceberg::DataFileReader reader(*options_.io, *task, schema, metadata.SpecById(task->data_file.spec_id),
                                     read_ids, iceberg::Expression::AlwaysTrue(), options_.remapper, mapping, false);
      std::vector<DataChunk> kept;
      int64_t deleted_here = 0;
      ForEachBatch(reader, read_types, *condition, executor, query, [&](DataChunk& rows, const Vector& match) {
        // Rows where the condition is not true (false or NULL) stay.
        SelectionVector sel;
        for (size_t i = 0; i < rows.size(); ++i) {
          if (!Matches(match, i)) sel.indexes.push_back(static_cast<uint32_t>(i));
        }
        deleted_here += static_cast<int64_t>(rows.size() - sel.size());
        if (sel.size() == 0) return;
        if (sel.size() != rows.size()) rows.Slice(sel);
        kept.push_back(CopyChunk(rows));
      });
      if (deleted_here == 0) continue;  // the file keeps every row: untouched
      rows_deleted += deleted_here;
      ++rewritten;
      change.removed_paths.push_back(task->data_file.file_path);
      for (const auto& chunk : kept) writer.Write(*local, chunk);
      kept_any = kept_any || !kept.empty();
    }
    writer.Flush(*local);
    if (!change.removed_paths.empty()) {
      std::vector<iceberg::DataFile> added = writer.Finish(run_parallel);
      for (auto& f : added) f.file_path = options_.remapper.Unmap(f.file_path);
      if (kept_any) {
        change.operation = "overwrite";
        change.added = std::move(added);
      }
      options_.commit(std::move(change), std::move(validation));
    } else {
      writer.Abort();
    }
  } catch (...) {
    writer.Abort();
    throw;
  }
  return Outcome(plan, rows_deleted, files_read, rewritten);
}

DeleteOutcome IcebergDeleteTarget::DeleteMergeOnRead(const Plan& plan, const BoundExpression* condition,
                                                     const FunctionContext& functions, QueryContext* query,
                                                     iceberg::SnapshotChange change) const {
  // Merge-on-read (Spark's SparkPositionDeltaWrite): the files read keep their rows; the
  // matching positions of each go into a deletion vector (v3: with its earlier deletes, all
  // in one Puffin file) or a position delete file (v2, by write.delete.granularity). Files
  // whose rows all match are removed whole.
  const iceberg::TableMetadata& metadata = *options_.metadata;
  const iceberg::Schema& schema = metadata.CurrentSchema();
  int64_t rows_deleted = 0, files_read = 0;
  for (const iceberg::FileScanTask* task : plan.whole) rows_deleted += task->data_file.record_count;
  iceberg::NameMapping mapping = iceberg::NameMapping::FromProperties(metadata.properties, &schema);
  iceberg::DeleteFileCache cache(*options_.io, schema, options_.remapper, mapping);
  std::vector<int> read_ids = field_ids_;
  read_ids.push_back(iceberg::MetadataColumns::kRowPositionFieldId);
  std::vector<LogicalType> read_types = types_;
  read_types.push_back(TypeId::kInt64);
  ExpressionExecutor executor(functions);
  iceberg::PositionDeltaWriter deletes(*options_.io, metadata, options_.writer.data_location, options_.remapper, cache);
  for (const iceberg::FileScanTask* task : plan.to_read) {
    ++files_read;
    iceberg::DataFileReader reader(*options_.io, *task, schema, metadata.SpecById(task->data_file.spec_id), read_ids,
                                   iceberg::Expression::AlwaysTrue(), options_.remapper, mapping, false, &cache);
    std::vector<int64_t> positions;
    ForEachBatch(reader, read_types, *condition, executor, query, [&](DataChunk& rows, const Vector& match) {
      const int64_t* pos = rows.column(read_ids.size() - 1).Data<int64_t>();
      for (size_t i = 0; i < rows.size(); ++i) {
        if (Matches(match, i)) positions.push_back(pos[i]);
      }
    });
    if (positions.empty()) continue;  // no row matches: the file keeps its deletes
    rows_deleted += static_cast<int64_t>(positions.size());
    deletes.Add(*task, std::move(positions), &change);
  }
  std::vector<iceberg::DataFile> added = deletes.Finish();
  for (const iceberg::FileScanTask* task : plan.whole) change.removed_paths.push_back(task->data_file.file_path);
  if (added.empty() && change.removed_paths.empty()) return Outcome(plan, 0, files_read, 0);
  change.operation = "delete";
  change.added = std::move(added);
  // Spark's position delta commit: the rows read must not gain deletes meanwhile (both
  // isolation levels: two vectors for one file would lose one), nor new matching data
  // (serializable), and the files it references must stay.
  iceberg::ConflictValidation validation = iceberg::ConflictValidation::CopyOnWrite(
      plan.filter, iceberg::IsolationLevelOf(metadata.properties, "write.delete.isolation-level"));
  validation.no_new_deletes = true;
  options_.commit(std::move(change), std::move(validation));
  deletes.Keep();
  DeleteOutcome outcome = Outcome(plan, rows_deleted, files_read, 0);
  const char* what = metadata.format_version >= 3 ? "deletion vectors written" : "position delete files written";
  outcome.metrics.lines.push_back({what, std::to_string(deletes.files())});
  return outcome;
}

DeleteOutcome IcebergDeleteTarget::Outcome(const Plan& plan, int64_t rows_deleted, int64_t files_read,
                                           int64_t rewritten) {
  DeleteOutcome outcome;
  outcome.rows_deleted = rows_deleted;
  outcome.metrics.lines = {
      {"data files", std::to_string(plan.data_files_total) + " total, " +
                         std::to_string(plan.data_files_total - static_cast<int64_t>(plan.tasks.size())) + " pruned"},
      {"data files deleted whole", std::to_string(plan.whole.size()) + " (by partition " +
                                       std::to_string(plan.dropped_by_partition) + ", by metrics " +
                                       std::to_string(plan.dropped_by_metrics) + ")"},
      {"data files read", std::to_string(files_read)},
      {"data files rewritten", std::to_string(rewritten)},
      {"rows deleted", std::to_string(rows_deleted)},
  };
  return outcome;
}

}  // namespace floe
