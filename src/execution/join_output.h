#pragma once

#include <atomic>
#include <functional>
#include <vector>

#include "execution/chunk_collection.h"
#include "execution/physical_operator.h"

namespace floe {

/// The batches a join produced for one input batch, handed out one per Execute call.
struct PendingJoinOutput : OperatorState {
  ChunkCollection pending;
  size_t next = 0;
  /// Returns true when the previous input batch is fully handed out.
  bool Drained() const { return next == 0 && pending.ChunkCount() == 0; }
  /// Moves the next batch into output (empty when none): kHaveMoreOutput while more
  /// remain, else kNeedMoreInput.
  OperatorResult Emit(DataChunk& output);
};

/// Hands `emit`, in batches, the build rows no probe row matched (RIGHT and FULL joins'
/// final output): NULL probe columns, then the first `payload` columns of `build`; stops
/// when `emit` returns false, and returns false then.
bool EmitUnmatchedBuildRows(const std::vector<LogicalType>& types, const DataChunk& build, size_t payload,
                            const std::atomic<bool>* matched, const std::function<bool(DataChunk&)>& emit);

}  // namespace floe
