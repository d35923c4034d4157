#include "execution/operators/physical_nested_loop_join.h"

#include <atomic>
#include <mutex>

#include "execution/chunk_collection.h"
#include "execution/expression_executor.h"

namespace floe {

namespace {

struct NestedLoopBuildState : GlobalSinkState {
  std::mutex mutex;
  DataChunk rows;
  bool initialized = false;
  std::unique_ptr<std::atomic<bool>[]> matched;  // RIGHT / FULL: build rows that found a match
};


}  // namespace

PhysicalNestedLoopJoin::PhysicalNestedLoopJoin(std::vector<LogicalType> types, JoinType join_type,
                                               BoundExpressionPtr condition)
    : PhysicalOperator(std::move(types)), join_type_(join_type), condition_(std::move(condition)) {}

std::string PhysicalNestedLoopJoin::Name() const {
  return condition_ ? "BroadcastNestedLoopJoin" : "CartesianProduct";
}

std::string PhysicalNestedLoopJoin::Details() const {
  std::string out = std::string("BuildRight, ") + JoinTypeToString(join_type_);
  if (condition_) out += ", " + condition_->text;
  return out;
}

std::unique_ptr<GlobalSinkState> PhysicalNestedLoopJoin::GetGlobalSinkState(
    ExecutionContext&) const {
  return std::make_unique<NestedLoopBuildState>();
}

SinkResult PhysicalNestedLoopJoin::Sink(ExecutionContext&, DataChunk& input,
                                        GlobalSinkState& global, LocalSinkState&) const {
  auto& state = static_cast<NestedLoopBuildState&>(global);
  std::lock_guard<std::mutex> lock(state.mutex);
  if (!state.initialized) {
    state.rows.Initialize(input.Types(), std::max<size_t>(input.size(), 16));
    state.initialized = true;
  }
  state.rows.Append(input, 0, input.size());
  return SinkResult::kNeedMoreInput;
}

void PhysicalNestedLoopJoin::Finalize(ExecutionContext&, GlobalSinkState& global) const {
  auto& state = static_cast<NestedLoopBuildState&>(global);
  if (!state.initialized) {
    state.rows.Initialize(children_[1]->types(), 1);
    state.initialized = true;
  }
  if (HasFinalOutput()) {
    size_t n = state.rows.size();
    state.matched.reset(new std::atomic<bool>[std::max<size_t>(n, 1)]);
    for (size_t i = 0; i < n; ++i) state.matched[i].store(false, std::memory_order_relaxed);
  }
}

void PhysicalNestedLoopJoin::FinalOutput(ExecutionContext&, const std::function<bool(DataChunk&)>& emit) const {
  // RIGHT / FULL: the build rows no probe row matched, with NULL probe columns.
  auto& build = static_cast<NestedLoopBuildState&>(*sink_state);
  EmitUnmatchedBuildRows(types_, build.rows, build.rows.ColumnCount(), build.matched.get(), emit);
}

std::unique_ptr<OperatorState> PhysicalNestedLoopJoin::GetOperatorState(ExecutionContext&) const {
  return std::make_unique<PendingJoinOutput>();
}

OperatorResult PhysicalNestedLoopJoin::Execute(ExecutionContext& context, DataChunk& input,
                                               DataChunk& output, OperatorState& state_base) const {
  auto& probe = static_cast<PendingJoinOutput&>(state_base);
  auto& build = static_cast<NestedLoopBuildState&>(*sink_state);
  if (probe.Drained()) {
    ExpressionExecutor executor(context.function_context);
    size_t probe_cols = input.ColumnCount();
    size_t build_n = build.rows.size();
    std::vector<LogicalType> pair_types = input.Types();
    for (const auto& t : build.rows.Types()) pair_types.push_back(t);
    std::vector<uint32_t> unmatched;
    // One probe row against the build rows, a batch of build rows at a time.
    for (size_t i = 0; i < input.size(); ++i) {
      bool any = false;
      for (size_t start = 0; start < build_n; start += kBatchSize) {
        size_t n = std::min(kBatchSize, build_n - start);
        DataChunk pairs;
        pairs.Initialize(pair_types, n);
        std::vector<uint32_t> repeat(n, static_cast<uint32_t>(i));
        for (size_t c = 0; c < probe_cols; ++c) {
          pairs.column(c).Gather(input.column(c), repeat.data(), n);
        }
        for (size_t c = 0; c < build.rows.ColumnCount(); ++c) {
          pairs.column(probe_cols + c).CopyRange(build.rows.column(c), start, 0, n);
        }
        pairs.SetSize(n);
        if (condition_) {
          SelectionVector sel;
          executor.Select(*condition_, pairs, sel);
          if (build.matched) {
            for (uint32_t k : sel.indexes) build.matched[start + k].store(true, std::memory_order_relaxed);
          }
          if (sel.size() != n) pairs.Slice(sel);
        } else if (build.matched) {
          for (size_t k = 0; k < n; ++k) build.matched[start + k].store(true, std::memory_order_relaxed);
        }
        if (pairs.size() == 0) continue;
        any = true;
        if (join_type_ == JoinType::kSemi || join_type_ == JoinType::kAnti) break;
        probe.pending.Append(std::move(pairs));
      }
      bool emit_probe_only = (join_type_ == JoinType::kSemi && any) ||
                             (join_type_ == JoinType::kAnti && !any) ||
                             ((join_type_ == JoinType::kLeft || join_type_ == JoinType::kFull) && !any);
      if (emit_probe_only) unmatched.push_back(static_cast<uint32_t>(i));
    }
    if (!unmatched.empty()) {
      DataChunk out;
      out.Initialize(types_, unmatched.size());
      for (size_t c = 0; c < probe_cols; ++c) {
        out.column(c).Gather(input.column(c), unmatched.data(), unmatched.size());
      }
      for (size_t c = probe_cols; c < types_.size(); ++c) {
        for (size_t k = 0; k < unmatched.size(); ++k) out.column(c).SetNull(k, true);
      }
      out.SetSize(unmatched.size());
      probe.pending.Append(std::move(out));
    }
  }
  return probe.Emit(output);
}

}  // namespace floe
