#include "execution/operators/physical_replicate_rows.h"

#include <algorithm>

namespace floe {

namespace {

// Where the operator is within the current input batch: a row and the copies of it
// already emitted, kept across the calls that return kHaveMoreOutput.
struct ReplicateState : OperatorState {
  size_t row = 0;
  int64_t emitted = 0;
};

}  // namespace

std::string PhysicalReplicateRows::Details() const {
  return count_ == ReplicateCount::kMinimum ? "min(left, right) copies" : "left - right copies";
}

std::unique_ptr<OperatorState> PhysicalReplicateRows::GetOperatorState(ExecutionContext&) const {
  return std::make_unique<ReplicateState>();
}

OperatorResult PhysicalReplicateRows::Execute(ExecutionContext& context, DataChunk& input,
                                              DataChunk& output, OperatorState& state) const {
  auto& s = static_cast<ReplicateState&>(state);
  size_t width = types_.size();
  const Vector& left = input.column(width);
  const Vector& right = input.column(width + 1);
  auto copies = [&](size_t row) -> int64_t {
    // count() never returns NULL; a NULL here would be a planning bug, so it emits nothing.
    if (left.IsNull(row) || right.IsNull(row)) return 0;
    int64_t m = left.Data<int64_t>()[row];
    int64_t n = right.Data<int64_t>()[row];
    return count_ == ReplicateCount::kMinimum ? std::min(m, n) : std::max<int64_t>(m - n, 0);
  };
  std::vector<uint32_t> sel;
  sel.reserve(kBatchSize);
  while (s.row < input.size() && sel.size() < kBatchSize) {
    int64_t wanted = copies(s.row);
    int64_t take = std::min<int64_t>(wanted - s.emitted, static_cast<int64_t>(kBatchSize - sel.size()));
    for (int64_t k = 0; k < take; ++k) sel.push_back(static_cast<uint32_t>(s.row));
    s.emitted += std::max<int64_t>(take, 0);
    if (s.emitted >= wanted) {
      ++s.row;
      s.emitted = 0;
    }
  }
  for (size_t c = 0; c < width; ++c) {
    const Vector& src = input.column(c);
    Vector& out = output.column(c);
    out.Gather(src, sel.data(), sel.size());
    if (src.type().HasStringStorage()) out.ShareHeapsOf(src);
  }
  output.SetSize(sel.size());
  if (s.row < input.size()) return OperatorResult::kHaveMoreOutput;
  s.row = 0;
  s.emitted = 0;
  return OperatorResult::kNeedMoreInput;
}

}  // namespace floe
