#include "execution/chunk_collection.h"

namespace floe {

DataChunk CopyChunk(const DataChunk& chunk) {
  DataChunk copy;
  copy.Initialize(chunk.Types(), std::max<size_t>(chunk.size(), 1));
  copy.Append(chunk, 0, chunk.size());
  return copy;
}

bool NextBatchOf(const DataChunk& rows, size_t* next, DataChunk& out) {
  size_t n = std::min(kBatchSize, rows.size() - *next);
  for (size_t c = 0; c < rows.ColumnCount(); ++c) out.column(c).CopyRange(rows.column(c), *next, 0, n);
  out.SetSize(n);
  *next += n;
  return *next < rows.size();
}

}  // namespace floe
