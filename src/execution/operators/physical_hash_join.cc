#include "execution/operators/physical_hash_join.h"

#include <algorithm>
#include <atomic>
#include <future>
#include <mutex>
#include <optional>
#include <system_error>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "common/row_bytes.h"
#include "common/vector_operations.h"
#include "execution/chunk_collection.h"
#include "execution/expression_executor.h"
#include "execution/spill/check_can_spill.h"
#include "io/spill_file.h"

namespace floe {

namespace {

// Partitions of a spilled join, by the top bits of the key hash (the table of a partition
// indexes its rows by the low bits).
constexpr size_t kSpillPartitions = 64;
constexpr int kSpillPartitionShift = 58;
// Bytes reserved per byte of build rows: the batches, then their copy into one table with
// its hashes and chains while the batches are freed.
constexpr int64_t kJoinMemoryFactor = 2;

}  // namespace

// The hash table of build rows: all of them, or one partition's when the build side was
// spilled.
struct JoinTable {
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

// Spill files written by several threads, one per partition, each behind its own lock;
// rows wait in a batch per partition so the files hold full batches, not slivers.
struct PartitionFiles {
  std::vector<std::unique_ptr<SpillFile>> files;
  std::vector<DataChunk> pending;
  std::unique_ptr<std::mutex[]> locks{new std::mutex[kSpillPartitions]};
  std::vector<int64_t> file_rows = std::vector<int64_t>(kSpillPartitions, 0);  // under the locks
  std::vector<LogicalType> types;
  int64_t total_rows = 0;  // once written
  int64_t total_bytes = 0;

  void Create(ExecutionContext& context, const std::vector<LogicalType>& row_types) {
    types = row_types;
    for (size_t p = 0; p < kSpillPartitions; ++p) {
      files.push_back(std::make_unique<SpillFile>(*context.io, context.spill_folder, types));
      pending.emplace_back(types, kBatchSize);
    }
  }
  // Appends the rows of `chunk` to the files of their hashes' partitions.
  void Append(const DataChunk& chunk, const uint64_t* hashes) {
    std::vector<std::vector<uint32_t>> by_partition(kSpillPartitions);
    for (size_t i = 0; i < chunk.size(); ++i) {
      by_partition[hashes[i] >> kSpillPartitionShift].push_back(static_cast<uint32_t>(i));
    }
    for (size_t p = 0; p < kSpillPartitions; ++p) {
      const auto& sel = by_partition[p];
      if (sel.empty()) continue;
      std::lock_guard<std::mutex> lock(locks[p]);
      DataChunk& batch = pending[p];
      for (size_t done = 0; done < sel.size();) {
        size_t n = std::min(sel.size() - done, kBatchSize - batch.size());
        for (size_t c = 0; c < chunk.ColumnCount(); ++c) {
          batch.column(c).GatherAt(batch.size(), chunk.column(c), sel.data() + done, n);
        }
        batch.SetSize(batch.size() + n);
        done += n;
        if (batch.size() == kBatchSize) WriteBatch(p);
      }
      file_rows[p] += static_cast<int64_t>(sel.size());
    }
  }
  void WriteBatch(size_t p) {
    files[p]->Append(pending[p], 0, pending[p].size());
    pending[p].Initialize(types, kBatchSize);  // why: new heaps, so the written strings go
  }
  void FinishWriting() {
    for (size_t p = 0; p < files.size(); ++p) {
      if (pending[p].size() > 0) WriteBatch(p);
      pending[p] = DataChunk();
      files[p]->FinishWriting();
      total_rows += file_rows[p];
      total_bytes += static_cast<int64_t>(files[p]->bytes());
    }
  }
};

struct JoinBuildState : GlobalSinkState {
  ~JoinBuildState() override {
    if (memory) memory->Release(reserved);
  }
  std::mutex mutex;
  std::vector<LogicalType> row_types;  // of the build rows: payload, then extra key columns
  std::vector<DataChunk> parts;
  JoinTable table;
  // What the build rows hold of memory_limit (given back when the join goes).
  MemoryReservation* memory = nullptr;
  int64_t reserved = 0;
  // Once memory_limit refused the build rows more, every build row, and then every probe row
  // with a non-NULL key, goes to the spill file of its key hash's partition; the partitions
  // are joined one at a time once the probe side is done (a grace hash join).
  std::atomic<bool> spilled{false};
  PartitionFiles build_files;
  PartitionFiles probe_files;
  std::atomic<bool> any_null_key{false};  // a spilled build row has a NULL key
  int64_t build_rows = 0;  // all of them, spilled or not
};
namespace {

struct JoinBuildLocal : LocalSinkState {
  std::vector<DataChunk> parts;
  int64_t reserved = 0;  // bytes reserved for `parts`
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

std::string PhysicalHashJoin::Name() const { return spark_operator_; }

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
  out += std::string("], ") + JoinTypeToString(join_type_);
  // a sort-merge join or cartesian product, as Spark prints them, has no build side
  if (spark_operator_ == "BroadcastHashJoin" || spark_operator_ == "ShuffledHashJoin") {
    out += spark_builds_left_ ? ", BuildLeft" : ", BuildRight";
  }
  if (residual_) out += ", " + residual_->text;
  if (!hints_.empty()) out += ", hint: " + hints_;
  return out;
}

std::unique_ptr<GlobalSinkState> PhysicalHashJoin::GetGlobalSinkState(ExecutionContext&) const {
  auto state = std::make_unique<JoinBuildState>();
  state->row_types = children_[1]->types();
  state->table.payload = state->row_types.size();
  state->table.key_columns = KeyColumns(build_keys_, state->row_types);
  for (size_t k = 0; k < build_keys_.size(); ++k) {
    if (state->table.key_columns[k] >= state->table.payload) state->row_types.push_back(build_keys_[k]->type);
  }
  return state;
}

std::unique_ptr<LocalSinkState> PhysicalHashJoin::GetLocalSinkState(ExecutionContext&,
                                                                    GlobalSinkState&) const {
  return std::make_unique<JoinBuildLocal>();
}

namespace {

// Hashes the key columns of build rows.
std::vector<uint64_t> KeyHashes(const DataChunk& rows, const std::vector<size_t>& key_columns) {
  std::vector<uint64_t> hashes(rows.size(), 0);
  for (size_t k = 0; k < key_columns.size(); ++k) {
    HashVector(rows.column(key_columns[k]), rows.size(), hashes.data(), k > 0);
  }
  return hashes;
}

// Indexes `table.rows` by the hashes of its key columns (`table.hashes` when already
// there) in chains; a load factor between 3/8 and 3/4 keeps them short at 5 to 11 bytes a
// row (at most 1/2 was 8 to 16). Stops when the statement is interrupted.
void IndexRows(JoinTable& table, size_t key_count, bool track_matches, bool nulls_equal, const QueryContext* query) {
  size_t n = table.rows.size();
  if (table.hashes.size() != n) table.hashes = KeyHashes(table.rows, table.key_columns);
  size_t buckets = 16;
  while (buckets * 3 < n * 4) buckets *= 2;
  if (track_matches) {
    table.matched.reset(new std::atomic<bool>[std::max<size_t>(n, 1)]);
    for (size_t i = 0; i < n; ++i) table.matched[i].store(false, std::memory_order_relaxed);
  }
  table.heads.assign(buckets, 0);
  table.next.assign(n, 0);
  table.mask = buckets - 1;
  // Insert in reverse so chains list rows in input order.
  for (size_t i = n; i-- > 0;) {
    if (query && i % (1 << 20) == 0) query->CheckInterrupted();
    bool null_key = false;
    for (size_t k = 0; k < key_count; ++k) {
      if (table.rows.column(table.key_columns[k]).IsNull(i)) null_key = true;
    }
    if (null_key && !nulls_equal) {
      table.has_null_key = true;
      continue;
    }
    uint64_t b = table.hashes[i] & table.mask;
    table.next[i] = table.heads[b];
    table.heads[b] = static_cast<uint32_t>(i + 1);
  }
}

}  // namespace

void PhysicalHashJoin::SpillBuildRows(JoinBuildState& state, const DataChunk& rows) const {
  if (rows.size() == 0) return;
  if (!nulls_equal_ && !state.any_null_key.load()) {
    for (size_t k = 0; k < state.table.key_columns.size(); ++k) {
      if (!rows.column(state.table.key_columns[k]).validity().AllValid()) state.any_null_key = true;
    }
  }
  std::vector<uint64_t> hashes = KeyHashes(rows, state.table.key_columns);
  state.build_files.Append(rows, hashes.data());
}

void PhysicalHashJoin::StartSpilling(ExecutionContext& context, JoinBuildState& state) const {
  std::lock_guard<std::mutex> lock(state.mutex);
  if (state.spilled.load()) return;
  CheckCanSpill(context, "hash join");
  state.build_files.Create(context, state.row_types);
  state.spilled = true;
  // The rows threads that finished handed over go first.
  for (auto& part : state.parts) {
    SpillBuildRows(state, part);
    part = DataChunk();
  }
  state.parts.clear();
  if (state.memory) state.memory->Release(state.reserved);
  state.reserved = 0;
}

SinkResult PhysicalHashJoin::Sink(ExecutionContext& context, DataChunk& input,
                                  GlobalSinkState& global, LocalSinkState& local_state) const {
  auto& state = static_cast<JoinBuildState&>(global);
  auto& local = static_cast<JoinBuildLocal&>(local_state);
  ExpressionExecutor executor(context.function_context);
  const std::vector<size_t>& key_columns = state.table.key_columns;
  DataChunk rows;
  rows.Initialize(state.row_types, std::max<size_t>(input.size(), 1));
  for (size_t c = 0; c < input.ColumnCount(); ++c) {
    rows.column(c).CopyRange(input.column(c), 0, 0, input.size());
  }
  for (size_t k = 0; k < build_keys_.size(); ++k) {
    if (key_columns[k] < input.ColumnCount()) continue;
    Vector key = executor.Evaluate(*build_keys_[k], input);
    rows.column(key_columns[k]).CopyRange(key, 0, 0, input.size());
  }
  rows.SetSize(input.size());
  if (!state.spilled.load() && context.query) {
    MemoryReservation& memory = context.query->memory();
    int64_t need = kJoinMemoryFactor * RowBytes(rows, nullptr, rows.size());
    if (memory.TryReserve(need)) {
      local.reserved += need;
    } else {
      StartSpilling(context, state);
    }
  }
  if (state.spilled.load()) {
    // This thread's rows so far go to the partitions' files with the batch.
    for (auto& part : local.parts) SpillBuildRows(state, part);
    local.parts.clear();
    if (local.reserved > 0) context.query->memory().Release(local.reserved);
    local.reserved = 0;
    SpillBuildRows(state, rows);
    return SinkResult::kNeedMoreInput;
  }
  local.parts.push_back(std::move(rows));
  return SinkResult::kNeedMoreInput;
}

void PhysicalHashJoin::Combine(ExecutionContext& context, GlobalSinkState& global,
                               LocalSinkState& local_state) const {
  auto& state = static_cast<JoinBuildState&>(global);
  auto& local = static_cast<JoinBuildLocal&>(local_state);
  std::lock_guard<std::mutex> lock(state.mutex);
  if (state.spilled.load()) {
    for (auto& part : local.parts) SpillBuildRows(state, part);
    local.parts.clear();
    if (local.reserved > 0) context.query->memory().Release(local.reserved);
    local.reserved = 0;
    return;
  }
  for (auto& p : local.parts) state.parts.push_back(std::move(p));
  local.parts.clear();
  if (local.reserved > 0) {
    state.memory = &context.query->memory();
    state.reserved += local.reserved;
    local.reserved = 0;
  }
}

void PhysicalHashJoin::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  auto& state = static_cast<JoinBuildState&>(global);
  JoinTable& table = state.table;
  if (state.spilled.load()) {
    state.build_files.FinishWriting();
    state.build_rows = state.build_files.total_rows;
    state.probe_files.Create(context, children_[0]->types());
    // why: the keys are on disk; a scan below the probe side reads every file
    for (const auto& [k, slot] : runtime_filter_slots_) slot->Publish(nullptr);
    return;
  }
  size_t total = 0;
  for (const auto& p : state.parts) total += p.size();
  table.rows.Initialize(state.row_types, std::max<size_t>(total, 1));
  table.hashes.reserve(total);
  // Free each part once copied, and hand the freed memory back now and then: the build
  // side is then held about once, not twice, at the peak. Hashed a part at a time, so a
  // cancel stops a large build within a part.
  for (size_t i = 0; i < state.parts.size(); ++i) {
    if (context.query && i % 64 == 0) context.query->CheckInterrupted();
    std::vector<uint64_t> hashes = KeyHashes(state.parts[i], table.key_columns);
    table.hashes.insert(table.hashes.end(), hashes.begin(), hashes.end());
    table.rows.Append(state.parts[i], 0, state.parts[i].size());
    state.parts[i] = DataChunk();
#ifdef __GLIBC__
    if (i % 512 == 511) malloc_trim(0);
#endif
  }
  state.parts.clear();
#ifdef __GLIBC__
  malloc_trim(0);
#endif
  size_t n = table.rows.size();
  state.build_rows = static_cast<int64_t>(n);
  // The build-key pass of the runtime filters (dynamic pruning) runs on a thread of its own
  // beside the indexing: both only read the rows and their hashes (IndexRows rewrites the
  // hashes only when they are missing, and then the pass hashes for itself), so on two
  // cores its time mostly hides. A one-key join's hashes are the key's own, as the filter
  // hashes them.
  const uint64_t* key_hashes =
      table.key_columns.size() == 1 && table.hashes.size() == n ? table.hashes.data() : nullptr;
  std::vector<std::shared_ptr<const RuntimeFilter>> filters(runtime_filter_slots_.size());
  // No more keys are listed than the statement's memory limit has room for; past that, a
  // range and a Bloom filter of fixed size. An integer-like key is budgeted 32 bytes (8
  // listed, the rest the sort's and the distinct pass's while listing), a string or binary
  // key as much and its bytes (the bytes of every build row set aside first: no fewer than
  // the distinct keys'), any other a Value and as much again (192 bytes).
  std::optional<size_t> per_filter;
  if (context.query && context.query->memory().limit() > 0 && !runtime_filter_slots_.empty()) {
    int64_t room = context.query->memory().limit() - context.query->memory().reserved();
    per_filter = room > 0 ? static_cast<size_t>(room) / runtime_filter_slots_.size() : 0;
  }
  auto collect_keys = [&, n, per_filter] {
    for (size_t i = 0; i < runtime_filter_slots_.size(); ++i) {
      const Vector& keys = table.rows.column(table.key_columns[runtime_filter_slots_[i].first]);
      size_t max_values = context.runtime_filter_max_values;
      if (per_filter) {
        size_t room = *per_filter;
        size_t per_key = 2 * sizeof(Value);
        if (SortedValues::KeepsAsIntegers(keys.type())) {
          per_key = 32;
        } else if (SortedValues::KeepsAsBytes(keys.type())) {
          per_key = 32;
          auto bytes = static_cast<size_t>(StringBytes(keys, nullptr, n));
          room = room > bytes ? room - bytes : 0;
        }
        max_values = std::min(max_values, room / per_key);
      }
      filters[i] = RuntimeFilter::FromBuildKeys(keys, n, max_values, key_hashes);
    }
  };
  std::future<void> pass;
  if (!runtime_filter_slots_.empty()) {
    try {
      pass = std::async(std::launch::async, collect_keys);
    } catch (const std::system_error&) {
      // why: no thread to be had; the pass runs after the indexing instead
    }
  }
  IndexRows(table, build_keys_.size(), join_type_ == JoinType::kRight || join_type_ == JoinType::kFull, nulls_equal_,
            context.query);
  if (pass.valid()) {
    pass.get();
  } else {
    collect_keys();
  }
  // The probe side has not started: a scan below it reads these before planning files.
  for (size_t i = 0; i < runtime_filter_slots_.size(); ++i) runtime_filter_slots_[i].second->Publish(filters[i]);
}

void PhysicalHashJoin::PublishKeysTo(size_t k, std::shared_ptr<RuntimeFilterSlot> slot) {
  runtime_filter_slots_.emplace_back(k, std::move(slot));
}

std::unique_ptr<OperatorState> PhysicalHashJoin::GetOperatorState(ExecutionContext&) const {
  return std::make_unique<PendingJoinOutput>();
}

std::vector<uint64_t> PhysicalHashJoin::HashProbeKeys(ExecutionContext& context, const DataChunk& input,
                                                     std::vector<Vector>* keys) const {
  ExpressionExecutor executor(context.function_context);
  for (const auto& k : probe_keys_) keys->push_back(executor.Evaluate(*k, input));
  std::vector<uint64_t> hashes(input.size(), 0);
  for (size_t k = 0; k < keys->size(); ++k) HashVector((*keys)[k], input.size(), hashes.data(), k > 0);
  return hashes;
}

void PhysicalHashJoin::ProbeChunk(ExecutionContext& context, DataChunk& input, const JoinTable& build,
                                  bool build_has_null_key, int64_t build_rows, PendingJoinOutput& probe) const {
  ExpressionExecutor executor(context.function_context);
  size_t count = input.size();
  std::vector<Vector> keys;
  std::vector<uint64_t> hashes = HashProbeKeys(context, input, &keys);

  bool semi_like = join_type_ == JoinType::kSemi || join_type_ == JoinType::kAnti;
  // NOT IN: any NULL on the build side means no probe row qualifies.
  if (null_aware_ && join_type_ == JoinType::kAnti && build_has_null_key) return;

  std::vector<uint32_t> probe_idx, build_idx;
  std::vector<uint8_t> probe_null(count, 0);
  for (size_t i = 0; i < count; ++i) {
    bool null_key = false;
    for (const auto& key : keys) null_key |= key.IsNull(i);
    if (null_key && !nulls_equal_) {
      probe_null[i] = 1;
      continue;
    }
    if (build.heads.empty()) continue;
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

bool PhysicalHashJoin::HasFinalOutput() const {
  if (join_type_ == JoinType::kRight || join_type_ == JoinType::kFull) return true;
  const auto* state = static_cast<const JoinBuildState*>(sink_state.get());
  return state && state->spilled.load();
}

void PhysicalHashJoin::SpillProbeChunk(ExecutionContext& context, DataChunk& input, PendingJoinOutput& probe) const {
  auto& state = static_cast<JoinBuildState&>(*sink_state);
  // NOT IN: a NULL among the build keys means no probe row qualifies.
  if (null_aware_ && join_type_ == JoinType::kAnti && state.any_null_key.load()) return;
  size_t count = input.size();
  std::vector<Vector> keys;
  std::vector<uint64_t> hashes = HashProbeKeys(context, input, &keys);
  std::vector<uint32_t> spill, null_rows;
  for (size_t i = 0; i < count; ++i) {
    bool null_key = false;
    for (const auto& key : keys) null_key |= key.IsNull(i);
    (null_key && !nulls_equal_ ? null_rows : spill).push_back(static_cast<uint32_t>(i));
  }
  auto gather = [&](const std::vector<uint32_t>& sel) {
    DataChunk rows;
    rows.Initialize(input.Types(), std::max<size_t>(sel.size(), 1));
    for (size_t c = 0; c < input.ColumnCount(); ++c) rows.column(c).Gather(input.column(c), sel.data(), sel.size());
    rows.SetSize(sel.size());
    return rows;
  };
  if (!spill.empty()) {
    std::vector<uint64_t> spill_hashes(spill.size());
    for (size_t k = 0; k < spill.size(); ++k) spill_hashes[k] = hashes[spill[k]];
    state.probe_files.Append(spill.size() == count ? input : gather(spill), spill_hashes.data());
  }
  // A NULL key matches nothing: its row's fate is known now (kept by LEFT, FULL and ANTI).
  if (!null_rows.empty()) {
    DataChunk rows = gather(null_rows);
    ProbeChunk(context, rows, JoinTable(), state.any_null_key.load(), state.build_rows, probe);
  }
}

void PhysicalHashJoin::FinalOutput(ExecutionContext& context, const std::function<bool(DataChunk&)>& emit) const {
  auto& state = static_cast<JoinBuildState&>(*sink_state);
  bool outer_build = join_type_ == JoinType::kRight || join_type_ == JoinType::kFull;
  if (!state.spilled.load()) {
    EmitUnmatchedBuildRows(types_, state.table.rows, state.table.payload, state.table.matched.get(), emit);
    return;
  }
  // A grace hash join: each partition's build rows make a table its probe rows are joined
  // with, one partition at a time; each pair of files is deleted once joined.
  state.probe_files.FinishWriting();
  for (size_t p = 0; p < kSpillPartitions; ++p) {
    JoinTable table;
    table.payload = state.table.payload;
    table.key_columns = state.table.key_columns;
    table.rows.Initialize(state.row_types, static_cast<size_t>(std::max<int64_t>(state.build_files.file_rows[p], 1)));
    DataChunk batch;
    while (state.build_files.files[p]->Read(batch)) table.rows.Append(batch, 0, batch.size());
    state.build_files.files[p].reset();
    int64_t held = 0;
    if (context.query) {
      // why: what one partition needs is held whatever the limit says, or the join could not finish
      held = kJoinMemoryFactor * RowBytes(table.rows, nullptr, table.rows.size());
      context.query->memory().ForceReserve(held);
    }
    IndexRows(table, build_keys_.size(), outer_build, nulls_equal_, context.query);
    PendingJoinOutput out;
    bool more = true;
    while (more && state.probe_files.files[p]->Read(batch)) {
      ProbeChunk(context, batch, table, state.any_null_key.load(), state.build_rows, out);
      DataChunk chunk;
      for (OperatorResult r = OperatorResult::kHaveMoreOutput; more && r == OperatorResult::kHaveMoreOutput;) {
        r = out.Emit(chunk);
        if (chunk.size() > 0) more = emit(chunk);
      }
    }
    state.probe_files.files[p].reset();
    if (more && outer_build) {
      more = EmitUnmatchedBuildRows(types_, table.rows, table.payload, table.matched.get(), emit);
    }
    if (context.query) context.query->memory().Release(held);
    if (!more) return;
  }
}

OperatorResult PhysicalHashJoin::Execute(ExecutionContext& context, DataChunk& input,
                                         DataChunk& output, OperatorState& state) const {
  auto& probe = static_cast<PendingJoinOutput&>(state);
  auto& build = static_cast<JoinBuildState&>(*sink_state);
  if (probe.Drained()) {
    if (build.spilled.load()) {
      SpillProbeChunk(context, input, probe);
    } else {
      ProbeChunk(context, input, build.table, build.table.has_null_key, build.build_rows, probe);
    }
  }
  return probe.Emit(output);
}

std::vector<std::string> PhysicalHashJoin::AnalyzeLines() const {
  const auto* state = static_cast<const JoinBuildState*>(sink_state.get());
  if (!state || !state->spilled.load()) return {};
  return {"spilled: " + std::to_string(kSpillPartitions) + " partitions, " +
          std::to_string(state->build_files.total_rows) + " build rows (" +
          std::to_string(state->build_files.total_bytes) + " bytes), " + std::to_string(state->probe_files.total_rows) +
          " probe rows (" + std::to_string(state->probe_files.total_bytes) + " bytes)"};
}

}  // namespace floe
