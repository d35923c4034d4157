#include "execution/operators/physical_union.h"

namespace floe {

SinkResult PhysicalUnion::Sink(ExecutionContext& context, DataChunk& input,
                               GlobalSinkState& global, LocalSinkState& local) const {
  static_cast<MaterializedState&>(global).Keep(input);
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
