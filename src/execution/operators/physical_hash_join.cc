#include "execution/operators/physical_hash_join.h"

#include <atomic>
#include <mutex>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "common/vector_operations.h"
#include "execution/chunk_collection.h"
#include "execution/expression_executor.h"

namespace floe {

namespace {

struct JoinBuildState : GlobalSinkState {
  std::mutex mutex;
  std::vector<DataChunk> parts;
  DataChunk rows;  // build payload columns, then the key columns that are not one of them
  size_t payload = 0;
  std::vector<size_t> key_columns;  // column of `rows` holding each build key
  std::vector<uint64_t> hashes;
  std::vector<uint32_t> heads;  // row + 1; 0 is end
  std::vector<uint32_t> next;
  uint64_t mask = 0;
  bool has_null_key = false;
  std::unique_ptr<std::atomic<bool>[]> matched;  // RIGHT / FULL: build rows that found a match
};

struct JoinBuildLocal : LocalSinkState {
  std::vector<DataChunk> parts;
};

/// Returns the column of the build rows that holds each build key: a key that is a
/// payload column as it is (a column reference, same type) is not stored twice; the others
/// follow the payload columns in key order.
std::vector<size_t> KeyColumns(const std::vector<BoundExpressionPtr>& keys,
                               const std::vector<LogicalType>& payload) {
  std::vector<size_t> out;
  size_t extra = payload.size();
  for (const auto& k : keys) {
    if (k->kind == BoundExpressionKind::kColumnRef && k->index < payload.size() &&
        payload[k->index] == k->type) {
      out.push_back(k->index);
    } else {
      out.push_back(extra++);
    }
  }
  return out;
}

}  // namespace

PhysicalHashJoin::PhysicalHashJoin(std::vector<LogicalType> types, JoinType join_type,
                                   std::vector<BoundExpressionPtr> probe_keys,
                                   std::vector<BoundExpressionPtr> build_keys,
                                   BoundExpressionPtr residual, bool null_aware)
    : PhysicalOperator(std::move(types)),
      join_type_(join_type),
      probe_keys_(std::move(probe_keys)),
      build_keys_(std::move(build_keys)),
      residual_(std::move(residual)),
      null_aware_(null_aware) {}

std::string PhysicalHashJoin::Name() const { return "BroadcastHashJoin"; }

std::string PhysicalHashJoin::Details() const {
  std::string out = "[";
  for (size_t i = 0; i < probe_keys_.size(); ++i) {
    if (i) out += ", ";
    out += probe_keys_[i]->text;
  }
  out += "], [";
  for (size_t i = 0; i < build_keys_.size(); ++i) {
    if (i) out += ", ";
    out += build_keys_[i]->text;
  }
  out += std::string("], ") + JoinTypeToString(join_type_) + ", BuildRight";
  if (residual_) out += ", " + residual_->text;
  return out;
}

std::unique_ptr<GlobalSinkState> PhysicalHashJoin::GetGlobalSinkState(ExecutionContext&) const {
  return std::make_unique<JoinBuildState>();
}

std::unique_ptr<LocalSinkState> PhysicalHashJoin::GetLocalSinkState(ExecutionContext&,
                                                                    GlobalSinkState&) const {
  return std::make_unique<JoinBuildLocal>();
}

SinkResult PhysicalHashJoin::Sink(ExecutionContext& context, DataChunk& input,
                                  GlobalSinkState&, LocalSinkState& local_state) const {
  auto& local = static_cast<JoinBuildLocal&>(local_state);
  ExpressionExecutor executor(context.function_context);
  std::vector<LogicalType> all = input.Types();
  auto key_columns = KeyColumns(build_keys_, all);
  for (size_t k = 0; k < build_keys_.size(); ++k) {
    if (key_columns[k] >= input.ColumnCount()) all.push_back(build_keys_[k]->type);
  }
  DataChunk rows;
  rows.Initialize(all, std::max<size_t>(input.size(), 1));
  for (size_t c = 0; c < input.ColumnCount(); ++c) {
    rows.column(c).CopyRange(input.column(c), 0, 0, input.size());
  }
  for (size_t k = 0; k < build_keys_.size(); ++k) {
    if (key_columns[k] < input.ColumnCount()) continue;
    Vector key = executor.Evaluate(*build_keys_[k], input);
    rows.column(key_columns[k]).CopyRange(key, 0, 0, input.size());
  }
  rows.SetSize(input.size());
  local.parts.push_back(std::move(rows));
  return SinkResult::kNeedMoreInput;
}

void PhysicalHashJoin::Combine(ExecutionContext&, GlobalSinkState& global,
                               LocalSinkState& local_state) const {
  auto& state = static_cast<JoinBuildState&>(global);
  auto& local = static_cast<JoinBuildLocal&>(local_state);
  for (auto& p : local.parts) state.parts.push_back(std::move(p));
}

void PhysicalHashJoin::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  auto& state = static_cast<JoinBuildState&>(global);
  size_t total = 0;
  for (const auto& p : state.parts) total += p.size();
  std::vector<LogicalType> all = children_[1]->types();
  state.payload = all.size();
  state.key_columns = KeyColumns(build_keys_, all);
  for (size_t k = 0; k < build_keys_.size(); ++k) {
    if (state.key_columns[k] >= state.payload) all.push_back(build_keys_[k]->type);
  }
  state.rows.Initialize(all, std::max<size_t>(total, 1));
  // Free each part once copied, and hand the freed memory back now and then: the build
  // side is then held about once, not twice, at the peak.
  for (size_t i = 0; i < state.parts.size(); ++i) {
    state.rows.Append(state.parts[i], 0, state.parts[i].size());
    state.parts[i] = DataChunk();
#ifdef __GLIBC__
    if (i % 512 == 511) malloc_trim(0);
#endif
  }
  state.parts.clear();
#ifdef __GLIBC__
  malloc_trim(0);
#endif
  size_t n = state.rows.size();
  state.hashes.assign(n, 0);
  for (size_t k = 0; k < build_keys_.size(); ++k) {
    HashVector(state.rows.column(state.key_columns[k]), n, state.hashes.data(), k > 0);
  }
  // Chains: a load factor between 3/8 and 3/4 keeps them short at 5 to 11 bytes a row
  // (at most 1/2 was 8 to 16).
  size_t buckets = 16;
  while (buckets * 3 < n * 4) buckets *= 2;
  if (join_type_ == JoinType::kRight || join_type_ == JoinType::kFull) {
    state.matched.reset(new std::atomic<bool>[std::max<size_t>(n, 1)]);
    for (size_t i = 0; i < n; ++i) state.matched[i].store(false, std::memory_order_relaxed);
  }
  state.heads.assign(buckets, 0);
  state.next.assign(n, 0);
  state.mask = buckets - 1;
  // Insert in reverse so chains list rows in input order.
  for (size_t i = n; i-- > 0;) {
    bool null_key = false;
    for (size_t k = 0; k < build_keys_.size(); ++k) {
      if (state.rows.column(state.key_columns[k]).IsNull(i)) null_key = true;
    }
    if (null_key && !nulls_equal_) {
      state.has_null_key = true;
      continue;
    }
    uint64_t b = state.hashes[i] & state.mask;
    state.next[i] = state.heads[b];
    state.heads[b] = static_cast<uint32_t>(i + 1);
  }
  // The probe side has not started: a scan below it reads these before planning files.
  for (const auto& [k, slot] : runtime_filter_slots_) {
    slot->Publish(RuntimeFilter::FromBuildKeys(state.rows.column(state.key_columns[k]), n,
                                               context.runtime_filter_max_values));
  }
}

void PhysicalHashJoin::PublishKeysTo(size_t k, std::shared_ptr<RuntimeFilterSlot> slot) {
  runtime_filter_slots_.emplace_back(k, std::move(slot));
}

std::unique_ptr<OperatorState> PhysicalHashJoin::GetOperatorState(ExecutionContext&) const {
  return std::make_unique<PendingJoinOutput>();
}

void PhysicalHashJoin::ProbeChunk(ExecutionContext& context, DataChunk& input,
                                  PendingJoinOutput& probe) const {
  auto& build = static_cast<JoinBuildState&>(*sink_state);
  ExpressionExecutor executor(context.function_context);
  size_t count = input.size();
  std::vector<Vector> keys;
  for (const auto& k : probe_keys_) keys.push_back(executor.Evaluate(*k, input));
  std::vector<uint64_t> hashes(count, 0);
  for (size_t k = 0; k < keys.size(); ++k) HashVector(keys[k], count, hashes.data(), k > 0);

  bool semi_like = join_type_ == JoinType::kSemi || join_type_ == JoinType::kAnti;
  size_t build_rows = build.rows.size();
  // NOT IN: any NULL on the build side means no probe row qualifies.
  if (null_aware_ && join_type_ == JoinType::kAnti && build.has_null_key) return;

  std::vector<uint32_t> probe_idx, build_idx;
  std::vector<uint8_t> probe_null(count, 0);
  for (size_t i = 0; i < count; ++i) {
    bool null_key = false;
    for (const auto& key : keys) null_key |= key.IsNull(i);
    if (null_key && !nulls_equal_) {
      probe_null[i] = 1;
      continue;
    }
    for (uint32_t e = build.heads[hashes[i] & build.mask]; e != 0; e = build.next[e - 1]) {
      uint32_t r = e - 1;
      if (build.hashes[r] != hashes[i]) continue;
      bool equal = true;
      for (size_t k = 0; k < keys.size() && equal; ++k) {
        const Vector& build_key = build.rows.column(build.key_columns[k]);
        equal = nulls_equal_ ? RowsEqualNullSafe(keys[k], i, build_key, r)
                             : CompareRows(keys[k], i, build_key, r) == 0;
      }
      if (!equal) continue;
      probe_idx.push_back(static_cast<uint32_t>(i));
      build_idx.push_back(r);
    }
  }
  std::vector<uint8_t> matched(count, 0);
  size_t probe_cols = input.ColumnCount();
  size_t build_cols = build.payload;
  // Emit matched pairs in batches, after the residual.
  for (size_t start = 0; start < probe_idx.size(); start += kBatchSize) {
    size_t n = std::min(kBatchSize, probe_idx.size() - start);
    DataChunk pairs;
    std::vector<LogicalType> pair_types = input.Types();
    for (size_t c = 0; c < build_cols; ++c) pair_types.push_back(build.rows.column(c).type());
    pairs.Initialize(pair_types, n);
    for (size_t c = 0; c < probe_cols; ++c) {
      pairs.column(c).Gather(input.column(c), probe_idx.data() + start, n);
    }
    for (size_t c = 0; c < build_cols; ++c) {
      pairs.column(probe_cols + c).Gather(build.rows.column(c), build_idx.data() + start, n);
    }
    pairs.SetSize(n);
    std::vector<uint32_t> keep;
    if (residual_) {
      SelectionVector sel;
      executor.Select(*residual_, pairs, sel);
      keep = std::move(sel.indexes);
    } else {
      keep.resize(n);
      for (size_t i = 0; i < n; ++i) keep[i] = static_cast<uint32_t>(i);
    }
    for (uint32_t k : keep) matched[probe_idx[start + k]] = 1;
    if (build.matched && (join_type_ == JoinType::kRight || join_type_ == JoinType::kFull)) {
      for (uint32_t k : keep) build.matched[build_idx[start + k]].store(true, std::memory_order_relaxed);
    }
    if (semi_like) continue;
    if (keep.size() != n) {
      SelectionVector sel;
      sel.indexes = std::move(keep);
      pairs.Slice(sel);
    }
    if (pairs.size() > 0) probe.pending.Append(std::move(pairs));
  }
  std::vector<uint32_t> rows;
  if (join_type_ == JoinType::kSemi) {
    for (size_t i = 0; i < count; ++i) {
      if (matched[i]) rows.push_back(static_cast<uint32_t>(i));
    }
  } else if (join_type_ == JoinType::kAnti) {
    for (size_t i = 0; i < count; ++i) {
      // NOT IN: a NULL probe key matches nothing but still disqualifies the row when the
      // build side is not empty.
      if (matched[i]) continue;
      if (null_aware_ && probe_null[i] && build_rows > 0) continue;
      rows.push_back(static_cast<uint32_t>(i));
    }
  } else if (join_type_ == JoinType::kLeft || join_type_ == JoinType::kFull) {
    for (size_t i = 0; i < count; ++i) {
      if (!matched[i]) rows.push_back(static_cast<uint32_t>(i));
    }
  }
  if (rows.empty()) return;
  DataChunk out;
  out.Initialize(types_, rows.size());
  for (size_t c = 0; c < probe_cols; ++c) {
    out.column(c).Gather(input.column(c), rows.data(), rows.size());
  }
  if (join_type_ == JoinType::kLeft || join_type_ == JoinType::kFull) {
    for (size_t c = probe_cols; c < types_.size(); ++c) {
      for (size_t i = 0; i < rows.size(); ++i) out.column(c).SetNull(i, true);
    }
  }
  out.SetSize(rows.size());
  probe.pending.Append(std::move(out));
}

void PhysicalHashJoin::FinalOutput(ExecutionContext&, std::vector<DataChunk>& out) const {
  auto& build = static_cast<JoinBuildState&>(*sink_state);
  EmitUnmatchedBuildRows(types_, build.rows, build.payload, build.matched.get(), out);
}

OperatorResult PhysicalHashJoin::Execute(ExecutionContext& context, DataChunk& input,
                                         DataChunk& output, OperatorState& state) const {
  auto& probe = static_cast<PendingJoinOutput&>(state);
  if (probe.Drained()) ProbeChunk(context, input, probe);
  return probe.Emit(output);
}

}  // namespace floe
