#pragma once

#include "execution/physical_operator.h"
#include "planner/bound_window_function.h"

namespace floe {

/// Window functions: collects its input, sorts it by each function's partition and order
/// keys, computes the functions over their frames, and emits input columns plus one
/// column per function.
///
/// The rows held count against memory_limit (three times their bytes). Once it refuses
/// more, functions that stream (StreamingWindow::Supports) go on over an external sort
/// (PhysicalOrder, which spills runs) and are computed as its sorted rows come out, so a
/// partition of any size passes in bounded memory; any other set of functions fails with
/// OutOfMemoryError.
class PhysicalWindow : public PhysicalOperator {
 public:
  PhysicalWindow(std::vector<LogicalType> types, std::vector<BoundWindowFunction> functions);
  std::string Name() const override { return "Window"; }
  std::string Details() const override;
  bool IsSink() const override { return true; }
  bool IsSource() const override { return true; }
  bool ParallelSource() const override { return false; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context,
                                                    GlobalSinkState& global) const override;
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void Combine(ExecutionContext& context, GlobalSinkState& global, LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;

  std::vector<std::string> AnalyzeLines() const override;

 private:
  void ComputeFunction(ExecutionContext& context, size_t f, DataChunk& rows, Vector& result) const;
  /// Sends rows to the external sort with their window's keys and functions' arguments.
  void SinkSorted(ExecutionContext& context, GlobalSinkState& global, LocalSinkState& local,
                  const DataChunk& input) const;

  std::vector<BoundWindowFunction> functions_;
};

}  // namespace floe
