#include "execution/operators/physical_table_scan.h"

#include <mutex>

namespace floe {

namespace {

struct ScanGlobalState : GlobalSourceState {
  std::unique_ptr<TableScanState> state;
  const TableSource* source = nullptr;
  ScanMetrics* metrics_out = nullptr;
  std::mutex mutex;
  ~ScanGlobalState() override {
    if (metrics_out && state) *metrics_out = source->Metrics(*state);
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

std::string PhysicalTableScan::Name() const { return "Scan " + source_->DisplayName(); }

std::string PhysicalTableScan::Details() const {
  std::string out = "[";
  for (size_t i = 0; i < names_.size(); ++i) {
    if (i) out += ",";
    out += names_[i];
  }
  out += "]";
  if (!filters_.empty()) {
    out += " PushedFilters: [";
    for (size_t i = 0; i < filters_.size(); ++i) {
      if (i) out += ", ";
      out += filters_[i]->text;
    }
    out += "]";
  }
  return out;
}

std::unique_ptr<GlobalSourceState> PhysicalTableScan::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto global = std::make_unique<ScanGlobalState>();
  ScanRequest request;
  request.column_ids = column_ids_;
  for (const auto& f : filters_) request.filters.push_back(f.get());
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
  return source_->Scan(*g.state, l.state.get(), out);
}

std::vector<std::string> PhysicalTableScan::AnalyzeLines() const {
  std::vector<std::string> lines;
  for (const auto& [key, value] : last_metrics_.lines) lines.push_back(key + ": " + value);
  return lines;
}

}  // namespace floe
