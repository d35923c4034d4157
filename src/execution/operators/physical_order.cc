#include "execution/operators/physical_order.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <atomic>
#include <mutex>
#include <numeric>

#include "common/vector_operations.h"
#include "execution/chunk_collection.h"
#include "execution/expression_executor.h"
#include "execution/task_scheduler.h"

namespace floe {

namespace {

struct OrderGlobalState : GlobalSinkState {
  std::mutex mutex;
  // Each thread's rows (payload + keys); after Finalize each is sorted (a run).
  std::vector<DataChunk> runs;
  // With several runs: the output order as (run, row), merged from the sorted runs.
  std::vector<uint32_t> merged_run;
  std::vector<uint32_t> merged_row;
  size_t first = 0;  // output starts at this position (OFFSET)
  size_t end = 0;    // and ends before this one
};

struct OrderLocalState : LocalSinkState {
  DataChunk buffer;
  bool initialized = false;
};

struct OrderSourceState : GlobalSourceState {
  size_t next = 0;
  bool started = false;
};

}  // namespace

namespace {

constexpr uint64_t kSignBit = uint64_t{1} << 63;

uint64_t SignedPrefix(int64_t x) { return static_cast<uint64_t>(x) ^ kSignBit; }

template <typename T>
uint64_t FloatPrefix(T x) {
  if (std::isnan(x)) return ~uint64_t{0};  // NaN sorts after every other value, as in Spark
  double d = x == 0 ? 0.0 : static_cast<double>(x);
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof(bits));
  return (bits & kSignBit) ? ~bits : bits | kSignBit;
}

// Writes an order-preserving 64-bit prefix of the values at `rows`, NULLs aside:
// prefix(a) < prefix(b) means a < b. Returns whether equal prefixes mean equal values
// (otherwise the rows themselves must be compared).
bool KeyPrefixes(const Vector& v, const uint32_t* rows, size_t count, uint64_t* out) {
  switch (v.type().id()) {
    case TypeId::kNull:
      std::fill(out, out + count, uint64_t{0});
      return true;
    case TypeId::kBoolean:
      for (size_t i = 0; i < count; ++i) out[i] = v.Data<uint8_t>()[rows[i]];
      return true;
    case TypeId::kInt32:
    case TypeId::kDate:
      for (size_t i = 0; i < count; ++i) {
        out[i] = SignedPrefix(v.Data<int32_t>()[rows[i]]);
      }
      return true;
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
      for (size_t i = 0; i < count; ++i) out[i] = SignedPrefix(v.Data<int64_t>()[rows[i]]);
      return true;
    case TypeId::kFloat:
      for (size_t i = 0; i < count; ++i) out[i] = FloatPrefix(v.Data<float>()[rows[i]]);
      return true;
    case TypeId::kDouble:
      for (size_t i = 0; i < count; ++i) out[i] = FloatPrefix(v.Data<double>()[rows[i]]);
      return true;
    case TypeId::kDecimal:
      for (size_t i = 0; i < count; ++i) {
        out[i] = SignedPrefix(static_cast<int64_t>(v.Data<int128_t>()[rows[i]] >> 64));
      }
      return false;
    case TypeId::kString:
    case TypeId::kBinary:
      for (size_t i = 0; i < count; ++i) {
        const StringRef& s = v.Data<StringRef>()[rows[i]];
        uint64_t p = 0;
        size_t n = std::min<size_t>(s.size, 8);
        for (size_t b = 0; b < n; ++b) {
          p |= uint64_t{static_cast<uint8_t>(s.data[b])} << (56 - 8 * b);
        }
        out[i] = p;
      }
      return false;
    case TypeId::kInterval:
      for (size_t i = 0; i < count; ++i) {
        out[i] = SignedPrefix(v.Data<Interval>()[rows[i]].months);
      }
      return false;
  }
  return false;
}

// A row to sort: NULL rank and prefix of the key being sorted on, then the row number.
struct SortEntry {
  uint64_t prefix;
  uint32_t null_rank;  // orders NULLs before or after the other values
  uint32_t row;
};

// Sorts entries [begin, end), which are equal on the keys before `k`, by keys k, k+1, ...
// and then by row number (which keeps the sort stable). Entries are sorted by the prefix of
// key k; when the prefix is the whole value, runs of equal prefixes are sorted by the next
// key the same way; otherwise equal prefixes compare the rows themselves.
void SortEntries(SortEntry* begin, SortEntry* end, size_t k,
                 const std::vector<const Vector*>& keys, const std::vector<SortKeySpec>& specs) {
  const Vector& v = *keys[k];
  const SortKeySpec& spec = specs[k];
  uint32_t rows[kBatchSize];
  uint64_t prefixes[kBatchSize];
  bool exact = true;
  for (SortEntry* e = begin; e < end; e += kBatchSize) {
    size_t n = std::min<size_t>(kBatchSize, end - e);
    for (size_t j = 0; j < n; ++j) rows[j] = e[j].row;
    exact = KeyPrefixes(v, rows, n, prefixes);
    for (size_t j = 0; j < n; ++j) {
      bool is_null = v.IsNull(rows[j]);
      e[j].prefix = is_null ? 0 : (spec.ascending ? prefixes[j] : ~prefixes[j]);
      e[j].null_rank = is_null == spec.nulls_first ? 0 : 1;
    }
  }
  if (!exact) {
    auto compare_rows = [&](uint32_t a, uint32_t b) {
      for (size_t key = k; key < keys.size(); ++key) {
        const Vector& kv = *keys[key];
        bool an = kv.IsNull(a), bn = kv.IsNull(b);
        if (an || bn) {
          if (an && bn) continue;
          return an == specs[key].nulls_first ? -1 : 1;
        }
        int c = CompareRows(kv, a, kv, b);
        if (c != 0) return specs[key].ascending ? c : -c;
      }
      return 0;
    };
    std::sort(begin, end, [&](const SortEntry& a, const SortEntry& b) {
      if (a.null_rank != b.null_rank) return a.null_rank < b.null_rank;
      if (a.prefix != b.prefix) return a.prefix < b.prefix;
      int c = compare_rows(a.row, b.row);
      return c != 0 ? c < 0 : a.row < b.row;
    });
    return;
  }
  std::sort(begin, end, [](const SortEntry& a, const SortEntry& b) {
    if (a.null_rank != b.null_rank) return a.null_rank < b.null_rank;
    if (a.prefix != b.prefix) return a.prefix < b.prefix;
    return a.row < b.row;
  });
  if (k + 1 == keys.size()) return;
  for (SortEntry* group = begin; group < end;) {
    SortEntry* next = group + 1;
    while (next < end && next->null_rank == group->null_rank && next->prefix == group->prefix) {
      ++next;
    }
    if (next - group > 1) SortEntries(group, next, k + 1, keys, specs);
    group = next;
  }
}

}  // namespace

std::vector<uint32_t> SortPermutation(const std::vector<const Vector*>& keys,
                                      const std::vector<SortKeySpec>& specs, size_t count) {
  std::vector<SortEntry> entries(count);
  for (size_t i = 0; i < count; ++i) entries[i] = {0, 0, static_cast<uint32_t>(i)};
  if (!keys.empty() && count > 1) {
    SortEntries(entries.data(), entries.data() + count, 0, keys, specs);
  }
  std::vector<uint32_t> perm(count);
  for (size_t i = 0; i < count; ++i) perm[i] = entries[i].row;
  return perm;
}

PhysicalOrder::PhysicalOrder(std::vector<LogicalType> types, std::vector<BoundOrder> orders,
                             std::optional<int64_t> limit, int64_t offset)
    : PhysicalOperator(std::move(types)), orders_(std::move(orders)), limit_(limit),
      offset_(offset) {}

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

// Sorts `rows` (payload + keys) and returns it reordered, truncated to `keep` rows.
static DataChunk SortChunk(const DataChunk& rows, size_t payload,
                           const std::vector<BoundOrder>& orders, size_t keep) {
  std::vector<const Vector*> keys;
  std::vector<SortKeySpec> specs;
  for (size_t k = 0; k < orders.size(); ++k) {
    keys.push_back(&rows.column(payload + k));
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

SinkResult PhysicalOrder::Sink(ExecutionContext& context, DataChunk& input,
                               GlobalSinkState& global, LocalSinkState& local_state) const {
  auto& local = static_cast<OrderLocalState&>(local_state);
  ExpressionExecutor executor(context.function_context);
  DataChunk with_keys;
  std::vector<LogicalType> all_types = types_;
  for (const auto& o : orders_) all_types.push_back(o.expression->type);
  if (!local.initialized) {
    local.buffer.Initialize(all_types, kBatchSize);
    local.initialized = true;
  }
  with_keys.Initialize(all_types, std::max<size_t>(input.size(), 1));
  for (size_t c = 0; c < types_.size(); ++c) with_keys.column(c) = input.column(c);
  for (size_t k = 0; k < orders_.size(); ++k) {
    with_keys.column(types_.size() + k) = executor.Evaluate(*orders_[k].expression, input);
  }
  with_keys.SetSize(input.size());
  local.buffer.Append(with_keys, 0, with_keys.size());
  if (limit_) {
    size_t keep = static_cast<size_t>(*limit_ + offset_);
    if (local.buffer.size() > std::max<size_t>(keep * 2, 4096)) {
      local.buffer = SortChunk(local.buffer, types_.size(), orders_, keep);
    }
  }
  return SinkResult::kNeedMoreInput;
}

void PhysicalOrder::Combine(ExecutionContext&, GlobalSinkState& global,
                            LocalSinkState& local_state) const {
  auto& local = static_cast<OrderLocalState&>(local_state);
  if (!local.initialized || local.buffer.size() == 0) return;
  auto& state = static_cast<OrderGlobalState&>(global);
  std::lock_guard<std::mutex> lock(state.mutex);
  state.runs.push_back(std::move(local.buffer));
}

namespace {

// Orders rows of sorted runs by the key columns (from column `payload` on).
struct RunComparator {
  const std::vector<DataChunk>& runs;
  size_t payload;
  const std::vector<BoundOrder>& orders;

  // True when row ra of run a sorts before row rb of run b; ties go to the lower run,
  // which keeps the merge stable.
  bool Before(uint32_t a, uint32_t ra, uint32_t b, uint32_t rb) const {
    for (size_t k = 0; k < orders.size(); ++k) {
      const Vector& va = runs[a].column(payload + k);
      const Vector& vb = runs[b].column(payload + k);
      bool an = va.IsNull(ra), bn = vb.IsNull(rb);
      if (an || bn) {
        if (an && bn) continue;
        return an == orders[k].nulls_first;
      }
      int c = CompareRows(va, ra, vb, rb);
      if (c != 0) return orders[k].ascending ? c < 0 : c > 0;
    }
    return a < b;
  }
};

}  // namespace

void PhysicalOrder::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  auto& state = static_cast<OrderGlobalState&>(global);
  auto& runs = state.runs;
  size_t total = 0;
  for (const auto& r : runs) total += r.size();
  size_t keep = limit_ ? std::min(total, static_cast<size_t>(*limit_ + offset_)) : total;
  // Each run is sorted by its own task.
  std::atomic<size_t> next_run{0};
  auto sort_runs = [&](int) {
    for (size_t i = next_run++; i < runs.size(); i = next_run++) {
      runs[i] = SortChunk(runs[i], types_.size(), orders_, keep);
    }
  };
  int threads = std::min<int>(context.threads, static_cast<int>(runs.size()));
  if (threads > 1 && context.scheduler) {
    context.scheduler->RunParallel(threads, sort_runs);
  } else {
    sort_runs(0);
  }
  state.first = limit_ ? std::min(keep, static_cast<size_t>(offset_)) : 0;
  state.end = keep;
  if (runs.size() <= 1) return;
  // K-way merge of the run heads (a binary heap of run numbers) into the output order.
  RunComparator cmp{runs, types_.size(), orders_};
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
