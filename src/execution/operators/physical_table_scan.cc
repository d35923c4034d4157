#include "execution/operators/physical_table_scan.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <mutex>

#include "common/vector_operations.h"
#include "execution/resolve_subqueries.h"

namespace floe {

namespace {

// A runtime filter's Bloom filter applied to the rows the scan returns: the column of the
// probe key, and the rows it saw and dropped. A filter that drops too few rows to pay for
// its test (the join drops them just as well) is switched off after a sample.
struct ProbeRowFilter {
  static constexpr int64_t kSampleRows = 1 << 18;
  static constexpr int64_t kMinDroppedShare = 8;  // at least one row in 8, else switched off
  std::string name;
  size_t column = 0;
  std::shared_ptr<const BloomFilter> bloom;
  std::atomic<int64_t> rows{0};
  std::atomic<int64_t> dropped{0};
  std::atomic<bool> switched_off{false};
};

struct ScanGlobalState : GlobalSourceState {
  std::unique_ptr<TableScanState> state;
  const TableSource* source = nullptr;
  ScanMetrics* metrics_out = nullptr;
  std::mutex mutex;
  std::vector<BoundExpressionPtr> runtime_filters;  // read from the slots; the request points at them
  std::vector<BoundExpressionPtr> subquery_filters;  // filters with their subqueries' values
  std::vector<std::pair<std::string, std::string>> runtime_filter_lines;
  std::vector<std::unique_ptr<ProbeRowFilter>> row_filters;
  ~ScanGlobalState() override {
    if (metrics_out && state) {
      *metrics_out = source->Metrics(*state);
      for (auto& line : runtime_filter_lines) metrics_out->lines.push_back(std::move(line));
      for (const auto& f : row_filters) {
        std::string line = std::to_string(f->dropped.load()) + " of " + std::to_string(f->rows.load()) +
                           " dropped by the Bloom filter";
        if (f->switched_off) line += ", then switched off: it dropped fewer than 1 row in 8";
        metrics_out->lines.emplace_back("runtime filter " + f->name + " rows", std::move(line));
      }
    }
  }
};

struct ScanLocalState : LocalSourceState {
  std::unique_ptr<LocalTableScanState> state;
  std::vector<uint64_t> hashes;
  SelectionVector keep;
};

// Drops the rows of `out` whose probe key no Bloom filter of the scan's runtime filters
// may hold (NULL keys included: they never match). The runtime filters come only from
// joins that drop a probe row without a matching build key (inner, left semi, right), and
// the scan's files were already pruned by the same keys, so dropping rows is the same
// pruning a row at a time.
void DropRowsWithoutKeys(ScanGlobalState& global, ScanLocalState& local, DataChunk& out) {
  for (const auto& f : global.row_filters) {
    size_t n = out.size();
    if (n == 0) return;
    if (f->switched_off.load(std::memory_order_relaxed)) continue;
    const Vector& keys = out.column(f->column);
    local.hashes.resize(n);
    HashVector(keys, n, local.hashes.data(), false);
    local.keep.indexes.clear();
    const Validity& validity = keys.validity();
    for (size_t i = 0; i < n; ++i) {
      if (validity.IsValid(i) && f->bloom->MayContain(local.hashes[i])) {
        local.keep.indexes.push_back(static_cast<uint32_t>(i));
      }
    }
    int64_t rows = f->rows += static_cast<int64_t>(n);
    int64_t dropped = f->dropped += static_cast<int64_t>(n - local.keep.size());
    if (rows >= ProbeRowFilter::kSampleRows && dropped * ProbeRowFilter::kMinDroppedShare < rows) {
      f->switched_off = true;
    }
    if (local.keep.size() == n) continue;
    out.Slice(local.keep);
  }
}

}  // namespace

PhysicalTableScan::PhysicalTableScan(std::shared_ptr<TableSource> source,
                                     std::vector<size_t> column_ids,
                                     std::vector<BoundExpressionPtr> filters,
                                     std::vector<LogicalType> types, std::vector<std::string> names)
    : PhysicalOperator(std::move(types)),
      source_(std::move(source)),
      column_ids_(std::move(column_ids)),
      filters_(std::move(filters)),
      names_(std::move(names)) {}

std::string PhysicalTableScan::Name() const {
  return source_->ScanOperatorName() + " " + source_->DisplayName();
}

void PhysicalTableScan::AddRuntimeFilter(std::shared_ptr<RuntimeFilterSlot> slot, BoundExpressionPtr probe_key) {
  runtime_filters_.push_back({std::move(slot), std::move(probe_key)});
}

std::string PhysicalTableScan::Details() const {
  // Filters on partition columns prune whole files; Spark lists them apart, with the
  // isnotnull() it infers for each compared column.
  std::vector<std::string> partition_columns = source_->PartitionColumns();
  auto is_partition_filter = [&](const BoundExpression& f) {
    auto refs = f.ReferencedColumns();
    if (refs.empty()) return false;
    for (size_t r : refs) {
      if (r >= names_.size()) return false;
      bool found = false;
      for (const auto& p : partition_columns) found = found || p == names_[r];
      if (!found) return false;
    }
    return true;
  };
  // Spark: dynamicpruningexpression(date_id#1 IN dynamicpruning#12); a key that is no
  // partition column prunes files and row groups by their bounds, a pushed filter
  std::vector<std::string> dynamic, dynamic_not_null, dynamic_on_data;
  for (const auto& r : runtime_filters_) {
    std::string text = "dynamicpruningexpression(" + r.probe_key->text + " IN " + r.slot->Name() + ")";
    if (!is_partition_filter(*r.probe_key)) {
      dynamic_on_data.push_back(std::move(text));
      continue;
    }
    dynamic.push_back(std::move(text));
    // the join never matches a NULL key, so Spark infers isnotnull() of it
    for (size_t c : r.probe_key->ReferencedColumns()) {
      if (c < names_.size()) dynamic_not_null.push_back("isnotnull(" + names_[c] + ")");
    }
  }
  // Spark's PlanDynamicPruningFilters: planned, then switched off for want of a broadcast to reuse
  for (size_t i = 0; i < switched_off_runtime_filters_; ++i) dynamic.emplace_back("dynamicpruningexpression(true)");
  auto joined = [](const std::vector<std::string>& items) {
    std::string s;
    for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + items[i];
    return s;
  };
  std::string out = "[";
  for (size_t i = 0; i < names_.size(); ++i) {
    if (i) out += ", ";
    out += names_[i];
  }
  out += "]";
  if (source_->ScanOperatorName() == "BatchScan") {
    // Spark's line for a DataSource V2 (Iceberg) scan: table[columns] table (branch=...)
    // [filters=<Iceberg filters>, groupedBy=] RuntimeFilters: [...]
    ScanRequest request;
    request.column_ids = column_ids_;
    request.column_fields = column_fields_;
    for (const auto& f : filters_) request.filters.push_back(f.get());
    std::string branch = source_->Branch();
    out += " " + source_->DisplayName() + " (branch=" + (branch.empty() ? "null" : branch) +
           ") [filters=" + source_->ExplainFilters(request) +
           ", groupedBy=] RuntimeFilters: [" + joined(dynamic) +
           (dynamic.empty() || dynamic_on_data.empty() ? "" : ", ") + joined(dynamic_on_data) + "],";
  }
  std::string extra = source_->ExplainDetails();
  if (!extra.empty()) out += " " + extra;
  std::vector<std::string> partition_filters, pushed = dynamic_on_data;
  std::vector<std::string> not_null;
  for (const auto& f : filters_) {
    if (!partition_columns.empty() && is_partition_filter(*f)) {
      if (f->kind == BoundExpressionKind::kFunction && f->children.size() == 2) {
        for (size_t r : f->ReferencedColumns()) {
          std::string n = "isnotnull(" + names_[r] + ")";
          if (std::find(not_null.begin(), not_null.end(), n) == not_null.end()) not_null.push_back(n);
        }
      }
      partition_filters.push_back(f->text);
    } else {
      pushed.push_back(f->text);
    }
  }
  auto list = [](const std::vector<std::string>& items) {
    std::string s = "[";
    for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + items[i];
    return s + "]";
  };
  if (!partition_columns.empty()) {
    for (const auto& n : dynamic_not_null) {
      if (std::find(not_null.begin(), not_null.end(), n) == not_null.end()) not_null.push_back(n);
    }
    std::vector<std::string> all = not_null;
    all.insert(all.end(), partition_filters.begin(), partition_filters.end());
    all.insert(all.end(), dynamic.begin(), dynamic.end());
    out += ", PartitionFilters: " + list(all);
  }
  if (!pushed.empty() || partition_columns.empty()) out += ", PushedFilters: " + list(pushed);
  // Spark's ReadSchema: the columns read, structs with only the fields the query reads
  bool partial = false;
  for (const auto& f : column_fields_) partial = partial || !f.whole();
  if (partial) {
    std::string schema;
    for (size_t i = 0; i < names_.size() && i < types().size(); ++i) {
      LogicalType type = i < column_fields_.size() ? column_fields_[i].Apply(types()[i]) : types()[i];
      schema += (i ? "," : "") + names_[i] + ":" + type.ToString();
    }
    out += ", ReadSchema: struct<" + schema + ">";
  }
  for (const auto& note : dynamic_pruning_notes_) out += ", " + note;
  return out;
}

std::unique_ptr<GlobalSourceState> PhysicalTableScan::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto global = std::make_unique<ScanGlobalState>();
  ScanRequest request;
  request.column_ids = column_ids_;
  request.column_fields = column_fields_;
  // A filter reading a subquery (k = (SELECT max(k) ...)) is planned with its value: the
  // subquery ran before the plan (Spark's partition filters holding a subquery).
  for (const auto& f : filters_) {
    if (!f->HasSubquery()) {
      request.filters.push_back(f.get());
      continue;
    }
    global->subquery_filters.push_back(ResolveSubqueries(*f, context.function_context));
    request.filters.push_back(global->subquery_filters.back().get());
  }
  // The join builds above have finished (their pipelines run first): their filters are in
  // the slots.
  for (const auto& r : runtime_filters_) {
    std::shared_ptr<const RuntimeFilter> filter = r.slot->Read();
    std::string what = filter ? filter->Describe() : "none (the build side spilled to disk, or had not run)";
    global->runtime_filter_lines.emplace_back("runtime filter " + r.slot->Name(),
                                              r.probe_key->text + ": " + what + " from " +
                                                  std::to_string(filter ? filter->build_rows() : 0) + " build rows");
    if (!filter) continue;
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.3f ms", filter->collect_ms());
    global->runtime_filter_lines.emplace_back("runtime filter " + r.slot->Name() + " build-key pass",
                                              std::string(ms) + " (the join's build)");
    ScanRequest::DynamicFilter pushed;
    global->runtime_filters.push_back(filter->ToExpression(*r.probe_key));
    pushed.expression = global->runtime_filters.back().get();
    // The keys' Bloom filter tests a column's values where it is one column of the keys' type.
    if (filter->bloom() && r.probe_key->kind == BoundExpressionKind::kColumnRef &&
        r.probe_key->type == filter->type()) {
      pushed.column = r.probe_key->index;
      pushed.bloom = filter->bloom();
      auto rows = std::make_unique<ProbeRowFilter>();
      rows->name = r.slot->Name();
      rows->column = r.probe_key->index;
      rows->bloom = filter->bloom();
      global->row_filters.push_back(std::move(rows));
    }
    request.runtime_filters.push_back(std::move(pushed));
  }
  global->state = source_->InitScan(request);
  global->source = source_.get();
  global->metrics_out = &last_metrics_;
  return global;
}

std::unique_ptr<LocalSourceState> PhysicalTableScan::GetLocalSourceState(
    ExecutionContext& context, GlobalSourceState& global) const {
  auto local = std::make_unique<ScanLocalState>();
  local->state = source_->InitLocal(*static_cast<ScanGlobalState&>(global).state);
  return local;
}

bool PhysicalTableScan::GetData(ExecutionContext& context, DataChunk& out,
                                GlobalSourceState& global, LocalSourceState& local) const {
  auto& g = static_cast<ScanGlobalState&>(global);
  auto& l = static_cast<ScanLocalState&>(local);
  while (true) {
    out.proven_filters = 0;  // only a source that knows sets it
    if (!source_->Scan(*g.state, l.state.get(), out)) return false;
    if (g.row_filters.empty() || out.size() == 0) return true;
    DropRowsWithoutKeys(g, l, out);
    if (out.size() > 0) return true;  // else every row went: the next batch
  }
}

std::vector<std::string> PhysicalTableScan::AnalyzeLines() const {
  std::vector<std::string> lines;
  for (const auto& [key, value] : last_metrics_.lines) lines.push_back(key + ": " + value);
  return lines;
}

}  // namespace floe
