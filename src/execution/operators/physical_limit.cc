#include "execution/operators/physical_limit.h"

#include <algorithm>
#include <cstdint>

#include "execution/materialized_rows.h"

namespace floe {

namespace {
struct LimitState : MaterializedState {
  int64_t seen = 0;  // rows received, offset included
};
}  // namespace

std::string PhysicalLimit::Details() const {
  return (limit_ ? std::to_string(*limit_) : std::string("ALL")) +
         (offset_ ? " OFFSET " + std::to_string(offset_) : "");
}

std::unique_ptr<GlobalSinkState> PhysicalLimit::GetGlobalSinkState(
    ExecutionContext& context) const {
  return std::make_unique<LimitState>();
}

SinkResult PhysicalLimit::Sink(ExecutionContext& context, DataChunk& input,
                               GlobalSinkState& global, LocalSinkState& local) const {
  auto& state = static_cast<LimitState&>(global);
  std::lock_guard<std::mutex> lock(state.mutex);
  int64_t end = limit_ ? offset_ + *limit_ : INT64_MAX;
  int64_t begin_row = state.seen;
  int64_t n = static_cast<int64_t>(input.size());
  state.seen += n;
  int64_t from = std::max<int64_t>(offset_ - begin_row, 0);
  int64_t to = std::min<int64_t>(end - begin_row, n);
  if (from < to) {
    DataChunk part;
    part.Initialize(input.Types(), static_cast<size_t>(to - from));
    part.Append(input, static_cast<size_t>(from), static_cast<size_t>(to - from));
    state.rows.Append(std::move(part));
  }
  return state.seen >= end ? SinkResult::kFinished : SinkResult::kNeedMoreInput;
}

std::unique_ptr<GlobalSourceState> PhysicalLimit::GetGlobalSourceState(
    ExecutionContext& context) const {
  return std::make_unique<CollectionSourceState>();
}

bool PhysicalLimit::GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
                            LocalSourceState& local) const {
  return ScanCollection(static_cast<LimitState&>(*sink_state).rows,
                        static_cast<CollectionSourceState&>(global), out);
}

}  // namespace floe
