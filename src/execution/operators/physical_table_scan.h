#pragma once

#include <memory>

#include "execution/physical_operator.h"
#include "execution/runtime_filter/runtime_filter_slot.h"
#include "planner/table_source.h"

namespace floe {

/// Reads a table source in parallel: each thread asks the source for the next batch.
class PhysicalTableScan : public PhysicalOperator {
 public:
  PhysicalTableScan(std::shared_ptr<TableSource> source, std::vector<size_t> column_ids,
                    std::vector<BoundExpressionPtr> filters, std::vector<LogicalType> types,
                    std::vector<std::string> names);

  std::string Name() const override;
  std::string Details() const override;
  bool IsSource() const override { return true; }
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  std::unique_ptr<LocalSourceState> GetLocalSourceState(ExecutionContext& context,
                                                        GlobalSourceState& global) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;
  std::vector<std::string> AnalyzeLines() const override;

  const TableSource& source() const { return *source_; }
  const std::vector<std::string>& names() const { return names_; }
  const std::vector<BoundExpressionPtr>& filters() const { return filters_; }
  /// Adds a runtime filter (dynamic partition pruning) on `probe_key`, over this scan's
  /// output columns: read from `slot` when the scan starts, before it plans its files.
  void AddRuntimeFilter(std::shared_ptr<RuntimeFilterSlot> slot, BoundExpressionPtr probe_key);
  /// Sets how many joins' dynamic pruning Spark would plan on this scan and switch off: EXPLAIN
  /// shows each as dynamicpruningexpression(true).
  void SetSwitchedOffRuntimeFilters(size_t count) { switched_off_runtime_filters_ = count; }
  /// Sets why dynamic pruning was considered for this scan but not applied (EXPLAIN).
  void SetDynamicPruningNotes(std::vector<std::string> notes) { dynamic_pruning_notes_ = std::move(notes); }
  /// Why dynamic partition pruning did not prune this scan by a join (or did where Spark
  /// would not): shown by EXPLAIN, recorded in system.scans.
  const std::vector<std::string>& dynamic_pruning_notes() const { return dynamic_pruning_notes_; }
  /// Sets the part of each output column the query reads (nested column pruning).
  void SetColumnFields(std::vector<FieldSelection> fields) { column_fields_ = std::move(fields); }
  /// Returns the metrics of the last finished execution.
  const ScanMetrics& metrics() const { return last_metrics_; }

 private:
  std::shared_ptr<TableSource> source_;
  std::vector<size_t> column_ids_;
  std::vector<FieldSelection> column_fields_;
  std::vector<BoundExpressionPtr> filters_;
  std::vector<std::string> names_;
  mutable ScanMetrics last_metrics_;
  struct ProbeRuntimeFilter {
    std::shared_ptr<RuntimeFilterSlot> slot;
    BoundExpressionPtr probe_key;
  };
  std::vector<ProbeRuntimeFilter> runtime_filters_;
  std::vector<std::string> dynamic_pruning_notes_;
  size_t switched_off_runtime_filters_ = 0;
};

}  // namespace floe
