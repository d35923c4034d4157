#pragma once

#include "execution/physical_operator.h"
#include "planner/bound_window_function.h"

namespace floe {

/// Window functions: collects its input, sorts it by each function's partition and order
/// keys, computes the functions over their frames, and emits input columns plus one
/// column per function.
class PhysicalWindow : public PhysicalOperator {
 public:
  PhysicalWindow(std::vector<LogicalType> types, std::vector<BoundWindowFunction> functions);
  std::string Name() const override { return "Window"; }
  std::string Details() const override;
  bool IsSink() const override { return true; }
  bool IsSource() const override { return true; }
  bool ParallelSource() const override { return false; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  void ComputeFunction(ExecutionContext& context, size_t f, DataChunk& rows, Vector& result) const;

  std::vector<BoundWindowFunction> functions_;
};

}  // namespace floe
