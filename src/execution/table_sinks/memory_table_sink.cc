#include "execution/table_sinks/memory_table_sink.h"

#include <algorithm>

namespace floe {

namespace {

class MemoryTableWrite : public TableWrite {
 public:
  // why: a temporary table has no partitions; any overwrite replaces every row
  MemoryTableWrite(std::shared_ptr<MemoryTable> table, bool overwrite)
      : table_(std::move(table)), overwrite_(overwrite) {}

  std::unique_ptr<LocalState> NewLocalState() override { return std::make_unique<LocalState>(); }
  // One thread writes (PreservesOrder), so the rows need no lock.
  void Write(LocalState&, const DataChunk& chunk) override {
    auto copy = std::make_shared<DataChunk>(table_->types(), std::max<size_t>(chunk.size(), 1));
    copy->Append(chunk, 0, chunk.size());
    rows_ += static_cast<int64_t>(chunk.size());
    chunks_.push_back(std::move(copy));
  }
  void Flush(LocalState&) override {}
  int64_t Commit(const ParallelRunner&) override {
    if (overwrite_) {
      table_->Replace(std::move(chunks_));
    } else {
      table_->Append(std::move(chunks_));
    }
    return rows_;
  }

 private:
  std::shared_ptr<MemoryTable> table_;
  bool overwrite_;
  std::vector<std::shared_ptr<DataChunk>> chunks_;
  int64_t rows_ = 0;
};

}  // namespace

MemoryTableSink::MemoryTableSink(std::string name, std::shared_ptr<MemoryTable> table)
    : name_(std::move(name)), table_(std::move(table)) {}

std::unique_ptr<TableWrite> MemoryTableSink::BeginWrite(const WriteMode& mode) const {
  return std::make_unique<MemoryTableWrite>(table_, mode.overwrite());
}

}  // namespace floe
