#include "execution/chunk_collection.h"

namespace floe {

DataChunk CopyChunk(const DataChunk& chunk) {
  DataChunk copy;
  copy.Initialize(chunk.Types(), std::max<size_t>(chunk.size(), 1));
  copy.Append(chunk, 0, chunk.size());
  return copy;
}

}  // namespace floe
