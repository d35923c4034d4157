#include "execution/operators/physical_order.h"

#include <algorithm>
#include <mutex>

#include "common/vector_operations.h"
#include "execution/chunk_collection.h"
#include "execution/expression_executor.h"
#include "execution/task_scheduler.h"

namespace floe {

namespace {

struct OrderGlobalState : GlobalSinkState {
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
};

struct OrderLocalState : LocalSinkState {
  std::vector<DataChunk> blocks;  // with a limit: one block, kept to the best rows
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

void PhysicalOrder::Combine(ExecutionContext&, GlobalSinkState& global,
                            LocalSinkState& local_state) const {
  auto& local = static_cast<OrderLocalState&>(local_state);
  if (local.blocks.empty()) return;
  auto& state = static_cast<OrderGlobalState&>(global);
  std::lock_guard<std::mutex> lock(state.mutex);
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

}  // namespace

void PhysicalOrder::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  auto& state = static_cast<OrderGlobalState&>(global);
  auto& runs = state.runs;
  size_t total = 0;
  for (const auto& thread : state.blocks) {
    for (const auto& b : thread) total += b.size();
  }
  size_t keep = limit_ ? std::min(total, static_cast<size_t>(*limit_ + offset_)) : total;
  // Each thread's rows are gathered into one batch and sorted by their own task.
  runs.resize(state.blocks.size());
  auto sort_run = [&](size_t i) {
    auto& blocks = state.blocks[i];
    size_t rows = 0;
    for (const auto& b : blocks) rows += b.size();
    DataChunk all;
    if (blocks.size() == 1) {
      all = std::move(blocks[0]);
    } else {
      all.Initialize(buffered_types_, std::max<size_t>(rows, 1));
      for (auto& b : blocks) {
        all.Append(b, 0, b.size());
        b = DataChunk();
      }
    }
    runs[i] = SortChunk(all, key_columns_, orders_, keep);
  };
  if (context.scheduler) {
    context.scheduler->ForEach(context.threads, runs.size(), sort_run);
  } else {
    for (size_t i = 0; i < runs.size(); ++i) sort_run(i);
  }
  state.blocks.clear();
  state.first = limit_ ? std::min(keep, static_cast<size_t>(offset_)) : 0;
  state.end = keep;
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
      if (types_[c].IsStringLike()) {
        for (const auto& r : state.runs) dst.ShareHeapsOf(r.column(c));
      }
    }
  }
  out.SetSize(n);
  source.next += n;
  return source.next < state.end;
}

}  // namespace floe
