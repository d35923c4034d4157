#include "execution/operators/physical_values.h"

#include <algorithm>

namespace floe {

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

}  // namespace floe
