#pragma once

#include "execution/materialized_rows.h"
#include "execution/physical_operator.h"

namespace floe {

/// UNION ALL: every child feeds the sink; the rows are then read back as a source.
class PhysicalUnion : public PhysicalOperator {
 public:
  explicit PhysicalUnion(std::vector<LogicalType> types) : PhysicalOperator(std::move(types)) {}
  std::string Name() const override { return "Union"; }
  bool IsSink() const override { return true; }
  bool IsSource() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override {
    return std::make_unique<MaterializedState>();
  }
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;
};

}  // namespace floe
