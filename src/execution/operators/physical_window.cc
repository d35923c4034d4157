#include "execution/operators/physical_window.h"

#include <atomic>
#include <cmath>
#include <mutex>

#include "common/decimal.h"
#include "common/row_bytes.h"
#include "common/exception.h"
#include "common/vector_operations.h"
#include "execution/chunk_collection.h"
#include "execution/expression_executor.h"
#include "execution/operators/physical_order.h"
#include "execution/spill/check_can_spill.h"
#include "execution/streaming_window.h"
#include "planner/bound_window_function.h"

namespace floe {

namespace {

// Bytes reserved per byte of buffered rows: the rows, a function's keys and arguments with
// their sorted copies, and its results.
constexpr int64_t kWindowMemoryFactor = 3;

struct WindowState : GlobalSinkState {
  ~WindowState() override {
    if (memory) memory->Release(reserved);
  }
  std::mutex mutex;
  DataChunk rows;
  bool initialized = false;
  DataChunk output;
  MemoryReservation* memory = nullptr;
  int64_t reserved = 0;
  // Once memory_limit refused the rows more (only when the functions stream): every row,
  // with its window's keys and its functions' arguments, goes to an external sort, and the
  // functions are computed over the sorted rows as they stream out.
  std::atomic<bool> external{false};
  std::unique_ptr<PhysicalOrder> sorter;  // set when the functions stream
  StreamingWindow::WideLayout layout;
};

struct WindowLocalState : LocalSinkState {
  std::unique_ptr<LocalSinkState> sorter;
};

struct WindowSourceState : GlobalSourceState {
  size_t next = 0;
  // External: the sorted rows and the functions over them.
  std::unique_ptr<GlobalSourceState> sorted;
  std::unique_ptr<LocalSourceState> sorted_local;
  std::unique_ptr<StreamingWindow> stream;
  bool input_done = false;
};

/// Returns true when a segment tree of this aggregate's states stays O(n) in memory: small
/// states that own no heap memory, or own one value at most (min/max/first/last of strings).
bool TreeFriendly(const BoundAggregateFunction& agg) {
  if (agg.state_size > 64) return false;
  if (!agg.destroy) return true;
  static const char* const kOneValue[] = {"min", "max", "first", "last", "min_by", "max_by"};
  for (const char* name : kOneValue) {
    if (agg.name == name) return true;
  }
  return false;
}

/// Aggregates frames [froms[i], tos[i]) of the rows [start, end) (sorted positions) into
/// result rows [start, end) with a segment tree of aggregate states: leaf k holds row
/// start + k, each inner node the combination of its two children, so any frame is the
/// combination of O(log n) nodes, taken left to right (order-sensitive aggregates such as
/// first/last see the rows in order). `filter`, when set, flags the rows that pass FILTER.
void AggregateFrames(const BoundAggregateFunction& agg, const std::vector<Vector>& args,
                     const std::vector<uint8_t>* filter, size_t start, size_t end,
                     const std::vector<size_t>& froms, const std::vector<size_t>& tos,
                     Vector& result, const FunctionContext& context) {
  size_t size = end - start;
  // new[] aligns to 16, the most any state asks; strides keep that.
  size_t stride = (std::max<size_t>(agg.state_size, 1) + 15) / 16 * 16;
  size_t leaves = 1;
  while (leaves < size) leaves <<= 1;
  std::unique_ptr<uint8_t[]> tree(new uint8_t[2 * leaves * stride]);
  auto node = [&](size_t k) { return tree.get() + k * stride; };
  for (size_t k = 1; k < 2 * leaves; ++k) agg.initialize(node(k));
  struct Destroyer {
    const BoundAggregateFunction& agg;
    uint8_t* base;
    size_t stride, count;
    ~Destroyer() {
      if (!agg.destroy) return;
      for (size_t k = 1; k < count; ++k) agg.destroy(base + k * stride);
    }
  } destroy_tree{agg, tree.get(), stride, 2 * leaves};
  // Leaves: one update call for every row that passes the filter.
  std::vector<uint32_t> rows;
  std::vector<uint8_t*> states;
  for (size_t k = start; k < end; ++k) {
    if (filter && !(*filter)[k]) continue;
    rows.push_back(static_cast<uint32_t>(k));
    states.push_back(node(leaves + k - start));
  }
  if (!rows.empty()) {
    std::vector<Vector> gathered;
    for (const auto& a : args) {
      Vector v(a.type(), rows.size());
      v.Gather(a, rows.data(), rows.size());
      gathered.push_back(std::move(v));
    }
    std::vector<const Vector*> ptrs;
    for (const auto& v : gathered) ptrs.push_back(&v);
    agg.update(ptrs, rows.size(), states.data(), context);
  }
  for (size_t k = leaves - 1; k >= 1; --k) {
    agg.combine(node(2 * k), node(k));
    agg.combine(node(2 * k + 1), node(k));
  }
  // Frames, a batch at a time: combine the covering nodes into a fresh state, finalize.
  std::unique_ptr<uint8_t[]> batch(new uint8_t[kBatchSize * stride]);
  std::vector<uint8_t*> batch_states(kBatchSize);
  std::vector<size_t> right;
  Vector out(result.type(), kBatchSize);
  for (size_t first = start; first < end; first += kBatchSize) {
    size_t m = std::min(kBatchSize, end - first);
    out.Reset();
    for (size_t j = 0; j < m; ++j) {
      uint8_t* q = batch.get() + j * stride;
      batch_states[j] = q;
      agg.initialize(q);
      size_t l = froms[first + j - start] - start + leaves;
      size_t r = tos[first + j - start] - start + leaves;
      right.clear();
      for (; l < r; l >>= 1, r >>= 1) {
        if (l & 1) agg.combine(node(l++), q);
        if (r & 1) right.push_back(--r);
      }
      for (size_t k = right.size(); k-- > 0;) agg.combine(node(right[k]), q);
    }
    struct BatchDestroyer {
      const BoundAggregateFunction& agg;
      std::vector<uint8_t*>& states;
      size_t count;
      ~BatchDestroyer() {
        if (!agg.destroy) return;
        for (size_t j = 0; j < count; ++j) agg.destroy(states[j]);
      }
    } destroy_batch{agg, batch_states, m};
    agg.finalize(batch_states.data(), m, out, context);
    for (size_t j = 0; j < m; ++j) {
      result.CopyRow(out, j, first + j);
      if (result.type().HasStringStorage() && !out.IsNull(j)) {
        result.SetString(first + j, out.Data<StringRef>()[j].view());
      }
    }
  }
}

}  // namespace

PhysicalWindow::PhysicalWindow(std::vector<LogicalType> types,
                               std::vector<BoundWindowFunction> functions)
    : PhysicalOperator(std::move(types)), functions_(std::move(functions)) {}

std::string PhysicalWindow::Details() const {
  std::string out = "[";
  for (size_t i = 0; i < functions_.size(); ++i) {
    if (i) out += ", ";
    out += functions_[i].text;
  }
  return out + "]";
}

std::unique_ptr<GlobalSinkState> PhysicalWindow::GetGlobalSinkState(ExecutionContext&) const {
  auto state = std::make_unique<WindowState>();
  if (StreamingWindow::Supports(functions_)) {
    state->layout = StreamingWindow::Layout(functions_, children_[0]->types());
    std::vector<BoundOrder> orders;
    size_t key = state->layout.input_columns;
    for (const auto& p : functions_[0].partitions) {
      BoundOrder order;
      order.expression = BoundExpression::ColumnRef(key++, p->type, p->text);
      orders.push_back(std::move(order));
    }
    for (const auto& o : functions_[0].orders) {
      BoundOrder order;
      order.expression = BoundExpression::ColumnRef(key++, o.expression->type, o.expression->text);
      order.ascending = o.ascending;
      order.nulls_first = o.nulls_first;
      orders.push_back(std::move(order));
    }
    state->sorter = std::make_unique<PhysicalOrder>(state->layout.types, std::move(orders));
  }
  return state;
}

std::unique_ptr<LocalSinkState> PhysicalWindow::GetLocalSinkState(ExecutionContext&, GlobalSinkState&) const {
  return std::make_unique<WindowLocalState>();
}

void PhysicalWindow::SinkSorted(ExecutionContext& context, GlobalSinkState& global, LocalSinkState& local_state,
                                const DataChunk& input) const {
  auto& state = static_cast<WindowState&>(global);
  auto& local = static_cast<WindowLocalState&>(local_state);
  PhysicalOrder& sorter = *state.sorter;
  if (!local.sorter) local.sorter = sorter.GetLocalSinkState(context, *sorter.sink_state);
  ExpressionExecutor executor(context.function_context);
  for (size_t from = 0; from < input.size(); from += kBatchSize) {
    size_t n = std::min(kBatchSize, input.size() - from);
    DataChunk rows(input.Types(), n);
    rows.Append(input, from, n);
    DataChunk wide(state.layout.types, n);
    size_t c = 0;
    for (; c < rows.ColumnCount(); ++c) wide.column(c).CopyRange(rows.column(c), 0, 0, n);
    auto add = [&](const BoundExpression& e) { wide.column(c++) = executor.Evaluate(e, rows, n); };
    for (const auto& p : functions_[0].partitions) add(*p);
    for (const auto& o : functions_[0].orders) add(*o.expression);
    for (const auto& fn : functions_) {
      const auto& args = fn.kind == WindowFunctionKind::kAggregate ? fn.aggregate.args : fn.args;
      for (const auto& a : args) add(*a);
      if (fn.kind == WindowFunctionKind::kAggregate && fn.aggregate.filter) add(*fn.aggregate.filter);
    }
    wide.SetSize(n);
    sorter.Sink(context, wide, *sorter.sink_state, *local.sorter);
  }
}

SinkResult PhysicalWindow::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                                LocalSinkState& local) const {
  auto& state = static_cast<WindowState&>(global);
  if (!state.external.load()) {
    std::unique_lock<std::mutex> lock(state.mutex);
    if (!state.external.load()) {
      int64_t need = kWindowMemoryFactor * RowBytes(input, nullptr, input.size());
      if (!context.query || context.query->memory().TryReserve(need)) {
        if (context.query) {
          state.memory = &context.query->memory();
          state.reserved += need;
        }
        if (!state.initialized) {
          state.rows.Initialize(input.Types(), std::max<size_t>(input.size(), 16));
          state.initialized = true;
        }
        state.rows.Append(input, 0, input.size());
        return SinkResult::kNeedMoreInput;
      }
      if (!state.sorter) {
        throw OutOfMemoryError("window functions need more than memory_limit (" +
                               std::to_string(context.query->memory().limit()) +
                               " bytes); only row_number, rank, dense_rank, lag, lead and aggregates from the "
                               "partition's start to the current row, all over one window, spill to disk");
      }
      CheckCanSpill(context, "the window operator");
      // The rows held so far go to the sort first, then every batch. Their reservation goes
      // first: the sort reserves them again as it takes them (were it kept, the sort would
      // find the limit reached and spill a run per batch).
      state.sorter->sink_state = state.sorter->GetGlobalSinkState(context);
      state.external = true;
      if (state.memory) state.memory->Release(state.reserved);
      state.reserved = 0;
      if (state.initialized) SinkSorted(context, global, local, state.rows);
      state.rows = DataChunk();
    }
  }
  SinkSorted(context, global, local, input);
  return SinkResult::kNeedMoreInput;
}

void PhysicalWindow::Combine(ExecutionContext& context, GlobalSinkState& global, LocalSinkState& local_state) const {
  auto& state = static_cast<WindowState&>(global);
  auto& local = static_cast<WindowLocalState&>(local_state);
  if (local.sorter) state.sorter->Combine(context, *state.sorter->sink_state, *local.sorter);
}

void PhysicalWindow::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  auto& state = static_cast<WindowState&>(global);
  if (state.external.load()) {
    state.sorter->Finalize(context, *state.sorter->sink_state);
    return;
  }
  size_t input_cols = children_[0]->types().size();
  if (!state.initialized) state.rows.Initialize(children_[0]->types(), 1);
  DataChunk& rows = state.rows;
  size_t n = rows.size();
  // Sort once by the first function's keys; each function re-sorts a permutation of its own.
  std::vector<Vector> results;
  for (size_t f = 0; f < functions_.size(); ++f) {
    Vector result(functions_[f].type, std::max<size_t>(n, 1));
    ComputeFunction(context, f, rows, result);
    results.push_back(std::move(result));
  }
  state.output.Initialize(types_, std::max<size_t>(n, 1));
  for (size_t c = 0; c < input_cols; ++c) state.output.column(c) = rows.column(c);
  for (size_t f = 0; f < functions_.size(); ++f) {
    state.output.column(input_cols + f) = std::move(results[f]);
  }
  state.output.SetSize(n);
}

void PhysicalWindow::ComputeFunction(ExecutionContext& context, size_t f, DataChunk& rows,
                                     Vector& result) const {
  const BoundWindowFunction& fn = functions_[f];
  ExpressionExecutor executor(context.function_context);
  size_t n = rows.size();
  if (n == 0) return;
  // Evaluate keys and arguments over all rows (in chunks of the whole input).
  std::vector<Vector> part_keys, order_keys, args;
  for (const auto& p : fn.partitions) part_keys.push_back(executor.Evaluate(*p, rows, n));
  for (const auto& o : fn.orders) order_keys.push_back(executor.Evaluate(*o.expression, rows, n));
  const auto& arg_exprs = fn.kind == WindowFunctionKind::kAggregate ? fn.aggregate.args : fn.args;
  for (const auto& a : arg_exprs) args.push_back(executor.Evaluate(*a, rows, n));
  Vector filter_values;
  bool has_filter = fn.kind == WindowFunctionKind::kAggregate && fn.aggregate.filter;
  if (has_filter) filter_values = executor.Evaluate(*fn.aggregate.filter, rows, n);

  std::vector<const Vector*> sort_keys;
  std::vector<SortKeySpec> specs;
  for (const auto& k : part_keys) {
    sort_keys.push_back(&k);
    specs.push_back({true, true});
  }
  for (size_t k = 0; k < order_keys.size(); ++k) {
    sort_keys.push_back(&order_keys[k]);
    specs.push_back({fn.orders[k].ascending, fn.orders[k].nulls_first});
  }
  std::vector<uint32_t> perm = SortPermutation(sort_keys, specs, n);
  // Sorted copies of the order keys and arguments.
  auto sorted = [&](const std::vector<Vector>& cols) {
    std::vector<Vector> out;
    for (const auto& c : cols) {
      Vector v(c.type(), n);
      v.Gather(c, perm.data(), n);
      out.push_back(std::move(v));
    }
    return out;
  };
  std::vector<Vector> s_part = sorted(part_keys), s_order = sorted(order_keys), s_args = sorted(args);
  std::vector<uint8_t> s_filter;
  if (has_filter) {
    for (size_t i = 0; i < n; ++i) {
      uint32_t r = perm[i];
      s_filter.push_back(!filter_values.IsNull(r) && filter_values.Data<uint8_t>()[r]);
    }
  }
  Vector sorted_result(fn.type, n);

  auto same_partition = [&](size_t a, size_t b) {
    for (const auto& k : s_part) {
      if (!RowsEqualNullSafe(k, a, k, b)) return false;
    }
    return true;
  };
  auto peers = [&](size_t a, size_t b) {
    for (const auto& k : s_order) {
      if (!RowsEqualNullSafe(k, a, k, b)) return false;
    }
    return true;
  };

  size_t start = 0;
  while (start < n) {
    size_t end = start + 1;
    while (end < n && same_partition(start, end)) ++end;
    // Peer group boundaries within [start, end).
    std::vector<size_t> peer_end(end - start);
    std::vector<size_t> peer_start(end - start);
    for (size_t i = start; i < end;) {
      size_t j = i + 1;
      while (j < end && peers(i, j)) ++j;
      for (size_t k = i; k < j; ++k) {
        peer_start[k - start] = i;
        peer_end[k - start] = j;
      }
      i = j;
    }
    size_t size = end - start;
    // RANGE n PRECEDING / FOLLOWING: rows whose (single) order key is within n of row i's.
    auto key_at = [&](size_t k) -> double {
      const Vector& v = s_order[0];
      switch (v.type().id()) {
        case TypeId::kInt8: return v.Data<int8_t>()[k];
        case TypeId::kInt16: return v.Data<int16_t>()[k];
        case TypeId::kInt32:
        case TypeId::kDate: return v.Data<int32_t>()[k];
        case TypeId::kInt64: return static_cast<double>(v.Data<int64_t>()[k]);
        case TypeId::kFloat: return v.Data<float>()[k];
        case TypeId::kDouble: return v.Data<double>()[k];
        case TypeId::kDecimal: return DecimalToDouble(v.Data<int128_t>()[k], v.type().scale());
        default: return 0;
      }
    };
    auto RangeBound = [&](const BoundFrameBound& b, bool is_start, size_t i) -> size_t {
      if (s_order[0].IsNull(i)) return is_start ? peer_start[i - start] : peer_end[i - start];
      const Value& o = b.range_offset;
      double off = o.type().id() == TypeId::kDecimal ? DecimalToDouble(o.decimal(), o.type().scale())
                   : o.type().IsInteger()          ? static_cast<double>(o.int64())
                                                   : o.float64();
      bool ascending = fn.orders[0].ascending;
      // Signed distance along the sort direction (NaN +- offset is NaN: a NaN row's frame is
      // the NaN rows, as in Spark).
      double target = key_at(i) + ((b.kind == FrameBoundKind::kPreceding) ? -off : off) * (ascending ? 1 : -1);
      // Compares as the sort orders keys: NaN equals NaN and is greater than +Infinity.
      auto compare = [](double a, double b) {
        bool a_nan = std::isnan(a), b_nan = std::isnan(b);
        if (a_nan || b_nan) return a_nan == b_nan ? 0 : (a_nan ? 1 : -1);
        return a < b ? -1 : (a > b ? 1 : 0);
      };
      auto before = [&](size_t k, bool inclusive) {
        if (s_order[0].IsNull(k)) return fn.orders[0].nulls_first;
        int c = compare(key_at(k), target);
        if (ascending) return inclusive ? c < 0 : c <= 0;
        return inclusive ? c > 0 : c >= 0;
      };
      // The rows are sorted on the key, so `before` holds for a prefix: binary search it.
      size_t lo = start, hi = end;
      while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (before(mid, is_start)) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    };
    auto frame_of = [&](size_t i, size_t* from, size_t* to) {
      // Returns the frame [from, to) of row i (absolute positions).
      if (!fn.has_frame) {
        *from = start;
        *to = fn.orders.empty() ? end : peer_end[i - start];
        return;
      }
      auto bound = [&](const BoundFrameBound& b, bool is_start) -> size_t {
        switch (b.kind) {
          case FrameBoundKind::kUnboundedPreceding: return start;
          case FrameBoundKind::kUnboundedFollowing: return end;
          case FrameBoundKind::kCurrentRow:
            if (fn.rows_frame) return is_start ? i : i + 1;
            return is_start ? peer_start[i - start] : peer_end[i - start];
          case FrameBoundKind::kPreceding:
          case FrameBoundKind::kFollowing: {
            if (!fn.rows_frame) return RangeBound(b, is_start, i);
            int64_t off = b.kind == FrameBoundKind::kPreceding ? -b.offset : b.offset;
            int64_t pos = static_cast<int64_t>(i) + off + (is_start ? 0 : 1);
            pos = std::max<int64_t>(pos, static_cast<int64_t>(start));
            pos = std::min<int64_t>(pos, static_cast<int64_t>(end));
            return static_cast<size_t>(pos);
          }
        }
        return start;
      };
      *from = bound(fn.start, true);
      *to = bound(fn.end, false);
      if (*to < *from) *to = *from;
    };

    switch (fn.kind) {
      case WindowFunctionKind::kRowNumber:
        for (size_t i = start; i < end; ++i) {
          sorted_result.Data<int32_t>()[i] = static_cast<int32_t>(i - start + 1);
        }
        break;
      case WindowFunctionKind::kRank:
        for (size_t i = start; i < end; ++i) {
          sorted_result.Data<int32_t>()[i] = static_cast<int32_t>(peer_start[i - start] - start + 1);
        }
        break;
      case WindowFunctionKind::kDenseRank: {
        int32_t rank = 0;
        for (size_t i = start; i < end; ++i) {
          if (peer_start[i - start] == i) ++rank;
          sorted_result.Data<int32_t>()[i] = rank;
        }
        break;
      }
      case WindowFunctionKind::kPercentRank:
        for (size_t i = start; i < end; ++i) {
          double r = static_cast<double>(peer_start[i - start] - start);
          sorted_result.Data<double>()[i] = size > 1 ? r / static_cast<double>(size - 1) : 0.0;
        }
        break;
      case WindowFunctionKind::kCumeDist:
        for (size_t i = start; i < end; ++i) {
          sorted_result.Data<double>()[i] =
              static_cast<double>(peer_end[i - start] - start) / static_cast<double>(size);
        }
        break;
      case WindowFunctionKind::kNtile: {
        int64_t buckets = s_args[0].IsNull(start) ? 1 : s_args[0].GetValue(start).int64();
        if (buckets <= 0) throw InvalidInputError("ntile requires a positive number of buckets");
        int64_t per = static_cast<int64_t>(size) / buckets;
        int64_t extra = static_cast<int64_t>(size) % buckets;
        for (size_t i = start; i < end; ++i) {
          int64_t pos = static_cast<int64_t>(i - start);
          int64_t bucket;
          int64_t big = extra * (per + 1);
          if (pos < big) {
            bucket = pos / (per + 1);
          } else {
            bucket = extra + (per == 0 ? 0 : (pos - big) / per);
          }
          sorted_result.Data<int32_t>()[i] = static_cast<int32_t>(bucket + 1);
        }
        break;
      }
      case WindowFunctionKind::kLag:
      case WindowFunctionKind::kLead: {
        int64_t offset = 1;
        if (s_args.size() > 1 && !s_args[1].IsNull(start)) offset = s_args[1].GetValue(start).int64();
        if (fn.kind == WindowFunctionKind::kLag) offset = -offset;
        for (size_t i = start; i < end; ++i) {
          int64_t src = static_cast<int64_t>(i) + offset;
          if (src >= static_cast<int64_t>(start) && src < static_cast<int64_t>(end)) {
            sorted_result.CopyRow(s_args[0], static_cast<size_t>(src), i);
          } else if (s_args.size() > 2) {
            sorted_result.CopyRow(s_args[2], i, i);
          } else {
            sorted_result.SetNull(i, true);
          }
        }
        sorted_result.ShareHeapsOf(s_args[0]);
        if (s_args.size() > 2) sorted_result.ShareHeapsOf(s_args[2]);
        break;
      }
      case WindowFunctionKind::kFirstValue:
      case WindowFunctionKind::kLastValue:
      case WindowFunctionKind::kNthValue: {
        int64_t nth = 1;
        if (fn.kind == WindowFunctionKind::kNthValue && s_args.size() > 1) {
          nth = s_args[1].GetValue(start).int64();
        }
        for (size_t i = start; i < end; ++i) {
          size_t from, to;
          frame_of(i, &from, &to);
          std::optional<size_t> pick;
          if (fn.kind == WindowFunctionKind::kLastValue) {
            for (size_t k = to; k-- > from;) {
              if (!fn.ignore_nulls || !s_args[0].IsNull(k)) {
                pick = k;
                break;
              }
            }
          } else {
            int64_t seen = 0;
            for (size_t k = from; k < to; ++k) {
              if (fn.ignore_nulls && s_args[0].IsNull(k)) continue;
              if (++seen == nth) {
                pick = k;
                break;
              }
            }
          }
          if (pick) {
            sorted_result.CopyRow(s_args[0], *pick, i);
          } else {
            sorted_result.SetNull(i, true);
          }
        }
        sorted_result.ShareHeapsOf(s_args[0]);
        break;
      }
      case WindowFunctionKind::kAggregate: {
        const auto& agg = *fn.aggregate.function;
        std::unique_ptr<uint8_t[]> state(new uint8_t[std::max<size_t>(agg.state_size, 16) + 16]);
        uint8_t* st = reinterpret_cast<uint8_t*>(
            (reinterpret_cast<uintptr_t>(state.get()) + 15) / 16 * 16);
        Vector one(fn.type, 1);
        auto add_rows = [&](size_t from, size_t to) {
          std::vector<uint32_t> rows;
          for (size_t k = from; k < to; ++k) {
            if (!has_filter || s_filter[k]) rows.push_back(static_cast<uint32_t>(k));
          }
          if (rows.empty()) return;
          std::vector<Vector> part;
          for (const auto& a : s_args) {
            Vector v(a.type(), rows.size());
            v.Gather(a, rows.data(), rows.size());
            part.push_back(std::move(v));
          }
          std::vector<const Vector*> ptrs;
          for (const auto& v : part) ptrs.push_back(&v);
          std::vector<uint8_t*> states(rows.size(), st);
          agg.update(ptrs, rows.size(), states.data(), context.function_context);
        };
        auto emit = [&](size_t i) {
          uint8_t* states[1] = {st};
          Vector tmp(fn.type, 1);
          agg.finalize(states, 1, tmp, context.function_context);
          sorted_result.CopyRow(tmp, 0, i);
          if (fn.type.HasStringStorage() && !tmp.IsNull(0)) {
            sorted_result.SetString(i, tmp.Data<StringRef>()[0].view());
          }
        };
        // Every row's frame first: frames that only grow at the end from the partition
        // start are accumulated in one running state (the additions in row order, as
        // the plain definition makes them); any other shape goes through a segment tree.
        std::vector<size_t> froms(size), tos(size);
        bool running = true;
        for (size_t i = start; i < end; ++i) {
          frame_of(i, &froms[i - start], &tos[i - start]);
          running &= froms[i - start] == start && (i == start || tos[i - start] >= tos[i - start - 1]);
        }
        if (running) {
          agg.initialize(st);
          size_t added = start;
          for (size_t i = start; i < end; ++i) {
            size_t to = tos[i - start];
            if (to > added) {
              add_rows(added, to);
              added = to;
            }
            emit(i);
          }
          if (agg.destroy) agg.destroy(st);
        } else if (TreeFriendly(agg)) {
          AggregateFrames(agg, s_args, has_filter ? &s_filter : nullptr, start, end, froms, tos,
                          sorted_result, context.function_context);
        } else {
          // Holistic or large states (percentile, mode, string_agg, HyperLogLog sketches):
          // a tree would keep n log n values or 2n sketches; each frame from scratch.
          for (size_t i = start; i < end; ++i) {
            agg.initialize(st);
            add_rows(froms[i - start], tos[i - start]);
            emit(i);
            if (agg.destroy) agg.destroy(st);
          }
        }
        break;
      }
    }
    start = end;
  }
  // Scatter back to input order.
  for (size_t i = 0; i < n; ++i) result.CopyRow(sorted_result, i, perm[i]);
  result.ShareHeapsOf(sorted_result);
}

std::unique_ptr<GlobalSourceState> PhysicalWindow::GetGlobalSourceState(ExecutionContext& context) const {
  auto source = std::make_unique<WindowSourceState>();
  auto& state = static_cast<WindowState&>(*sink_state);
  if (state.external.load()) {
    PhysicalOrder& sorter = *state.sorter;
    source->sorted = sorter.GetGlobalSourceState(context);
    source->sorted_local = sorter.GetLocalSourceState(context, *source->sorted);
    source->stream = std::make_unique<StreamingWindow>(functions_, state.layout, types_, context.function_context);
  }
  return source;
}

bool PhysicalWindow::GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
                             LocalSourceState&) const {
  auto& source = static_cast<WindowSourceState&>(global);
  auto& state = static_cast<WindowState&>(*sink_state);
  if (!source.stream) return NextBatchOf(state.output, &source.next, out);
  while (!source.stream->Pop(out)) {
    if (source.input_done) {
      out.Initialize(types_, 1);
      return false;
    }
    DataChunk sorted(state.layout.types);
    bool more = state.sorter->GetData(context, sorted, *source.sorted, *source.sorted_local);
    if (sorted.size() > 0) source.stream->Push(sorted);
    if (!more) {
      source.input_done = true;
      source.stream->Finish();
    }
  }
  return true;
}

std::vector<std::string> PhysicalWindow::AnalyzeLines() const {
  const auto* state = static_cast<const WindowState*>(sink_state.get());
  if (!state || !state->external.load()) return {};
  std::vector<std::string> lines = {"streamed over an external sort"};
  for (auto& line : state->sorter->AnalyzeLines()) lines.push_back(line);
  return lines;
}

}  // namespace floe
