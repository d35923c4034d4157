#pragma once

#include <mutex>

#include "execution/chunk_collection.h"
#include "execution/physical_operator.h"

namespace floe {

/// Global state of sinks that keep every batch they receive.
struct MaterializedState : GlobalSinkState {
  /// Keeps a copy of `input` (copied outside the lock; threads may call it at once).
  void Keep(const DataChunk& input) {
    DataChunk copy = CopyChunk(input);
    std::lock_guard<std::mutex> lock(mutex);
    rows.Append(std::move(copy));
  }

  std::mutex mutex;
  ChunkCollection rows;
};

/// Reads a ChunkCollection back batch by batch (in order when not parallel).
struct CollectionSourceState : GlobalSourceState {
  std::mutex mutex;
  size_t next = 0;
};

/// Puts the next batch of `rows` in `out`; returns whether more batches follow.
bool ScanCollection(ChunkCollection& rows, CollectionSourceState& state, DataChunk& out);

}  // namespace floe
