#include "execution/operators/physical_materialize.h"

namespace floe {

bool ScanCollection(ChunkCollection& rows, CollectionSourceState& state, DataChunk& out) {
  std::lock_guard<std::mutex> lock(state.mutex);
  if (state.next >= rows.ChunkCount()) return false;
  out = rows.chunk(state.next++);
  return state.next < rows.ChunkCount();
}

PhysicalValues::PhysicalValues(std::vector<LogicalType> types,
                               std::vector<std::vector<Value>> rows)
    : PhysicalOperator(std::move(types)), rows_(std::move(rows)) {}

namespace {
struct ValuesState : GlobalSourceState {
  size_t next = 0;
};
}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalValues::GetGlobalSourceState(
    ExecutionContext& context) const {
  return std::make_unique<ValuesState>();
}

bool PhysicalValues::GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
                             LocalSourceState& local) const {
  auto& state = static_cast<ValuesState&>(global);
  size_t n = std::min(kBatchSize, rows_.size() - state.next);
  for (size_t r = 0; r < n; ++r) {
    const auto& row = rows_[state.next + r];
    for (size_t c = 0; c < types_.size(); ++c) out.column(c).SetValue(r, row[c]);
  }
  out.SetSize(n);
  state.next += n;
  return state.next < rows_.size();
}

SinkResult PhysicalResultCollector::Sink(ExecutionContext& context, DataChunk& input,
                                         GlobalSinkState& global, LocalSinkState& local) const {
  auto& state = static_cast<MaterializedState&>(global);
  DataChunk copy = CopyChunk(input);
  std::lock_guard<std::mutex> lock(state.mutex);
  state.rows.Append(std::move(copy));
  return SinkResult::kNeedMoreInput;
}

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
