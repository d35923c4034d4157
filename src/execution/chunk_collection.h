#pragma once

#include <memory>
#include <vector>

#include "common/vector.h"

namespace floe {

/// Batches appended one after another; owns them. Rows are addressed by (chunk, row).
class ChunkCollection {
 public:
  /// Takes a batch (its storage is shared, not copied).
  void Append(DataChunk chunk) {
    if (chunk.size() == 0) return;
    rows_ += chunk.size();
    chunks_.push_back(std::make_unique<DataChunk>(std::move(chunk)));
  }
  /// Moves every batch of another collection to the end of this one.
  void Merge(ChunkCollection&& other) {
    for (auto& c : other.chunks_) chunks_.push_back(std::move(c));
    rows_ += other.rows_;
    other.chunks_.clear();
    other.rows_ = 0;
  }
  size_t RowCount() const { return rows_; }
  size_t ChunkCount() const { return chunks_.size(); }
  DataChunk& chunk(size_t i) { return *chunks_[i]; }
  const DataChunk& chunk(size_t i) const { return *chunks_[i]; }
  std::vector<std::unique_ptr<DataChunk>>& chunks() { return chunks_; }

 private:
  std::vector<std::unique_ptr<DataChunk>> chunks_;
  size_t rows_ = 0;
};

/// Copies a batch so that it owns its storage (the source batch may be reused).
DataChunk CopyChunk(const DataChunk& chunk);

/// Copies the next batch of at most kBatchSize rows of `rows`, from row *next on, into
/// out (which has rows' types) and advances *next; returns true while rows remain.
bool NextBatchOf(const DataChunk& rows, size_t* next, DataChunk& out);

}  // namespace floe
