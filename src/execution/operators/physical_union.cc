#include "execution/operators/physical_union.h"

namespace floe {

SinkResult PhysicalUnion::Sink(ExecutionContext& context, DataChunk& input,
                               GlobalSinkState& global, LocalSinkState& local) const {
  auto& state = static_cast<MaterializedState&>(global);
  DataChunk copy = CopyChunk(input);
  std::lock_guard<std::mutex> lock(state.mutex);
  state.rows.Append(std::move(copy));
  return SinkResult::kNeedMoreInput;
}

std::unique_ptr<GlobalSourceState> PhysicalUnion::GetGlobalSourceState(
    ExecutionContext& context) const {
  return std::make_unique<CollectionSourceState>();
}

bool PhysicalUnion::GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
                            LocalSourceState& local) const {
  return ScanCollection(static_cast<MaterializedState&>(*sink_state).rows,
                        static_cast<CollectionSourceState&>(global), out);
}

}  // namespace floe
