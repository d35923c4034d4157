#pragma once

#include "execution/materialized_rows.h"
#include "execution/physical_operator.h"

namespace floe {

/// Collects the query's result batches in arrival order.
class PhysicalResultCollector : public PhysicalOperator {
 public:
  explicit PhysicalResultCollector(std::vector<LogicalType> types)
      : PhysicalOperator(std::move(types)) {}
  std::string Name() const override { return "ResultCollector"; }
  bool IsSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override {
    return std::make_unique<MaterializedState>();
  }
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  /// Returns the collected rows after execution.
  ChunkCollection& rows() const { return static_cast<MaterializedState&>(*sink_state).rows; }
};

}  // namespace floe
