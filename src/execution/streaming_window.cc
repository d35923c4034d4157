#include "execution/streaming_window.h"

#include <algorithm>

#include "common/exception.h"
#include "common/vector_operations.h"
#include "function/aggregate_function.h"

namespace floe {

namespace {

// Returns true when two bound expressions compute the same thing over the same input.
bool SameExpression(const BoundExpression& a, const BoundExpression& b) {
  if (a.kind != b.kind || !(a.type == b.type) || a.index != b.index || a.try_cast != b.try_cast ||
      a.has_else != b.has_else || a.negated != b.negated || a.children.size() != b.children.size()) {
    return false;
  }
  if (a.kind == BoundExpressionKind::kSubquery || a.kind == BoundExpressionKind::kParameter) return false;
  if (a.kind == BoundExpressionKind::kConstant &&
      (a.constant.is_null() != b.constant.is_null() || a.constant.ToString() != b.constant.ToString())) {
    return false;
  }
  if ((a.function == nullptr) != (b.function == nullptr)) return false;
  if (a.function && a.function->name != b.function->name) return false;
  for (size_t i = 0; i < a.children.size(); ++i) {
    if (!SameExpression(*a.children[i], *b.children[i])) return false;
  }
  return true;
}

bool SameWindow(const BoundWindowFunction& a, const BoundWindowFunction& b) {
  if (a.partitions.size() != b.partitions.size() || a.orders.size() != b.orders.size()) return false;
  for (size_t i = 0; i < a.partitions.size(); ++i) {
    if (!SameExpression(*a.partitions[i], *b.partitions[i])) return false;
  }
  for (size_t i = 0; i < a.orders.size(); ++i) {
    if (a.orders[i].ascending != b.orders[i].ascending || a.orders[i].nulls_first != b.orders[i].nulls_first ||
        !SameExpression(*a.orders[i].expression, *b.orders[i].expression)) {
      return false;
    }
  }
  return true;
}

// A frame from the partition's start to the current row: ROWS (true) or RANGE with the
// current row's peers (false); nullopt for any other frame.
std::optional<bool> RunningFrame(const BoundWindowFunction& fn) {
  if (fn.orders.empty()) return std::nullopt;  // the whole partition
  if (!fn.has_frame) return false;             // RANGE UNBOUNDED PRECEDING .. CURRENT ROW
  if (fn.start.kind != FrameBoundKind::kUnboundedPreceding || fn.end.kind != FrameBoundKind::kCurrentRow) {
    return std::nullopt;
  }
  return fn.rows_frame;
}

// The row lag / lead reads: at `current + shift` (lag: a negative shift); a NULL offset is 1.
int64_t Shift(const BoundWindowFunction& fn) {
  int64_t offset = 1;
  if (fn.args.size() > 1 && !fn.args[1]->constant.is_null()) offset = fn.args[1]->constant.int64();
  return fn.kind == WindowFunctionKind::kLag ? -offset : offset;
}

// Copies row `from` of `src` into row `to` of `dst`, strings into dst's heap.
void CopyValue(const Vector& src, size_t from, Vector& dst, size_t to) {
  bool null = src.IsNull(from);
  dst.SetNull(to, null);
  if (null) return;
  if (src.type().HasStringStorage()) {
    dst.SetString(to, src.Data<StringRef>()[from].view());
  } else if (src.type().IsNested()) {
    // why: copied value by value, its strings into dst's heap; CopyRow would share src's heaps,
    // a row at a time, and a compacted buffer would keep (and list) every batch's heap
    dst.SetValue(to, src.GetValue(from));
  } else {
    dst.CopyRow(src, from, to);
  }
}

}  // namespace

struct StreamingWindow::FunctionState {
  enum class Kind { kRowNumber, kRank, kDenseRank, kShift, kRowsRunning, kRangeRunning };
  Kind kind = Kind::kRowNumber;
  int64_t shift = 0;
  size_t first_arg = 0;
  size_t arg_count = 0;
  int filter = -1;
  const BoundAggregateFunction* agg = nullptr;
  std::unique_ptr<uint8_t[]> memory;
  uint8_t* state = nullptr;
  bool live = false;
  std::vector<Vector> scratch;  // one row per argument
  std::vector<const Vector*> scratch_ptrs;
  Vector group_value;  // RANGE: the value of the current peer group
  Vector value;        // a finalized value

  void Reset() {
    if (!agg) return;
    if (live && agg->destroy) agg->destroy(state);
    agg->initialize(state);
    live = true;
  }
  ~FunctionState() {
    if (live && agg && agg->destroy) agg->destroy(state);
  }
};

bool StreamingWindow::Supports(const std::vector<BoundWindowFunction>& functions) {
  if (functions.empty()) return false;
  const BoundWindowFunction& first = functions[0];
  if (first.partitions.empty() && first.orders.empty()) return false;
  for (const auto& fn : functions) {
    if (!SameWindow(fn, first)) return false;
    switch (fn.kind) {
      case WindowFunctionKind::kRowNumber:
      case WindowFunctionKind::kRank:
      case WindowFunctionKind::kDenseRank:
        break;
      case WindowFunctionKind::kLag:
      case WindowFunctionKind::kLead:
        if (fn.args.empty() || (fn.args.size() > 1 && fn.args[1]->kind != BoundExpressionKind::kConstant)) {
          return false;
        }
        break;
      case WindowFunctionKind::kAggregate:
        if (fn.aggregate.distinct || !fn.aggregate.function || !RunningFrame(fn)) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

StreamingWindow::WideLayout StreamingWindow::Layout(const std::vector<BoundWindowFunction>& functions,
                                                     const std::vector<LogicalType>& input_types) {
  WideLayout layout;
  layout.types = input_types;
  layout.input_columns = input_types.size();
  layout.partition_keys = functions[0].partitions.size();
  layout.order_keys = functions[0].orders.size();
  for (const auto& p : functions[0].partitions) layout.types.push_back(p->type);
  for (const auto& o : functions[0].orders) layout.types.push_back(o.expression->type);
  for (const auto& fn : functions) {
    layout.first_arg.push_back(layout.types.size());
    const auto& args = fn.kind == WindowFunctionKind::kAggregate ? fn.aggregate.args : fn.args;
    for (const auto& a : args) layout.types.push_back(a->type);
    bool filter = fn.kind == WindowFunctionKind::kAggregate && fn.aggregate.filter;
    layout.filter.push_back(filter ? static_cast<int>(layout.types.size()) : -1);
    if (filter) layout.types.push_back(fn.aggregate.filter->type);
  }
  return layout;
}

StreamingWindow::StreamingWindow(const std::vector<BoundWindowFunction>& functions, WideLayout layout,
                                 std::vector<LogicalType> output_types, FunctionContext context)
    : functions_(functions),
      layout_(std::move(layout)),
      output_types_(std::move(output_types)),
      context_(std::move(context)) {
  buffer_.Initialize(layout_.types, kBatchSize);
  for (size_t f = 0; f < functions_.size(); ++f) {
    const BoundWindowFunction& fn = functions_[f];
    auto s = std::make_unique<FunctionState>();
    s->first_arg = layout_.first_arg[f];
    s->filter = layout_.filter[f];
    s->value = Vector(fn.type, 1);
    s->group_value = Vector(fn.type, 1);
    switch (fn.kind) {
      case WindowFunctionKind::kRowNumber: s->kind = FunctionState::Kind::kRowNumber; break;
      case WindowFunctionKind::kRank: s->kind = FunctionState::Kind::kRank; break;
      case WindowFunctionKind::kDenseRank: s->kind = FunctionState::Kind::kDenseRank; break;
      case WindowFunctionKind::kLag:
      case WindowFunctionKind::kLead:
        s->kind = FunctionState::Kind::kShift;
        s->shift = Shift(fn);
        s->arg_count = fn.args.size();
        if (s->shift > 0) lookahead_ = std::max(lookahead_, static_cast<size_t>(s->shift));
        if (s->shift < 0) lookbehind_ = std::max(lookbehind_, static_cast<size_t>(-s->shift));
        break;
      default: {
        bool rows = *RunningFrame(fn);
        s->kind = rows ? FunctionState::Kind::kRowsRunning : FunctionState::Kind::kRangeRunning;
        need_peer_end_ |= !rows;
        s->agg = fn.aggregate.function.get();
        s->arg_count = fn.aggregate.args.size();
        // new[] aligns to 16, the most any state asks
        s->memory.reset(new uint8_t[std::max<size_t>(s->agg->state_size, 16)]);
        s->state = s->memory.get();
        for (const auto& a : fn.aggregate.args) s->scratch.emplace_back(a->type, 1);
        for (const auto& v : s->scratch) s->scratch_ptrs.push_back(&v);
        break;
      }
    }
    states_.push_back(std::move(s));
  }
}

StreamingWindow::~StreamingWindow() = default;

bool StreamingWindow::SameKeys(size_t a, size_t b, size_t count) const {
  for (size_t k = 0; k < count; ++k) {
    const Vector& v = buffer_.column(layout_.input_columns + k);
    if (!RowsEqualNullSafe(v, a, v, b)) return false;
  }
  return true;
}

void StreamingWindow::Push(const DataChunk& rows) {
  size_t before = buffer_.size();
  buffer_.Append(rows, 0, rows.size());
  for (size_t r = before; r < buffer_.size(); ++r) {
    bool first = base_ + r == 0;
    bool new_partition = first || !SameKeys(r - 1, r, layout_.partition_keys);
    bool new_peers = new_partition || !SameKeys(r - 1, r, layout_.partition_keys + layout_.order_keys);
    partition_start_.push_back(new_partition);
    peer_start_.push_back(new_peers);
    if (new_partition) last_partition_start_ = base_ + r;
    if (new_peers) last_peer_start_ = base_ + r;
  }
}

void StreamingWindow::Finish() { finished_ = true; }

size_t StreamingWindow::PartitionEnd(size_t known) {
  while (partition_end_ == SIZE_MAX && scanned_ < known) {
    if (partition_start_[scanned_ - base_]) {
      partition_end_ = scanned_;
    } else {
      ++scanned_;
    }
  }
  return partition_end_ == SIZE_MAX ? known : partition_end_;
}

bool StreamingWindow::Pop(DataChunk& out) {
  size_t known = base_ + buffer_.size();
  size_t limit = known;
  if (!finished_) {
    if (need_peer_end_) limit = std::min(limit, last_peer_start_);
    if (lookahead_ > 0) {
      size_t reached = known > lookahead_ ? known - lookahead_ : 0;
      limit = std::min(limit, std::max(reached, last_partition_start_));
    }
  }
  if (next_ >= limit) return false;
  size_t count = std::min(kBatchSize, limit - next_);
  out.Initialize(output_types_, count);
  for (size_t k = 0; k < count; ++k) {
    size_t i = next_ + k;
    size_t r = i - base_;
    if (partition_start_[r]) {
      partition_begin_ = i;
      partition_end_ = SIZE_MAX;
      scanned_ = i + 1;
      dense_rank_ = 0;
      for (auto& s : states_) s->Reset();
    }
    if (peer_start_[r]) {
      peer_begin_ = i;
      ++dense_rank_;
    }
    for (size_t c = 0; c < layout_.input_columns; ++c) CopyValue(buffer_.column(c), r, out.column(c), k);
    for (size_t f = 0; f < states_.size(); ++f) {
      FunctionState& s = *states_[f];
      Vector& result = out.column(layout_.input_columns + f);
      auto add = [&](size_t row) {
        if (s.filter >= 0) {
          const Vector& passes = buffer_.column(static_cast<size_t>(s.filter));
          if (passes.IsNull(row) || !passes.Data<uint8_t>()[row]) return;
        }
        for (size_t a = 0; a < s.arg_count; ++a) {
          // why: a list's row copy appends its elements; the one-row scratch starts empty each time
          if (s.scratch[a].type().IsNested()) s.scratch[a].Reset();
          s.scratch[a].CopyRow(buffer_.column(s.first_arg + a), row, 0);
        }
        uint8_t* states[1] = {s.state};
        s.agg->update(s.scratch_ptrs, 1, states, context_);
      };
      auto finalize = [&](Vector& into) {
        uint8_t* states[1] = {s.state};
        into.Reset();
        s.agg->finalize(states, 1, into, context_);
      };
      switch (s.kind) {
        case FunctionState::Kind::kRowNumber:
          result.Data<int32_t>()[k] = static_cast<int32_t>(i - partition_begin_ + 1);
          break;
        case FunctionState::Kind::kRank:
          result.Data<int32_t>()[k] = static_cast<int32_t>(peer_begin_ - partition_begin_ + 1);
          break;
        case FunctionState::Kind::kDenseRank:
          result.Data<int32_t>()[k] = dense_rank_;
          break;
        case FunctionState::Kind::kShift: {
          int64_t source = static_cast<int64_t>(i) + s.shift;
          bool inside = source >= static_cast<int64_t>(partition_begin_);
          if (inside && s.shift > 0) {
            // why: ready means the row reached is buffered, or this partition ended before it
            inside = static_cast<size_t>(source) < PartitionEnd(known);
          }
          if (inside) {
            CopyValue(buffer_.column(s.first_arg), static_cast<size_t>(source) - base_, result, k);
          } else if (s.arg_count > 2) {
            CopyValue(buffer_.column(s.first_arg + 2), r, result, k);
          } else {
            result.SetNull(k, true);
          }
          break;
        }
        case FunctionState::Kind::kRowsRunning:
          add(r);
          finalize(s.value);
          CopyValue(s.value, 0, result, k);
          break;
        case FunctionState::Kind::kRangeRunning:
          if (peer_start_[r]) {
            // The whole peer group joins the frame at its first row (it is buffered: ready).
            size_t end = r + 1;
            while (end < buffer_.size() && !peer_start_[end]) ++end;
            for (size_t row = r; row < end; ++row) add(row);
            finalize(s.group_value);
          }
          CopyValue(s.group_value, 0, result, k);
          break;
      }
    }
  }
  out.SetSize(count);
  next_ += count;
  Compact();
  return true;
}

void StreamingWindow::Compact() {
  // Rows before next_ - lookbehind_ are no longer read (one more for the key comparisons of
  // the next Push); the buffer is rebuilt once they are half of it.
  size_t keep_from = next_ - std::min(next_, std::max<size_t>(lookbehind_, 1));
  size_t drop = keep_from > base_ ? keep_from - base_ : 0;
  if (drop == 0 || drop * 2 < buffer_.size()) return;
  // why: the strings are copied, so the kept rows do not keep every batch pushed alive
  size_t n = buffer_.size() - drop;
  DataChunk kept(layout_.types, std::max<size_t>(n, kBatchSize));
  for (size_t c = 0; c < layout_.types.size(); ++c) {
    for (size_t r = 0; r < n; ++r) CopyValue(buffer_.column(c), drop + r, kept.column(c), r);
  }
  kept.SetSize(n);
  buffer_ = std::move(kept);
  partition_start_.erase(partition_start_.begin(), partition_start_.begin() + static_cast<std::ptrdiff_t>(drop));
  peer_start_.erase(peer_start_.begin(), peer_start_.begin() + static_cast<std::ptrdiff_t>(drop));
  base_ += drop;
}

}  // namespace floe
