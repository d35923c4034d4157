#include "execution/table_sources/memory_table.h"

#include <algorithm>
#include <atomic>

namespace floe {

namespace {
struct MemoryScanState : TableScanState {
  std::vector<std::shared_ptr<DataChunk>> chunks;
  std::vector<size_t> column_ids;
  std::atomic<size_t> next{0};
};
}  // namespace

MemoryTable::MemoryTable(std::string name, std::vector<std::string> names,
                         std::vector<LogicalType> types, std::vector<bool> not_null)
    : name_(std::move(name)), names_(std::move(names)), types_(std::move(types)),
      not_null_(std::move(not_null)) {}

std::unique_ptr<TableScanState> MemoryTable::InitScan(const ScanRequest& request) const {
  auto state = std::make_unique<MemoryScanState>();
  std::lock_guard<std::mutex> lock(mutex_);
  state->chunks = chunks_;
  state->column_ids = request.column_ids;
  return state;
}

bool MemoryTable::Scan(TableScanState& global, LocalTableScanState*, DataChunk& out) const {
  auto& state = static_cast<MemoryScanState&>(global);
  size_t index = state.next.fetch_add(1);
  if (index >= state.chunks.size()) {
    out.SetSize(0);
    return false;
  }
  const DataChunk& chunk = *state.chunks[index];
  for (size_t i = 0; i < state.column_ids.size(); ++i) {
    out.column(i) = chunk.column(state.column_ids[i]);
  }
  out.SetSize(chunk.size());
  return index + 1 < state.chunks.size();
}

std::optional<size_t> MemoryTable::EstimatedRows() const {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t rows = 0;
  for (const auto& c : chunks_) rows += c->size();
  return rows;
}

void MemoryTable::AppendRows(const std::vector<std::vector<Value>>& rows) {
  std::vector<std::shared_ptr<DataChunk>> chunks;
  for (size_t start = 0; start < rows.size(); start += kBatchSize) {
    size_t n = std::min(kBatchSize, rows.size() - start);
    auto chunk = std::make_shared<DataChunk>(types_, n);
    for (size_t r = 0; r < n; ++r) {
      for (size_t c = 0; c < types_.size(); ++c) chunk->column(c).SetValue(r, rows[start + r][c]);
    }
    chunk->SetSize(n);
    chunks.push_back(std::move(chunk));
  }
  Append(std::move(chunks));
}

void MemoryTable::Append(std::vector<std::shared_ptr<DataChunk>> chunks) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& c : chunks) chunks_.push_back(std::move(c));
}

void MemoryTable::Replace(std::vector<std::shared_ptr<DataChunk>> chunks) {
  std::lock_guard<std::mutex> lock(mutex_);
  chunks_ = std::move(chunks);
}

}  // namespace floe
