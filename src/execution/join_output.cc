#include "execution/join_output.h"

#include <algorithm>

namespace floe {

OperatorResult PendingJoinOutput::Emit(DataChunk& output) {
  if (next >= pending.ChunkCount()) {
    pending = ChunkCollection();
    next = 0;
    output.SetSize(0);
    return OperatorResult::kNeedMoreInput;
  }
  output = pending.chunk(next++);
  if (next < pending.ChunkCount()) return OperatorResult::kHaveMoreOutput;
  pending = ChunkCollection();
  next = 0;
  return OperatorResult::kNeedMoreInput;
}

bool EmitUnmatchedBuildRows(const std::vector<LogicalType>& types, const DataChunk& build, size_t payload,
                            const std::atomic<bool>* matched, const std::function<bool(DataChunk&)>& emit) {
  size_t probe_cols = types.size() - payload;
  std::vector<uint32_t> rows;
  for (size_t i = 0; i < build.size(); ++i) {
    if (!matched[i].load(std::memory_order_relaxed)) rows.push_back(static_cast<uint32_t>(i));
  }
  for (size_t start = 0; start < rows.size(); start += kBatchSize) {
    size_t n = std::min(kBatchSize, rows.size() - start);
    DataChunk chunk;
    chunk.Initialize(types, n);
    for (size_t c = 0; c < probe_cols; ++c) {
      for (size_t i = 0; i < n; ++i) chunk.column(c).SetNull(i, true);
    }
    for (size_t c = 0; c < payload; ++c) {
      chunk.column(probe_cols + c).Gather(build.column(c), rows.data() + start, n);
    }
    chunk.SetSize(n);
    if (!emit(chunk)) return false;
  }
  return true;
}

}  // namespace floe
