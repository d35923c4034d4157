#include "execution/materialized_rows.h"

namespace floe {

bool ScanCollection(ChunkCollection& rows, CollectionSourceState& state, DataChunk& out) {
  std::lock_guard<std::mutex> lock(state.mutex);
  if (state.next >= rows.ChunkCount()) return false;
  out = rows.chunk(state.next++);
  return state.next < rows.ChunkCount();
}

}  // namespace floe
