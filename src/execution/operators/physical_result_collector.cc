#include "execution/operators/physical_result_collector.h"

namespace floe {

SinkResult PhysicalResultCollector::Sink(ExecutionContext& context, DataChunk& input,
                                         GlobalSinkState& global, LocalSinkState& local) const {
  static_cast<MaterializedState&>(global).Keep(input);
  return SinkResult::kNeedMoreInput;
}

}  // namespace floe
