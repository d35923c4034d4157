#include "execution/table_sources/iceberg_table_source.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>

#include "common/exception.h"
#include "common/utf8.h"
#include "execution/table_sources/iceberg_filter_converter.h"
#include "function/cast.h"
#include "iceberg/column_statistics.h"
#include "iceberg/metadata_columns.h"
#include "iceberg/scan/data_file_reader.h"
#include "iceberg/scan/delete_file_cache.h"
#include "iceberg/scan/name_mapping.h"
#include "iceberg/expressions/partition_evaluator.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/scan/table_scan.h"

namespace floe {

namespace {

using iceberg::DataFileReader;

struct IcebergScanState : TableScanState {
  std::unique_ptr<iceberg::TableScan> scan;
  std::vector<iceberg::FileScanTask> tasks;
  std::vector<int> field_ids;
  std::vector<FieldSelection> field_selections;  // per field id, the part read
  iceberg::ExpressionPtr filter;
  iceberg::NameMapping mapping;
  std::unique_ptr<iceberg::DeleteFileCache> deletes;  // delete files read once per scan
  double planning_ms = 0;
  bool filter_exact = false;  // the filter converted without loss (strict projection applies)
  // Per task: bit i set when the partition values prove that every row of the file
  // passes request filter i (converted exactly, strict projection true).
  std::vector<uint64_t> task_proven;

  std::mutex mutex;
  size_t next_task = 0;
  struct Morsel {
    std::shared_ptr<const DataFileReader> file;
    int row_group = 0;
    RowSlice slice;  // a large row group is read in slices, by several threads
    uint64_t proven = 0;  // of the file's task
  };
  std::deque<Morsel> morsels;
  int files_opening = 0;  // files being opened by a thread, their morsels not yet queued
  std::condition_variable morsels_queued;
  ScanCounters counters;
  int64_t files_opened = 0;
  int64_t read_nanos = 0;  // time spent in Scan, summed over the worker threads
  // Data files whose real size is not the one their manifest records (a writer that
  // rewrote them, a copy): read by their real size, counted here for EXPLAIN ANALYZE.
  int64_t size_mismatches = 0;
  int64_t size_recorded = 0;
  int64_t size_real = 0;
};

struct IcebergLocalState : LocalTableScanState {
  std::shared_ptr<const DataFileReader> file;
  // the deleted positions of the cursor's rows, when a deletion vector's are expanded for
  // them: one buffer for all of this thread's cursors (declared first: it outlives them)
  std::vector<int64_t> deleted_positions;
  std::unique_ptr<DataFileReader::RowGroupCursor> cursor;
  uint64_t proven = 0;  // the filters every row of the current file passes
  ScanCounters counters;  // of the current row group, added to the scan's when it ends
  int64_t read_nanos = 0;
};

// Hands out the next (file, row group slice) morsel; opens the next file outside the lock when
// no morsel is queued. Returns false when every row group is taken. A thread that finds no
// morsel and no file left waits while another opens one: the morsels of its file (the last
// file, or the only one, of a large row group in slices) are for it too.
bool NextMorsel(IcebergScanState& state, const IcebergScanOptions& options, IcebergLocalState& local) {
  while (true) {
    size_t task = 0;
    std::optional<IcebergScanState::Morsel> morsel;
    {
      std::unique_lock<std::mutex> lock(state.mutex);
      while (state.morsels.empty() && state.next_task >= state.tasks.size() && state.files_opening > 0) {
        state.morsels_queued.wait(lock);
      }
      if (!state.morsels.empty()) {
        morsel = std::move(state.morsels.front());
        state.morsels.pop_front();
      } else {
        if (state.next_task >= state.tasks.size()) return false;
        task = state.next_task++;
        ++state.files_opened;
        ++state.files_opening;
      }
    }
    if (morsel) {  // its column chunks are read outside the lock
      local.file = std::move(morsel->file);
      local.proven = morsel->proven;
      local.cursor =
          local.file->ReadRowGroup(morsel->row_group, &local.counters, morsel->slice, &local.deleted_positions);
      if (local.cursor) return true;
      continue;
    }
    // however this ends (an error opening the file too), the threads waiting for its
    // morsels are woken
    struct Opened {
      IcebergScanState& state;
      ~Opened() {
        std::lock_guard<std::mutex> lock(state.mutex);
        --state.files_opening;
        state.morsels_queued.notify_all();
      }
    } opened{state};
    const iceberg::FileScanTask& scan_task = state.tasks[task];
    auto file = std::make_shared<const DataFileReader>(
        state.scan->io(), scan_task, state.scan->schema(), state.scan->metadata().SpecById(scan_task.data_file.spec_id),
        state.field_ids, state.filter, state.scan->remapper(), state.mapping, options.prune_row_groups,
        state.deletes.get(), &state.field_selections);
    std::lock_guard<std::mutex> lock(state.mutex);
    if (static_cast<int64_t>(file->file_size()) != scan_task.data_file.file_size_in_bytes) {
      ++state.size_mismatches;
      state.size_recorded += scan_task.data_file.file_size_in_bytes;
      state.size_real += static_cast<int64_t>(file->file_size());
    }
    uint64_t proven = task < state.task_proven.size() ? state.task_proven[task] : 0;
    for (int rg = 0; rg < file->num_row_groups(); ++rg) {
      for (RowSlice slice : file->SliceRowGroup(rg, kRowsPerSlice)) state.morsels.push_back({file, rg, slice, proven});
    }
  }
}

// Returns an Iceberg expression with field ids replaced by names ("ref(3)" -> "event_time").
// Each field's name as a filter prints it: top-level names, and the dotted path of a field
// inside structs (payload.inner.ts).
void AddFieldNames(const iceberg::NestedField& field, const std::string& prefix, std::map<int, std::string>* names) {
  std::string name = prefix.empty() ? field.name() : prefix + "." + field.name();
  (*names)[field.id()] = name;
  if (field.type()->kind() != iceberg::TypeKind::kStruct) return;
  for (const auto& child : field.type()->fields()) AddFieldNames(child, name, names);
}

std::map<int, std::string> FieldNames(const iceberg::Schema& schema) {
  std::map<int, std::string> names;
  for (const auto& f : schema.fields()) AddFieldNames(f, "", &names);
  return names;
}

std::string WithNames(const iceberg::Expression& e, const std::map<int, std::string>& names) {
  std::string text = e.ToString(), out;
  size_t pos = 0;
  while (true) {
    size_t ref = text.find("ref(", pos);
    size_t close = ref == std::string::npos ? ref : text.find(')', ref);
    if (close == std::string::npos) break;
    out += text.substr(pos, ref - pos);
    int id = std::atoi(text.c_str() + ref + 4);
    auto it = names.find(id);
    out += it == names.end() ? text.substr(ref, close + 1 - ref) : it->second;
    pos = close + 1;
  }
  return out + text.substr(pos);
}

// Describes an Iceberg expression as Spark's Spark3Util.describe does.
std::string Describe(const iceberg::Expression& e, const std::map<int, std::string>& names) {
  using iceberg::Operation;
  auto value = [](const Value& v) {
    return v.type().id() == TypeId::kString ? "'" + v.ToString() + "'" : v.ToString();
  };
  switch (e.op()) {
    case Operation::kTrue: return "true";
    case Operation::kFalse: return "false";
    case Operation::kAnd: return "(" + Describe(*e.left(), names) + " AND " + Describe(*e.right(), names) + ")";
    case Operation::kOr: return "(" + Describe(*e.left(), names) + " OR " + Describe(*e.right(), names) + ")";
    case Operation::kNot: return "NOT (" + Describe(*e.left(), names) + ")";
    default: break;
  }
  const auto& p = static_cast<const iceberg::Predicate&>(e);
  auto it = names.find(p.field_id());
  std::string name = it == names.end() ? "ref(" + std::to_string(p.field_id()) + ")" : it->second;
  switch (e.op()) {
    case Operation::kIsNull: return name + " IS NULL";
    case Operation::kNotNull: return name + " IS NOT NULL";
    case Operation::kIsNan: return "is_nan(" + name + ")";
    case Operation::kNotNan: return "not_nan(" + name + ")";
    case Operation::kLt: return name + " < " + value(p.literal());
    case Operation::kLtEq: return name + " <= " + value(p.literal());
    case Operation::kGt: return name + " > " + value(p.literal());
    case Operation::kGtEq: return name + " >= " + value(p.literal());
    case Operation::kEq: return name + " = " + value(p.literal());
    case Operation::kNotEq: return name + " != " + value(p.literal());
    case Operation::kIn: return name + " IN (" + p.LiteralList(value) + ")";
    case Operation::kNotIn: return name + " NOT IN (" + p.LiteralList(value) + ")";
    case Operation::kStartsWith: return name + " LIKE '" + p.literal().ToString() + "%'";
    case Operation::kNotStartsWith: return name + " NOT LIKE '" + p.literal().ToString() + "%'";
    default: return e.ToString();
  }
}

// Appends the conjuncts of an expression.
void Conjuncts(const iceberg::ExpressionPtr& e, std::vector<iceberg::ExpressionPtr>* out) {
  if (e->op() == iceberg::Operation::kAnd) {
    Conjuncts(e->left(), out);
    Conjuncts(e->right(), out);
  } else if (e->op() != iceberg::Operation::kTrue) {
    out->push_back(e);
  }
}

void FlushCounters(IcebergScanState& state, IcebergLocalState& local) {
  local.cursor.reset();  // its row group reader adds its counters to local.counters
  std::lock_guard<std::mutex> lock(state.mutex);
  state.counters += local.counters;
  local.counters = ScanCounters();
  state.read_nanos += local.read_nanos;
  local.read_nanos = 0;
}

}  // namespace

IcebergTableSource::IcebergTableSource(FileIO& io, std::string display_name,
                                       std::shared_ptr<const iceberg::TableMetadata> metadata,
                                       std::optional<int64_t> snapshot_id, iceberg::LocationRemapper remapper,
                                       IcebergScanOptions options, std::string branch)
    : io_(io),
      display_name_(std::move(display_name)),
      metadata_(std::move(metadata)),
      snapshot_id_(snapshot_id),
      remapper_(std::move(remapper)),
      options_(options),
      branch_(std::move(branch)) {
  const iceberg::Snapshot* snapshot = ReadSnapshot();
  if (snapshot && snapshot->key_id) {
    throw NotImplementedError("table " + display_name_ + ": snapshot " + std::to_string(snapshot->snapshot_id) +
                              " is encrypted (key-id " + QuoteForMessage(*snapshot->key_id) +
                              "); floe does not read encrypted tables");
  }
  if (snapshot_id_ && !snapshot) {
    throw InvalidInputError("table " + display_name_ + " has no snapshot " + std::to_string(*snapshot_id_));
  }
  // a branch reads with the current schema, time travel and tags with the snapshot's
  schema_ = &metadata_->ReadSchema(snapshot, snapshot_id_.has_value() && branch_.empty());
  for (const auto& field : schema_->fields()) {
    field_ids_.push_back(field.id());
    names_.push_back(field.name());
    types_.push_back(field.type()->ToLogicalType());
  }
  // Metadata columns, selected by name (SELECT _file, _pos, * FROM t), as in Spark: a row's
  // data file and position, and in v3 tables its row lineage.
  auto add_metadata = [&](int id, const char* name, TypeId type) {
    field_ids_.push_back(id);
    names_.push_back(name);
    types_.push_back(type);
    ++metadata_columns_;
  };
  add_metadata(iceberg::MetadataColumns::kFilePathFieldId, iceberg::MetadataColumns::kFilePathName, TypeId::kString);
  add_metadata(iceberg::MetadataColumns::kRowPositionFieldId, iceberg::MetadataColumns::kRowPositionName, TypeId::kInt64);
  if (metadata_->format_version >= 3) {
    add_metadata(iceberg::MetadataColumns::kRowIdFieldId, iceberg::MetadataColumns::kRowIdName, TypeId::kInt64);
    add_metadata(iceberg::MetadataColumns::kLastUpdatedSequenceNumberFieldId,
                 iceberg::MetadataColumns::kLastUpdatedSequenceNumberName, TypeId::kInt64);
  }
}

std::unique_ptr<TableScanState> IcebergTableSource::InitScan(const ScanRequest& request) const {
  auto state = std::make_unique<IcebergScanState>();
  auto start = std::chrono::steady_clock::now();
  for (size_t c : request.column_ids) state->field_ids.push_back(field_ids_.at(c));
  state->field_selections = request.column_fields;
  IcebergFilterConverter converter(*schema_, state->field_ids, &options_.time_zone);
  state->filter = converter.Convert(request.filters);
  state->filter_exact = converter.exact();
  iceberg::PruningOptions pruning{options_.prune_manifests, options_.prune_partitions, options_.prune_file_metrics,
                                  options_.prune_row_groups};
  state->scan =
      std::make_unique<iceberg::TableScan>(io_, metadata_, snapshot_id_, state->filter, remapper_, pruning);
  state->scan->SetReadSchema(*schema_);
  if (!request.runtime_filters.empty()) {
    // Dynamic partition pruning: converted apart, so planning counts what it prunes apart.
    IcebergFilterConverter dynamic_converter(*schema_, state->field_ids, &options_.time_zone);
    std::vector<const BoundExpression*> expressions;
    std::vector<iceberg::ColumnBloomFilter> blooms;
    for (const ScanRequest::DynamicFilter& r : request.runtime_filters) {
      expressions.push_back(r.expression);
      if (r.bloom && r.column && *r.column < state->field_ids.size()) {
        blooms.push_back({state->field_ids[*r.column], r.bloom});
      }
    }
    iceberg::ExpressionPtr dynamic = dynamic_converter.Convert(expressions);
    if (dynamic->op() != iceberg::Operation::kTrue) {
      state->scan->SetDynamicFilter(dynamic, std::move(blooms));
      // row groups are pruned by both (their min/max against the build keys too)
      state->filter = iceberg::Expression::And(state->filter, dynamic);
    }
  }
  state->tasks = state->scan->PlanFiles();
  state->task_proven = ProvenFilters(request, state->field_ids, state->tasks);
  state->mapping = iceberg::NameMapping::FromProperties(metadata_->properties, &metadata_->CurrentSchema());
  state->deletes =
      std::make_unique<iceberg::DeleteFileCache>(io_, state->scan->schema(), remapper_, state->mapping);
  state->planning_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return state;
}

std::vector<uint64_t> IcebergTableSource::ProvenFilters(const ScanRequest& request, const std::vector<int>& field_ids,
                                                       const std::vector<iceberg::FileScanTask>& tasks) const {
  // Each filter on its own: one converted exactly is proven for a file when its strict
  // projection holds on the file's partition tuple (every row passes it).
  std::vector<iceberg::ExpressionPtr> exact(std::min<size_t>(request.filters.size(), 64));
  bool any = false;
  for (size_t i = 0; i < exact.size(); ++i) {
    IcebergFilterConverter converter(*schema_, field_ids, &options_.time_zone);
    iceberg::ExpressionPtr e = converter.Convert(*request.filters[i]);
    if (converter.exact() && e->op() != iceberg::Operation::kTrue && e->op() != iceberg::Operation::kFalse) {
      exact[i] = std::move(e);
      any = true;
    }
  }
  std::vector<uint64_t> out(tasks.size(), 0);
  if (!any || !options_.prune_partitions) return out;  // switched off with partition pruning
  std::map<std::pair<int, size_t>, std::unique_ptr<iceberg::PartitionEvaluator>> strict;
  for (size_t t = 0; t < tasks.size(); ++t) {
    const iceberg::DataFile& f = tasks[t].data_file;
    const iceberg::PartitionSpec* spec = metadata_->SpecById(f.spec_id);
    if (!spec) continue;
    for (size_t i = 0; i < exact.size(); ++i) {
      if (!exact[i]) continue;
      auto& evaluator = strict[{f.spec_id, i}];
      if (!evaluator) evaluator = std::make_unique<iceberg::PartitionEvaluator>(exact[i], *spec, *schema_, true);
      if (evaluator->Eval(f.partition)) out[t] |= uint64_t{1} << i;
    }
  }
  return out;
}

std::unique_ptr<LocalTableScanState> IcebergTableSource::InitLocal(TableScanState&) const {
  return std::make_unique<IcebergLocalState>();
}

bool IcebergTableSource::Scan(TableScanState& global, LocalTableScanState* local_state, DataChunk& out) const {
  auto& state = static_cast<IcebergScanState&>(global);
  if (!local_state) throw InternalError("IcebergTableSource::Scan without a local state");
  auto& local = static_cast<IcebergLocalState&>(*local_state);
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
  };
  while (true) {
    if (local.cursor) {
      if (local.cursor->Next(out)) {
        out.proven_filters = local.proven;
        local.read_nanos += elapsed();
        return true;
      }
      local.read_nanos += elapsed();
      start = std::chrono::steady_clock::now();
      FlushCounters(state, local);
    }
    if (!NextMorsel(state, options_, local)) {
      local.read_nanos += elapsed();
      FlushCounters(state, local);
      out.SetSize(0);
      return false;
    }
  }
}

ScanMetrics IcebergTableSource::Metrics(TableScanState& global) const {
  auto& state = static_cast<IcebergScanState&>(global);
  ScanMetrics metrics;
  if (state.scan->snapshot()) {
    metrics.lines.emplace_back("snapshot", std::to_string(state.scan->snapshot()->snapshot_id));
  }
  std::map<int, std::string> names = FieldNames(state.scan->schema());
  metrics.lines.emplace_back("filter", WithNames(*state.scan->filter(), names));
  if (const auto& dynamic = state.scan->dynamic_filter()) {
    std::string text = WithNames(*dynamic, names);
    if (text.size() > 200) text = text.substr(0, 200) + "...";
    for (const auto& bloom : state.scan->dynamic_blooms()) {
      auto it = names.find(bloom.field_id);
      text += " and " + (it == names.end() ? "ref(" + std::to_string(bloom.field_id) + ")" : it->second) +
              " in bloom filter";
    }
    metrics.lines.emplace_back("dynamic filter", text);
  }
  for (const auto& [spec_id, filter] : state.scan->PartitionFilters()) {
    std::map<int, std::string> partition_names;
    if (const auto* spec = metadata_->SpecById(spec_id)) {
      for (const auto& f : spec->fields()) partition_names[f.field_id()] = f.name();
    }
    metrics.lines.emplace_back("partition filter (spec " + std::to_string(spec_id) + ")",
                               WithNames(*filter, partition_names));
  }
  for (const auto& [spec_id, filter] : state.scan->DynamicPartitionFilters()) {
    std::map<int, std::string> partition_names;
    if (const auto* spec = metadata_->SpecById(spec_id)) {
      for (const auto& f : spec->fields()) partition_names[f.field_id()] = f.name();
    }
    std::string text = WithNames(*filter, partition_names);
    if (text.size() > 200) text = text.substr(0, 200) + "...";
    metrics.lines.emplace_back("dynamic partition filter (spec " + std::to_string(spec_id) + ")", text);
  }
  for (auto& line : state.scan->metrics().ToLines()) metrics.lines.push_back(std::move(line));
  // Strict projection: files whose partition values prove that every row passes.
  const iceberg::SpecScanMetrics& total = state.scan->metrics().total;
  if (state.scan->filter()->op() != iceberg::Operation::kTrue) {
    metrics.lines.emplace_back(
        "all rows match",
        state.filter_exact ? std::to_string(total.data_files_all_rows_match) + " of " +
                                 std::to_string(total.data_files_read) + " data files read (by partition values)"
                           : "not known (the filter converts to Iceberg only in part)");
  }
  std::lock_guard<std::mutex> lock(state.mutex);
  const ScanCounters& c = state.counters;
  metrics.lines.emplace_back("row groups", c.RowGroupsText());
  metrics.lines.emplace_back("pages", std::to_string(c.pages_read) + " read, " + std::to_string(c.pages_skipped) +
                                          " skipped");
  if (state.size_mismatches > 0) {
    metrics.lines.emplace_back("file sizes", std::to_string(state.size_mismatches) +
                                                 " data files differ from their manifests (recorded " +
                                                 std::to_string(state.size_recorded) + " bytes, real " +
                                                 std::to_string(state.size_real) + "); read by their real size");
  }
  metrics.lines.emplace_back("rows decoded", std::to_string(c.rows_read));
  metrics.lines.emplace_back("bytes decoded", std::to_string(c.bytes_read));
  char ms[32];
  std::snprintf(ms, sizeof(ms), "%.3f ms", state.planning_ms);
  metrics.lines.emplace_back("planning time", ms);
  std::snprintf(ms, sizeof(ms), "%.3f ms", static_cast<double>(state.read_nanos) / 1e6);
  metrics.lines.emplace_back("reading time", std::string(ms) + " (all threads)");
  return metrics;
}

std::vector<std::string> IcebergTableSource::PartitionColumns() const {
  std::vector<std::string> out;
  for (const auto& spec : metadata_->partition_specs) {
    for (const auto& field : spec.fields()) {
      if (field.transform().IsVoid()) continue;
      const iceberg::NestedField* source = schema_->FindFieldById(field.source_id());
      if (!source || std::find(out.begin(), out.end(), source->name()) != out.end()) continue;
      if (std::find(names_.begin(), names_.end(), source->name()) != names_.end()) out.push_back(source->name());
    }
  }
  return out;
}

const iceberg::Snapshot* IcebergTableSource::ReadSnapshot() const {
  return snapshot_id_ ? metadata_->SnapshotById(*snapshot_id_) : metadata_->CurrentSnapshot();
}

std::string IcebergTableSource::ExplainDetails() const {
  const iceberg::Snapshot* snapshot = ReadSnapshot();
  return snapshot ? "snapshot=" + std::to_string(snapshot->snapshot_id) : "snapshot=none";
}

std::string IcebergTableSource::ExplainFilters(const ScanRequest& request) const {
  std::vector<int> field_ids;
  for (size_t c : request.column_ids) field_ids.push_back(field_ids_.at(c));
  IcebergFilterConverter converter(*schema_, field_ids, &options_.time_zone);
  std::map<int, std::string> names = FieldNames(*schema_);
  // As Spark: IS NOT NULL first for each column a pushed comparison reads.
  std::vector<std::string> not_null, rest;
  for (const BoundExpression* filter : request.filters) {
    std::vector<iceberg::ExpressionPtr> parts;
    Conjuncts(converter.Convert(*filter), &parts);
    for (const auto& part : parts) {
      if (part->IsPredicate() && part->op() >= iceberg::Operation::kLt) {
        auto it = names.find(static_cast<const iceberg::Predicate&>(*part).field_id());
        if (it != names.end()) {
          std::string n = it->second + " IS NOT NULL";
          if (std::find(not_null.begin(), not_null.end(), n) == not_null.end()) not_null.push_back(n);
        }
      }
      std::string d = Describe(*part, names);
      if (std::find(rest.begin(), rest.end(), d) == rest.end()) rest.push_back(d);
    }
  }
  std::string out;
  for (const auto& d : not_null) out += (out.empty() ? "" : ", ") + d;
  for (const auto& d : rest) {
    if (std::find(not_null.begin(), not_null.end(), d) == not_null.end()) out += (out.empty() ? "" : ", ") + d;
  }
  return out;
}

std::optional<size_t> IcebergTableSource::EstimatedRows() const {
  const iceberg::Snapshot* snapshot = ReadSnapshot();
  if (!snapshot) return 0;
  auto it = snapshot->summary.find("total-records");
  if (it == snapshot->summary.end()) return std::nullopt;
  try {
    return static_cast<size_t>(std::stoll(it->second));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<size_t> IcebergTableSource::EstimatedScanRows(const std::vector<size_t>& column_ids,
                                                            const std::vector<const BoundExpression*>& filters) const {
  const iceberg::Snapshot* snapshot = ReadSnapshot();
  if (!snapshot || (filters.empty() && !metadata_->DefaultSpec().IsUnpartitioned())) return EstimatedRows();
  std::vector<int> field_ids;
  for (size_t c : column_ids) field_ids.push_back(field_ids_.at(c));
  IcebergFilterConverter converter(*schema_, field_ids, &options_.time_zone);
  iceberg::ExpressionPtr filter = converter.Convert(filters);
  std::string key = filter->ToString();
  std::lock_guard<std::mutex> lock(estimates_mutex_);
  auto it = estimates_.find(key);
  if (it != estimates_.end()) return it->second;
  std::optional<size_t> rows;
  try {
    iceberg::TableScan scan(io_, metadata_, snapshot_id_, filter, remapper_, iceberg::PruningOptions{});
    scan.SetReadSchema(*schema_);
    size_t records = 0;
    for (const iceberg::FileScanTask& task : scan.PlanFiles()) {
      records += static_cast<size_t>(task.data_file.record_count);
    }
    rows = records;
  } catch (const std::exception&) {
    rows = EstimatedRows();  // unreadable metadata: the scan itself will say what is wrong
  }
  estimates_.emplace(key, rows);
  return rows;
}

std::vector<std::optional<SourceColumnStatistics>> IcebergTableSource::ColumnStatistics() const {
  // read once: the estimators ask for every scan of every join they size
  std::call_once(statistics_once_, [this] { statistics_ = ReadColumnStatistics(); });
  return statistics_;
}

std::vector<std::optional<SourceColumnStatistics>> IcebergTableSource::ReadColumnStatistics() const {
  if (metadata_->statistics.empty()) return {};
  const iceberg::Snapshot* snapshot = ReadSnapshot();
  std::optional<int64_t> read;
  if (snapshot) read = snapshot->snapshot_id;
  std::vector<std::optional<SourceColumnStatistics>> out(names_.size());
  auto number = [](const std::optional<std::string>& text) -> std::optional<double> {
    if (!text) return std::nullopt;
    try {
      size_t used = 0;
      double value = std::stod(*text, &used);
      if (used != text->size() || !(value >= 0)) return std::nullopt;
      return value;
    } catch (const std::exception&) {
      return std::nullopt;
    }
  };
  // min and max are kept as text, timestamps in UTC (CatalogColumnStat.toExternalString)
  FunctionContext utc;
  utc.try_mode = true;
  auto value = [&](const std::optional<std::string>& text, const LogicalType& type) -> std::optional<Value> {
    if (!text) return std::nullopt;
    Value cast = CastValue(Value::String(*text), type, utc);
    if (cast.is_null()) return std::nullopt;
    return cast;
  };
  for (size_t c = 0; c + metadata_columns_ < names_.size(); ++c) {
    std::optional<iceberg::ColumnStatisticsBlob> blob = iceberg::FindColumnStatistics(*metadata_, field_ids_[c], read);
    if (!blob) continue;
    SourceColumnStatistics& stats = out[c].emplace();
    stats.distinct_count = number(blob->Property("ndv"));
    stats.null_count = number(blob->Property("floe.null-count"));
    stats.min = value(blob->Property("floe.min"), types_[c]);
    stats.max = value(blob->Property("floe.max"), types_[c]);
    stats.avg_len = number(blob->Property("floe.avg-len"));
    stats.max_len = number(blob->Property("floe.max-len"));
    if (!read || blob->snapshot_id != *read) stats.stale_snapshot_id = blob->snapshot_id;
  }
  return out;
}

}  // namespace floe
