#include "execution/operators/physical_order.h"

#include <algorithm>
#include <mutex>

#include "common/exception.h"
#include "common/row_bytes.h"
#include "common/vector_operations.h"
#include "execution/chunk_collection.h"
#include "execution/expression_executor.h"
#include "execution/spill/check_can_spill.h"
#include "execution/task_scheduler.h"
#include "io/spill_file.h"

namespace floe {

namespace {

// Bytes reserved per byte of buffered rows: the rows, their gathering into one batch and
// their copy in sorted order, all held at once while a run is sorted.
constexpr int64_t kSortMemoryFactor = 3;

// A sorted run being merged: the batch at hand and the row next in line; a spilled run's
// next batch is read from its file when this one is used up.
struct MergeCursor {
  DataChunk batch;
  size_t row = 0;
  SpillFile* file = nullptr;
};

struct OrderGlobalState : GlobalSinkState {
  ~OrderGlobalState() override {
    if (memory) memory->Release(reserved);
  }
  std::mutex mutex;
  // Each thread's rows (payload + computed keys), in blocks; Finalize turns each thread's
  // blocks into one sorted run.
  std::vector<std::vector<DataChunk>> blocks;
  std::vector<DataChunk> runs;
  // With several runs: the output order as (run, row), merged from the sorted runs.
  std::vector<uint32_t> merged_run;
  std::vector<uint32_t> merged_row;
  size_t first = 0;  // output starts at this position (OFFSET)
  size_t end = 0;    // and ends before this one
  // The runs threads spilled, each sorted, and their rows and bytes.
  std::vector<std::unique_ptr<SpillFile>> spilled;
  int64_t spilled_rows = 0;
  int64_t spilled_bytes = 0;
  // With spilled runs, the output is merged as it is read: a cursor per run (spilled or in
  // memory) and a heap of those with rows left.
  std::vector<MergeCursor> cursors;
  std::vector<uint32_t> heap;
  // What the threads' rows reserved (given back when the sort goes).
  MemoryReservation* memory = nullptr;
  int64_t reserved = 0;
};

struct OrderLocalState : LocalSinkState {
  std::vector<DataChunk> blocks;  // with a limit: one block, kept to the best rows
  int64_t reserved = 0;           // bytes reserved for `blocks`
};

struct OrderSourceState : GlobalSourceState {
  size_t next = 0;
  bool started = false;
};

}  // namespace

PhysicalOrder::PhysicalOrder(std::vector<LogicalType> types, std::vector<BoundOrder> orders,
                             std::optional<int64_t> limit, int64_t offset)
    : PhysicalOperator(std::move(types)), orders_(std::move(orders)), limit_(limit),
      offset_(offset) {
  buffered_types_ = types_;
  for (const auto& o : orders_) {
    const auto& e = *o.expression;
    if (e.kind == BoundExpressionKind::kColumnRef && e.index < types_.size()) {
      key_columns_.push_back(e.index);
    } else {
      key_columns_.push_back(buffered_types_.size());
      buffered_types_.push_back(e.type);
    }
  }
}

std::string PhysicalOrder::Details() const {
  std::string out = limit_ ? "limit=" + std::to_string(*limit_) + ", orderBy=[" : "[";
  for (size_t i = 0; i < orders_.size(); ++i) {
    if (i) out += ", ";
    out += orders_[i].expression->text + (orders_[i].ascending ? " ASC" : " DESC") +
           (orders_[i].nulls_first ? " NULLS FIRST" : " NULLS LAST");
  }
  return out + "]";
}

std::unique_ptr<GlobalSinkState> PhysicalOrder::GetGlobalSinkState(ExecutionContext&) const {
  return std::make_unique<OrderGlobalState>();
}

std::unique_ptr<LocalSinkState> PhysicalOrder::GetLocalSinkState(ExecutionContext&,
                                                                 GlobalSinkState&) const {
  return std::make_unique<OrderLocalState>();
}

// Sorts `rows` (payload + computed keys) and returns it reordered, truncated to `keep` rows.
static DataChunk SortChunk(const DataChunk& rows, const std::vector<size_t>& key_columns,
                           const std::vector<BoundOrder>& orders, size_t keep) {
  std::vector<const Vector*> keys;
  std::vector<SortKeySpec> specs;
  for (size_t k = 0; k < orders.size(); ++k) {
    keys.push_back(&rows.column(key_columns[k]));
    specs.push_back({orders[k].ascending, orders[k].nulls_first});
  }
  auto perm = SortPermutation(keys, specs, rows.size());
  if (perm.size() > keep) perm.resize(keep);
  DataChunk out;
  out.Initialize(rows.Types(), std::max<size_t>(perm.size(), 1));
  for (size_t c = 0; c < rows.ColumnCount(); ++c) {
    out.column(c).Gather(rows.column(c), perm.data(), perm.size());
  }
  out.SetSize(perm.size());
  return out;
}

// Sorts a thread's blocks (emptied) into one run of at most `keep` rows.
static DataChunk SortBlocks(std::vector<DataChunk>& blocks, const std::vector<LogicalType>& types,
                            const std::vector<size_t>& key_columns, const std::vector<BoundOrder>& orders,
                            size_t keep) {
  size_t rows = 0;
  for (const auto& b : blocks) rows += b.size();
  DataChunk all;
  if (blocks.size() == 1) {
    all = std::move(blocks[0]);
  } else {
    all.Initialize(types, std::max<size_t>(rows, 1));
    for (auto& b : blocks) {
      all.Append(b, 0, b.size());
      b = DataChunk();
    }
  }
  blocks.clear();
  return SortChunk(all, key_columns, orders, keep);
}

// A thread buffers rows in blocks of up to this many (growing from kBatchSize), so that
// no block is copied to grow.
constexpr size_t kBlockRows = 64 * 1024;

SinkResult PhysicalOrder::Sink(ExecutionContext& context, DataChunk& input,
                               GlobalSinkState& global, LocalSinkState& local_state) const {
  auto& local = static_cast<OrderLocalState&>(local_state);
  ExpressionExecutor executor(context.function_context);
  DataChunk rows;
  rows.Initialize(buffered_types_, std::max<size_t>(input.size(), 1));
  for (size_t c = 0; c < types_.size(); ++c) rows.column(c) = input.column(c);
  for (size_t k = 0; k < orders_.size(); ++k) {
    if (key_columns_[k] < types_.size()) continue;
    rows.column(key_columns_[k]) = executor.Evaluate(*orders_[k].expression, input);
  }
  rows.SetSize(input.size());
  if (limit_) {
    if (local.blocks.empty()) local.blocks.emplace_back(buffered_types_, kBatchSize);
    DataChunk& buffer = local.blocks.back();
    buffer.Append(rows, 0, rows.size());
    size_t keep = static_cast<size_t>(*limit_ + offset_);
    if (buffer.size() > std::max<size_t>(keep * 2, 4096)) {
      buffer = SortChunk(buffer, key_columns_, orders_, keep);
    }
    return SinkResult::kNeedMoreInput;
  }
  if (context.query) {
    MemoryReservation& memory = context.query->memory();
    int64_t need = kSortMemoryFactor * RowBytes(rows, nullptr, rows.size());
    if (!memory.TryReserve(need)) {
      // Over the limit: this thread's rows go to a sorted run on disk, then it starts again.
      auto& state = static_cast<OrderGlobalState&>(global);
      if (!local.blocks.empty()) {
        CheckCanSpill(context, "ORDER BY");
        DataChunk run = SortBlocks(local.blocks, buffered_types_, key_columns_, orders_, SIZE_MAX);
        auto file = std::make_unique<SpillFile>(*context.io, context.spill_folder, buffered_types_);
        for (size_t at = 0; at < run.size(); at += kBatchSize) {
          file->Append(run, at, std::min(kBatchSize, run.size() - at));
        }
        file->FinishWriting();
        memory.Release(local.reserved);
        local.reserved = 0;
        std::lock_guard<std::mutex> lock(state.mutex);
        state.spilled_rows += static_cast<int64_t>(run.size());
        state.spilled_bytes += static_cast<int64_t>(file->bytes());
        state.spilled.push_back(std::move(file));
      }
      // why: a batch is held whatever the others hold, or no thread could make progress
      if (!memory.TryReserve(need)) memory.ForceReserve(need);
    }
    local.reserved += need;
  }
  for (size_t done = 0; done < rows.size();) {
    if (local.blocks.empty() || local.blocks.back().size() == local.blocks.back().capacity()) {
      size_t capacity =
          local.blocks.empty() ? kBatchSize : std::min(kBlockRows, 2 * local.blocks.back().capacity());
      local.blocks.emplace_back(buffered_types_, capacity);
    }
    DataChunk& block = local.blocks.back();
    size_t n = std::min(rows.size() - done, block.capacity() - block.size());
    block.Append(rows, done, n);
    done += n;
  }
  return SinkResult::kNeedMoreInput;
}

void PhysicalOrder::Combine(ExecutionContext& context, GlobalSinkState& global,
                            LocalSinkState& local_state) const {
  auto& local = static_cast<OrderLocalState&>(local_state);
  auto& state = static_cast<OrderGlobalState&>(global);
  std::lock_guard<std::mutex> lock(state.mutex);
  if (local.reserved > 0) {
    state.memory = &context.query->memory();
    state.reserved += local.reserved;
    local.reserved = 0;
  }
  if (local.blocks.empty()) return;
  state.blocks.push_back(std::move(local.blocks));
}

namespace {

// Orders rows of sorted runs by their key columns.
struct RunComparator {
  const std::vector<DataChunk>& runs;
  const std::vector<size_t>& key_columns;
  const std::vector<BoundOrder>& orders;

  // True when row ra of run a sorts before row rb of run b; ties go to the lower run,
  // which keeps the merge stable.
  bool Before(uint32_t a, uint32_t ra, uint32_t b, uint32_t rb) const {
    for (size_t k = 0; k < orders.size(); ++k) {
      int c = CompareSortKey(runs[a].column(key_columns[k]), ra, runs[b].column(key_columns[k]), rb,
                             orders[k].ascending, orders[k].nulls_first);
      if (c != 0) return c < 0;
    }
    return a < b;
  }
};

// The external merge of the runs of an ORDER BY that spilled: a heap of cursors, one per
// run, whose top is the smallest row (ties to the lower cursor).
struct SpillMerge {
  OrderGlobalState& state;
  const std::vector<size_t>& key_columns;
  const std::vector<BoundOrder>& orders;

  bool RowBefore(const MergeCursor& x, const MergeCursor& y) const {
    for (size_t k = 0; k < orders.size(); ++k) {
      int c = CompareSortKey(x.batch.column(key_columns[k]), x.row, y.batch.column(key_columns[k]), y.row,
                             orders[k].ascending, orders[k].nulls_first);
      if (c != 0) return c < 0;
    }
    return false;
  }
  // The heap's order: true when cursor a's row comes after cursor b's.
  auto After() const {
    return [this](uint32_t a, uint32_t b) {
      const MergeCursor& x = state.cursors[a];
      const MergeCursor& y = state.cursors[b];
      if (RowBefore(y, x)) return true;
      if (RowBefore(x, y)) return false;
      return a > b;
    };
  }
  // Moves up to a batch of the next rows (the first `columns` columns) into `out`; returns
  // true while rows are left.
  bool Next(DataChunk& out, size_t columns) {
    auto after = After();
    size_t n = 0;
    while (n < kBatchSize && !state.heap.empty()) {
      std::pop_heap(state.heap.begin(), state.heap.end(), after);
      MergeCursor& cursor = state.cursors[state.heap.back()];
      for (size_t c = 0; c < columns; ++c) {
        const Vector& src = cursor.batch.column(c);
        Vector& dst = out.column(c);
        if (src.type().HasStringStorage() && !src.IsNull(cursor.row)) {
          // why: the cursor's batch is replaced by the next one read; the output keeps a copy
          dst.SetNull(n, false);
          dst.SetString(n, src.Data<StringRef>()[cursor.row].view());
        } else {
          dst.CopyRow(src, cursor.row, n);
        }
      }
      ++n;
      if (++cursor.row == cursor.batch.size()) {
        cursor.row = 0;
        if (!cursor.file || !cursor.file->Read(cursor.batch) || cursor.batch.size() == 0) {
          state.heap.pop_back();
          continue;
        }
      }
      std::push_heap(state.heap.begin(), state.heap.end(), after);
    }
    out.SetSize(n);
    return !state.heap.empty();
  }
};

}  // namespace

void PhysicalOrder::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  auto& state = static_cast<OrderGlobalState&>(global);
  auto& runs = state.runs;
  size_t total = 0;
  for (const auto& thread : state.blocks) {
    for (const auto& b : thread) total += b.size();
  }
  total += static_cast<size_t>(state.spilled_rows);
  size_t keep = limit_ ? std::min(total, static_cast<size_t>(*limit_ + offset_)) : total;
  // Each thread's rows are gathered into one batch and sorted by their own task.
  runs.resize(state.blocks.size());
  auto sort_run = [&](size_t i) {
    runs[i] = SortBlocks(state.blocks[i], buffered_types_, key_columns_, orders_, keep);
  };
  if (context.scheduler) {
    context.scheduler->ForEach(context.threads, runs.size(), sort_run);
  } else {
    for (size_t i = 0; i < runs.size(); ++i) sort_run(i);
  }
  state.blocks.clear();
  state.first = limit_ ? std::min(keep, static_cast<size_t>(offset_)) : 0;
  state.end = keep;
  if (!state.spilled.empty()) {
    // An external merge: GetData merges the runs in memory and those spilled (no top-N
    // spills) a batch at a time.
    for (auto& run : runs) {
      if (run.size() > 0) state.cursors.push_back({std::move(run), 0, nullptr});
    }
    runs.clear();
    for (auto& file : state.spilled) {
      MergeCursor cursor;
      cursor.file = file.get();
      if (file->Read(cursor.batch) && cursor.batch.size() > 0) state.cursors.push_back(std::move(cursor));
    }
    for (uint32_t c = 0; c < state.cursors.size(); ++c) state.heap.push_back(c);
    SpillMerge merge{state, key_columns_, orders_};
    std::make_heap(state.heap.begin(), state.heap.end(), merge.After());
    return;
  }
  if (runs.size() <= 1) return;
  // K-way merge of the run heads (a binary heap of run numbers) into the output order.
  RunComparator cmp{runs, key_columns_, orders_};
  std::vector<uint32_t> pos(runs.size(), 0);
  std::vector<uint32_t> heap;
  for (uint32_t r = 0; r < runs.size(); ++r) {
    if (runs[r].size() > 0) heap.push_back(r);
  }
  auto after = [&](uint32_t a, uint32_t b) { return cmp.Before(b, pos[b], a, pos[a]); };
  std::make_heap(heap.begin(), heap.end(), after);
  state.merged_run.reserve(keep);
  state.merged_row.reserve(keep);
  while (state.merged_run.size() < keep && !heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), after);
    uint32_t r = heap.back();
    state.merged_run.push_back(r);
    state.merged_row.push_back(pos[r]);
    if (++pos[r] < runs[r].size()) {
      std::push_heap(heap.begin(), heap.end(), after);
    } else {
      heap.pop_back();
    }
  }
}

std::unique_ptr<GlobalSourceState> PhysicalOrder::GetGlobalSourceState(ExecutionContext&) const {
  return std::make_unique<OrderSourceState>();
}

bool PhysicalOrder::GetData(ExecutionContext&, DataChunk& out, GlobalSourceState& global,
                            LocalSourceState&) const {
  auto& source = static_cast<OrderSourceState&>(global);
  auto& state = static_cast<OrderGlobalState&>(*sink_state);
  if (!state.cursors.empty()) return SpillMerge{state, key_columns_, orders_}.Next(out, types_.size());
  if (!source.started) {
    source.next = state.first;
    source.started = true;
  }
  size_t n = std::min(kBatchSize, state.end - std::min(source.next, state.end));
  if (state.runs.size() == 1) {
    for (size_t c = 0; c < types_.size(); ++c) {
      out.column(c).CopyRange(state.runs[0].column(c), source.next, 0, n);
    }
  } else if (n > 0) {
    const uint32_t* run = state.merged_run.data() + source.next;
    const uint32_t* row = state.merged_row.data() + source.next;
    for (size_t c = 0; c < types_.size(); ++c) {
      Vector& dst = out.column(c);
      for (size_t i = 0; i < n; ++i) dst.CopyRow(state.runs[run[i]].column(c), row[i], i);
      if (types_[c].HasStringStorage()) {
        for (const auto& r : state.runs) dst.ShareHeapsOf(r.column(c));
      }
    }
  }
  out.SetSize(n);
  source.next += n;
  return source.next < state.end;
}

std::vector<std::string> PhysicalOrder::AnalyzeLines() const {
  const auto* state = static_cast<const OrderGlobalState*>(sink_state.get());
  if (!state || state->spilled_rows == 0) return {};
  return {"spilled: " + std::to_string(state->spilled.size()) + " runs, " + std::to_string(state->spilled_rows) +
          " rows, " + std::to_string(state->spilled_bytes) + " bytes"};
}

}  // namespace floe
