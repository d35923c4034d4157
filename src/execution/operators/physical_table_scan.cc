#include "execution/operators/physical_table_scan.h"

#include <algorithm>
#include <mutex>

#include "execution/operators/physical_subquery.h"

namespace floe {

namespace {

struct ScanGlobalState : GlobalSourceState {
  std::unique_ptr<TableScanState> state;
  const TableSource* source = nullptr;
  ScanMetrics* metrics_out = nullptr;
  std::mutex mutex;
  std::vector<BoundExpressionPtr> runtime_filters;  // resolved; the request points at them
  std::vector<BoundExpressionPtr> subquery_filters;  // filters with their subqueries' values
  std::vector<std::pair<std::string, std::string>> runtime_filter_lines;
  ~ScanGlobalState() override {
    if (metrics_out && state) {
      *metrics_out = source->Metrics(*state);
      for (auto& line : runtime_filter_lines) metrics_out->lines.push_back(std::move(line));
    }
  }
};

struct ScanLocalState : LocalSourceState {
  std::unique_ptr<LocalTableScanState> state;
};

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

void PhysicalTableScan::AddRuntimeFilter(std::shared_ptr<RuntimeFilter> filter, BoundExpressionPtr probe_key) {
  runtime_filters_.push_back({std::move(filter), std::move(probe_key)});
}

std::string PhysicalTableScan::Details() const {
  // Spark: dynamicpruningexpression(date_id#1 IN dynamicpruning#12)
  std::vector<std::string> dynamic, dynamic_not_null;
  for (const auto& r : runtime_filters_) {
    dynamic.push_back("dynamicpruningexpression(" + r.probe_key->text + " IN " + r.filter->Name() + ")");
    // the join never matches a NULL key, so Spark infers isnotnull() of it
    for (size_t c : r.probe_key->ReferencedColumns()) {
      if (c < names_.size()) dynamic_not_null.push_back("isnotnull(" + names_[c] + ")");
    }
  }
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
    for (const auto& f : filters_) request.filters.push_back(f.get());
    std::string branch = source_->Branch();
    out += " " + source_->DisplayName() + " (branch=" + (branch.empty() ? "null" : branch) +
           ") [filters=" + source_->ExplainFilters(request) +
           ", groupedBy=] RuntimeFilters: [" + joined(dynamic) + "],";
  }
  std::string extra = source_->ExplainDetails();
  if (!extra.empty()) out += " " + extra;
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
  std::vector<std::string> partition_filters, pushed;
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
  for (const auto& note : dynamic_pruning_notes_) out += ", " + note;
  return out;
}

std::unique_ptr<GlobalSourceState> PhysicalTableScan::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto global = std::make_unique<ScanGlobalState>();
  ScanRequest request;
  request.column_ids = column_ids_;
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
  // The join builds above have finished (their pipelines run first): their keys are known.
  for (const auto& r : runtime_filters_) {
    RuntimeFilterSummary summary;
    BoundExpressionPtr resolved = r.filter->Resolve(*r.probe_key, context.runtime_filter_max_values, &summary);
    std::string what = !resolved        ? "not resolved (the build side had not run)"
                       : summary.range  ? "min/max range (more than " + std::to_string(context.runtime_filter_max_values) + " distinct keys)"
                                        : std::to_string(summary.distinct) + " distinct keys";
    global->runtime_filter_lines.emplace_back("runtime filter " + r.filter->Name(),
                                              r.probe_key->text + ": " + what + " from " +
                                                  std::to_string(summary.build_rows) + " build rows");
    if (resolved) global->runtime_filters.push_back(std::move(resolved));
  }
  for (const auto& f : global->runtime_filters) request.runtime_filters.push_back(f.get());
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
  out.proven_filters = 0;  // only a source that knows sets it
  return source_->Scan(*g.state, l.state.get(), out);
}

std::vector<std::string> PhysicalTableScan::AnalyzeLines() const {
  std::vector<std::string> lines;
  for (const auto& [key, value] : last_metrics_.lines) lines.push_back(key + ": " + value);
  return lines;
}

}  // namespace floe
