#include "execution/operators/physical_result_collector.h"

namespace floe {

SinkResult PhysicalResultCollector::Sink(ExecutionContext& context, DataChunk& input,
                                         GlobalSinkState& global, LocalSinkState& local) const {
  auto& state = static_cast<MaterializedState&>(global);
  DataChunk copy = CopyChunk(input);
  std::lock_guard<std::mutex> lock(state.mutex);
  state.rows.Append(std::move(copy));
  return SinkResult::kNeedMoreInput;
}

}  // namespace floe
