// DELETE FROM on Iceberg tables: whole files dropped in metadata-only commits when their
// partition values or column metrics prove every row matches, copy-on-write otherwise.
#include <chrono>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "execution/chunk_collection.h"
#include "execution/expression_executor.h"
#include "execution/resolve_subqueries.h"
#include "execution/table_sources/iceberg_filter_converter.h"
#include "iceberg/expressions/strict_metrics_evaluator.h"
#include "iceberg/scan/data_file_reader.h"
#include "iceberg/scan/partition_constants.h"
#include "iceberg/scan/name_mapping.h"
#include "iceberg/scan/table_scan.h"
#include "main/client_context.h"
#include "optimizer/rules/constant_folding.h"
#include "planner/binder.h"

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

}  // namespace

Result ClientContext::ExecuteDelete(const DeleteStatement& statement, bool explain_only) {
  auto start = std::chrono::steady_clock::now();
  auto found = Tables().Find(statement.table, current_namespace_, Remapper());
  if (!found || !found->name.metadata_table.empty()) {
    throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + statement.table.ToString());
  }
  const LoadedTable& table = *found;
  const ResolvedTableName& name = table.name;
  if (!name.ref.empty() && !name.ref_is_branch) {
    throw InvalidInputError("Cannot delete from tag " + name.ref + " of " + name.ToString() + ": tags are read-only");
  }
  const iceberg::Schema& schema = table.metadata->CurrentSchema();
  iceberg::LocationRemapper remapper = Remapper();
  iceberg::SnapshotChange change;
  change.operation = "delete";
  std::optional<int64_t> snapshot_id;
  if (!name.ref.empty()) {
    change.branch = name.ref;
    snapshot_id = table.metadata->refs.at(name.ref).snapshot_id;
  }
  // The condition over the table's columns, and its Iceberg form for planning.
  BindScope scope;
  std::string alias = ToLower(statement.alias.empty() ? name.table_name : statement.alias);
  std::vector<int> field_ids;
  for (size_t i = 0; i < schema.fields().size(); ++i) {
    const auto& f = schema.fields()[i];
    field_ids.push_back(f.id());
    scope.columns.push_back({alias, f.name(), f.type()->ToLogicalType(), i, false});
  }
  BoundExpressionPtr condition;
  iceberg::ExpressionPtr filter = iceberg::Expression::AlwaysTrue();
  bool exact = true;
  if (statement.where) {
    Binder binder(*this);
    condition = Binder::AddCast(binder.BindExpression(*statement.where, scope, "WHERE"), TypeId::kBoolean);
    // Planned from metadata with its constants folded and its subqueries' values; EXPLAIN
    // runs nothing, so its subqueries stay unknown (the Iceberg filter is then wider).
    if (explain_only) {
      condition = ConstantFolding(OptimizerSettings().evaluate_constant).Fold(std::move(condition));
    } else {
      RunSubqueries(*condition);
      condition = ResolveSubqueries(*condition, function_context_);
    }
    IcebergFilterConverter converter(schema, field_ids);
    filter = converter.Convert(std::vector<const BoundExpression*>{condition.get()});
    exact = converter.IsExact(*condition);
  }
  // Only files that may hold matching rows are touched (the scan's pruning layers). A file
  // whose rows all match - proven by the strict projection of the condition onto its
  // partition, or by its column metrics - is dropped without being opened; any other is
  // read and rewritten without the matching rows (copy-on-write).
  // What a concurrent commit may change without failing this one (Spark's copy-on-write
  // commit: serializable by default, so rows added meanwhile that match fail it).
  iceberg::ConflictValidation validation = iceberg::ConflictValidation::CopyOnWrite(
      filter, iceberg::IsolationLevelOf(table.metadata->properties, "write.delete.isolation-level"));
  iceberg::PruningOptions pruning;
  bool prune = settings_.GetBool("floe.pruning.enabled");
  pruning.manifests = prune && settings_.GetBool("floe.pruning.manifests");
  pruning.partitions = prune && settings_.GetBool("floe.pruning.partitions");
  pruning.file_metrics = prune && settings_.GetBool("floe.pruning.file_metrics");
  iceberg::TableScan scan(Io(), table.metadata, snapshot_id, filter, remapper, pruning);
  scan.SetReadSchema(schema);  // a branch reads (and deletes) with the current schema
  std::vector<iceberg::FileScanTask> tasks = scan.PlanFiles();
  iceberg::StrictMetricsEvaluator strict_metrics(schema, filter);
  iceberg::NameMapping mapping = iceberg::NameMapping::FromProperties(table.metadata->properties);
  Result keep;
  std::vector<LogicalType> types;
  std::vector<std::string> names;
  for (const auto& f : schema.fields()) {
    types.push_back(f.type()->ToLogicalType());
    names.push_back(f.name());
  }
  keep.SetSchema(names, types);
  ExpressionExecutor executor(function_context_);
  // Decided from metadata alone: which candidates go whole, which must be read.
  int64_t dropped_by_partition = 0, dropped_by_metrics = 0, files_read = 0, rewritten = 0, rows_deleted = 0;
  std::vector<const iceberg::FileScanTask*> to_read;
  for (const auto& task : tasks) {
    bool whole = !condition;
    if (!whole && exact && pruning.partitions && task.all_rows_match) {
      whole = true;
      ++dropped_by_partition;
    } else if (!whole && exact && pruning.file_metrics && StrictMetricsProveAll(strict_metrics, *table.metadata, schema, task)) {
      whole = true;
      ++dropped_by_metrics;
    }
    if (whole) {
      change.removed_paths.push_back(task.data_file.file_path);
      rows_deleted += task.data_file.record_count;
    } else {
      to_read.push_back(&task);
    }
  }
  const iceberg::SpecScanMetrics& total = scan.metrics().total;
  std::string display = Tables().catalog().name() + "." + name.ToString() + (name.ref.empty() ? "" : "." + name.ref);
  if (explain_only) {
    std::string text = "== Physical Plan ==\nDeleteFromIcebergTable " + display + "\n";
    text += "+- condition: " + (condition ? condition->ToString() : std::string("true")) + "\n";
    text += "   iceberg filter: " + filter->ToString() + (exact ? " (exact)" : " (wider than the condition)") + "\n";
    text += "   data files: " + std::to_string(total.data_files_total) + " total, " +
            std::to_string(total.data_files_total - static_cast<int64_t>(tasks.size())) + " pruned\n";
    text += "   deleted whole without reading: " + std::to_string(change.removed_paths.size()) + " (by partition " +
            std::to_string(dropped_by_partition) + ", by metrics " + std::to_string(dropped_by_metrics) + ")\n";
    text += "   read, rewritten if rows match: " + std::to_string(to_read.size()) + "\n";
    return TextResult({"plan"}, {{text}});
  }
  for (const iceberg::FileScanTask* candidate : to_read) {
    const iceberg::FileScanTask& task = *candidate;
    ++files_read;
    iceberg::DataFileReader reader(Io(), task, schema, table.metadata->SpecById(task.data_file.spec_id), field_ids,
                                   iceberg::Expression::AlwaysTrue(), remapper, mapping, false);
    std::vector<std::unique_ptr<DataChunk>> kept;
    int64_t deleted_here = 0;
    for (int rg = 0; rg < reader.num_row_groups(); ++rg) {
      auto cursor = reader.ReadRowGroup(rg, nullptr);
      if (!cursor) continue;
      for (;;) {
        DataChunk rows;
        rows.Initialize(types);
        if (!cursor->Next(rows)) break;
        // Rows where the condition is not true (false or NULL) stay.
        Vector match = executor.Evaluate(*condition, rows);
        SelectionVector sel;
        for (size_t i = 0; i < rows.size(); ++i) {
          bool hit = !match.IsNull(i) && match.Data<uint8_t>()[i];
          if (!hit) sel.indexes.push_back(static_cast<uint32_t>(i));
        }
        deleted_here += static_cast<int64_t>(rows.size() - sel.size());
        if (sel.size() == 0) continue;
        if (sel.size() != rows.size()) rows.Slice(sel);
        kept.push_back(std::make_unique<DataChunk>(CopyChunk(rows)));
      }
    }
    if (deleted_here == 0) continue;  // the file keeps every row: untouched
    rows_deleted += deleted_here;
    ++rewritten;
    change.removed_paths.push_back(task.data_file.file_path);
    for (auto& chunk : kept) keep.Append(std::move(chunk));
  }
  if (!change.removed_paths.empty()) {
    if (keep.RowCount() > 0) {
      change.operation = "overwrite";
      change.added = WriteDataFiles(table, keep);
    }
    CommitSnapshot(table, change, validation);
  }
  // What the DELETE did, in system.queries / system.scans and the result's stats.
  QueryRecord::Scan record_scan;
  record_scan.table = display;
  record_scan.metrics = {
      {"data files", std::to_string(total.data_files_total) + " total, " +
                         std::to_string(total.data_files_total - static_cast<int64_t>(tasks.size())) + " pruned"},
      {"data files deleted whole", std::to_string(static_cast<int64_t>(change.removed_paths.size()) - rewritten) +
                                       " (by partition " + std::to_string(dropped_by_partition) + ", by metrics " +
                                       std::to_string(dropped_by_metrics) + ")"},
      {"data files read", std::to_string(files_read)},
      {"data files rewritten", std::to_string(rewritten)},
      {"rows deleted", std::to_string(rows_deleted)},
  };
  QueryRecord record;
  record.sql = statement_sql_;
  record.started_us = function_context_.query_start_micros;
  record.elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  record.rows = rows_deleted;
  record.scans = {record_scan};
  database_.RecordQuery(std::move(record));
  Result result;
  std::string stats = "delete " + record_scan.table;
  for (const auto& [k, v] : record_scan.metrics) stats += "\n  " + k + ": " + v;
  result.SetStats(stats);
  return result;
}

}  // namespace floe
