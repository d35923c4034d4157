#include "execution/operators/physical_hash_aggregate.h"

#include <algorithm>
#include <mutex>

#include "execution/aggregate_hash_table.h"
#include "execution/expression_executor.h"
#include "execution/partitioned_rows.h"
#include "execution/spill/check_can_spill.h"
#include "execution/task_scheduler.h"
#include "io/spill_file.h"

namespace floe {

namespace {

// What one thread hands over when its input ends.
struct ThreadGroups {
  std::unique_ptr<AggregateHashTable> table;
  // Once the thread stopped grouping: its rows since then (those not spilled), and the
  // groups of `table` listed by partition.
  std::unique_ptr<PartitionedRows> rows;
  std::vector<std::vector<uint32_t>> table_partitions;
};

struct AggregateGlobalState : GlobalSinkState {
  std::mutex mutex;
  std::vector<ThreadGroups> threads;
  // The rows threads spilled when memory_limit refused them more, by partition.
  std::vector<std::vector<std::unique_ptr<SpillFile>>> spilled{PartitionedRows::kPartitions};
  int64_t spilled_files = 0;
  int64_t spilled_rows = 0;
  int64_t spilled_bytes = 0;
  // The statement's memory, which holds the threads' partitioned rows until grouped.
  MemoryReservation* memory = nullptr;
  // The result: one table, or one per partition; none when rows were spilled, then each
  // partition is grouped when the source reaches it.
  std::vector<std::unique_ptr<AggregateHashTable>> tables;
  bool grouped_by_source = false;
};

struct AggregateLocalState : LocalSinkState {
  ThreadGroups groups;
};

struct AggregateSourceState : GlobalSourceState {
  std::mutex mutex;
  size_t table = 0;
  size_t next = 0;
  size_t next_partition = 0;
};

// A source thread's partition at hand when the partitions are grouped as they are read.
struct AggregateLocalSourceState : LocalSourceState {
  std::unique_ptr<AggregateHashTable> table;
  size_t next = 0;
};

// Lists the groups of a table by the partition of their hash.
std::vector<std::vector<uint32_t>> GroupsByPartition(const AggregateHashTable& table) {
  std::vector<std::vector<uint32_t>> out(PartitionedRows::kPartitions);
  for (size_t g = 0; g < table.GroupCount(); ++g) {
    auto id = static_cast<uint32_t>(g);
    out[PartitionedRows::PartitionOf(table.Hash(id))].push_back(id);
  }
  return out;
}

// Runs fn(0) ... fn(n-1) as tasks on up to context.threads threads.
void ForEachTask(ExecutionContext& context, size_t n, const std::function<void(size_t)>& fn) {
  if (!context.scheduler) {
    for (size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  context.scheduler->ForEach(context.threads, n, fn);
}

}  // namespace

// Aggregate arguments and FILTER results of one batch: the same for every grouping set.
struct PhysicalHashAggregate::Inputs {
  std::vector<std::vector<const Vector*>> args;        // per aggregate
  std::vector<const std::vector<uint32_t>*> filtered;  // per aggregate; null without FILTER
};

PhysicalHashAggregate::PhysicalHashAggregate(std::vector<LogicalType> types,
                                             std::vector<BoundExpressionPtr> groups,
                                             std::vector<BoundAggregate> aggregates,
                                             std::vector<std::vector<size_t>> grouping_sets)
    : PhysicalOperator(std::move(types)),
      groups_(std::move(groups)),
      aggregates_(std::move(aggregates)),
      grouping_sets_(std::move(grouping_sets)) {}

std::string PhysicalHashAggregate::Details() const {
  std::string out = "keys=[";
  for (size_t i = 0; i < groups_.size(); ++i) {
    if (i) out += ", ";
    out += groups_[i]->text;
  }
  out += "], functions=[";
  for (size_t i = 0; i < aggregates_.size(); ++i) {
    if (i) out += ", ";
    out += aggregates_[i].text;
  }
  return out + "]";
}

std::vector<LogicalType> PhysicalHashAggregate::KeyTypes() const {
  std::vector<LogicalType> types;
  for (const auto& g : groups_) types.push_back(g->type);
  if (!grouping_sets_.empty()) types.push_back(TypeId::kInt64);
  return types;
}

// Partitioned rows: the keys, every aggregate's arguments, then a BOOLEAN per aggregate
// with a FILTER (true when the row passes it). The hash is computed again when grouping:
// cheaper than keeping 8 bytes a row.
std::vector<LogicalType> PhysicalHashAggregate::PartitionedTypes() const {
  auto types = KeyTypes();
  for (const auto& a : aggregates_) {
    for (const auto& arg : a.args) types.push_back(arg->type);
  }
  for (const auto& a : aggregates_) {
    if (a.filter) types.push_back(TypeId::kBoolean);
  }
  return types;
}

std::unique_ptr<GlobalSinkState> PhysicalHashAggregate::GetGlobalSinkState(
    ExecutionContext&) const {
  return std::make_unique<AggregateGlobalState>();
}

std::unique_ptr<LocalSinkState> PhysicalHashAggregate::GetLocalSinkState(ExecutionContext&,
                                                                         GlobalSinkState&) const {
  auto state = std::make_unique<AggregateLocalState>();
  state->groups.table = std::make_unique<AggregateHashTable>(KeyTypes(), &aggregates_);
  return state;
}

void PhysicalHashAggregate::UpdateGroups(AggregateHashTable& table,
                                         const std::vector<const Vector*>& keys, size_t count,
                                         const uint64_t* hashes, const Inputs& inputs,
                                         const FunctionContext& function_context) const {
  std::vector<uint32_t> group_ids(count);
  std::vector<uint8_t*> states(count);
  if (keys.empty() && count > 0) {
    // no GROUP BY: every row is the one group, looked up once
    table.FindOrCreateGroups(keys, 1, group_ids.data());
    std::fill(group_ids.begin(), group_ids.end(), group_ids[0]);
  } else if (hashes) {
    table.FindOrCreateGroups(keys, count, group_ids.data(), hashes);
  } else {
    table.FindOrCreateGroups(keys, count, group_ids.data());
  }
  for (size_t a = 0; a < aggregates_.size(); ++a) {
    const auto& args = inputs.args[a];
    if (!inputs.filtered[a]) {
      if (keys.empty()) {
        std::fill(states.begin(), states.end(), count ? table.State(group_ids[0], a) : nullptr);
      } else {
        for (size_t i = 0; i < count; ++i) states[i] = table.State(group_ids[i], a);
      }
      aggregates_[a].function->update(args, count, states.data(), function_context);
      continue;
    }
    const auto& rows = *inputs.filtered[a];
    if (rows.empty()) continue;
    std::vector<Vector> gathered;
    for (const auto* v : args) {
      Vector g(v->type(), rows.size());
      g.Gather(*v, rows.data(), rows.size());
      gathered.push_back(std::move(g));
    }
    std::vector<const Vector*> arg_ptrs;
    for (const auto& v : gathered) arg_ptrs.push_back(&v);
    for (size_t k = 0; k < rows.size(); ++k) states[k] = table.State(group_ids[rows[k]], a);
    aggregates_[a].function->update(arg_ptrs, rows.size(), states.data(), function_context);
  }
}

SinkResult PhysicalHashAggregate::Sink(ExecutionContext& context, DataChunk& input,
                                       GlobalSinkState& global, LocalSinkState& local_state) const {
  auto& local = static_cast<AggregateLocalState&>(local_state).groups;
  ExpressionExecutor executor(context.function_context);
  size_t count = input.size();
  std::vector<Vector> key_values;
  for (const auto& g : groups_) key_values.push_back(executor.Evaluate(*g, input));
  std::vector<std::vector<Vector>> args(aggregates_.size());
  std::vector<std::vector<uint32_t>> filtered(aggregates_.size());
  Inputs inputs;
  inputs.args.resize(aggregates_.size());
  inputs.filtered.assign(aggregates_.size(), nullptr);
  for (size_t a = 0; a < aggregates_.size(); ++a) {
    for (const auto& arg : aggregates_[a].args) args[a].push_back(executor.Evaluate(*arg, input));
    for (const auto& v : args[a]) inputs.args[a].push_back(&v);
    if (aggregates_[a].filter) {
      SelectionVector sel;
      executor.Select(*aggregates_[a].filter, input, sel);
      filtered[a] = std::move(sel.indexes);
      inputs.filtered[a] = &filtered[a];
    }
  }
  // Partitioned rows carry each FILTER as a BOOLEAN column.
  std::vector<Vector> filter_flags;
  if (local.rows) {
    for (size_t a = 0; a < aggregates_.size(); ++a) {
      if (!inputs.filtered[a]) continue;
      Vector flags(TypeId::kBoolean, std::max<size_t>(count, 1));
      std::fill(flags.Data<uint8_t>(), flags.Data<uint8_t>() + count, uint8_t{0});
      for (uint32_t row : filtered[a]) flags.Data<uint8_t>()[row] = 1;
      filter_flags.push_back(std::move(flags));
    }
  }
  int64_t bytes_before = local.rows ? local.rows->bytes() : 0;
  size_t set_count = grouping_sets_.empty() ? 1 : grouping_sets_.size();
  for (size_t s = 0; s < set_count; ++s) {
    std::vector<Vector> set_keys;
    std::vector<const Vector*> key_ptrs;
    if (grouping_sets_.empty()) {
      for (const auto& k : key_values) key_ptrs.push_back(&k);
    } else {
      const auto& set = grouping_sets_[s];
      int64_t gid = 0;
      set_keys.reserve(groups_.size() + 1);
      for (size_t g = 0; g < groups_.size(); ++g) {
        bool in_set = std::find(set.begin(), set.end(), g) != set.end();
        if (!in_set) gid |= int64_t{1} << (groups_.size() - 1 - g);
        if (in_set) {
          set_keys.push_back(key_values[g]);
        } else {
          Vector nulls(groups_[g]->type, std::max<size_t>(count, 1));
          for (size_t i = 0; i < count; ++i) nulls.SetNull(i, true);
          set_keys.push_back(std::move(nulls));
        }
      }
      Vector gid_vector(TypeId::kInt64, std::max<size_t>(count, 1));
      for (size_t i = 0; i < count; ++i) gid_vector.Data<int64_t>()[i] = gid;
      set_keys.push_back(std::move(gid_vector));
      for (const auto& k : set_keys) key_ptrs.push_back(&k);
    }
    if (!local.rows) {
      UpdateGroups(*local.table, key_ptrs, count, nullptr, inputs, context.function_context);
      continue;
    }
    std::vector<uint64_t> hashes(count);
    AggregateHashTable::HashKeys(key_ptrs, count, hashes.data());
    std::vector<const Vector*> columns = key_ptrs;
    for (const auto& a : inputs.args) columns.insert(columns.end(), a.begin(), a.end());
    for (const auto& f : filter_flags) columns.push_back(&f);
    local.rows->Append(columns, count, hashes.data());
  }
  if (local.rows && context.query) {
    MemoryReservation& memory = context.query->memory();
    int64_t need = kRowMemoryFactor * (local.rows->bytes() - bytes_before);
    if (need > 0 && !memory.TryReserve(need)) {
      // Over the limit: this thread's partitioned rows (the new ones too) go to disk.
      memory.Release(kRowMemoryFactor * bytes_before);
      Spill(context, global, *local.rows);
    }
  }
  // Many groups in this thread alone: grouping early saves little, partition instead.
  if (!local.rows && local.table->GroupCount() > kPartitionThreshold) {
    local.rows = std::make_unique<PartitionedRows>(PartitionedTypes());
    local.table_partitions = GroupsByPartition(*local.table);
  }
  return SinkResult::kNeedMoreInput;
}

void PhysicalHashAggregate::Spill(ExecutionContext& context, GlobalSinkState& global,
                                  PartitionedRows& rows) const {
  CheckCanSpill(context, "GROUP BY");
  std::vector<std::pair<size_t, std::unique_ptr<SpillFile>>> files;
  int64_t spilled_rows = 0;
  for (size_t p = 0; p < PartitionedRows::kPartitions; ++p) {
    auto& chunks = rows.partition(p);
    if (chunks.empty()) continue;
    auto file = std::make_unique<SpillFile>(*context.io, context.spill_folder, rows.types());
    for (const auto& chunk : chunks) {
      file->Append(chunk, 0, chunk.size());
      spilled_rows += static_cast<int64_t>(chunk.size());
    }
    file->FinishWriting();
    rows.Clear(p);
    files.emplace_back(p, std::move(file));
  }
  auto& g = static_cast<AggregateGlobalState&>(global);
  std::lock_guard<std::mutex> lock(g.mutex);
  g.spilled_rows += spilled_rows;
  for (auto& [p, file] : files) {
    ++g.spilled_files;
    g.spilled_bytes += static_cast<int64_t>(file->bytes());
    g.spilled[p].push_back(std::move(file));
  }
}

void PhysicalHashAggregate::Combine(ExecutionContext& context, GlobalSinkState& global,
                                    LocalSinkState& local_state) const {
  auto& g = static_cast<AggregateGlobalState&>(global);
  auto& local = static_cast<AggregateLocalState&>(local_state).groups;
  if (!local.table || (local.table->GroupCount() == 0 && !local.rows)) return;
  std::lock_guard<std::mutex> lock(g.mutex);
  if (context.query) g.memory = &context.query->memory();
  g.threads.push_back(std::move(local));
}

void PhysicalHashAggregate::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  auto& g = static_cast<AggregateGlobalState&>(global);
  size_t total = 0;
  bool partitioned = false;
  for (const auto& t : g.threads) {
    total += t.table->GroupCount();
    partitioned |= t.rows != nullptr;
  }
  if (!partitioned && (g.threads.size() <= 1 || total < kParallelMergeThreshold)) {
    // Few groups: merge on this thread (in the order the threads finished).
    auto table = g.threads.empty() ? std::make_unique<AggregateHashTable>(KeyTypes(), &aggregates_)
                                   : std::move(g.threads[0].table);
    for (size_t i = 1; i < g.threads.size(); ++i) table->Merge(*g.threads[i].table);
    g.threads.clear();
    // An aggregate without GROUP BY returns one row even for no input.
    if (groups_.empty() && grouping_sets_.empty() && table->GroupCount() == 0) {
      uint32_t id;
      table->FindOrCreateGroups({}, 1, &id);
    }
    g.tables.push_back(std::move(table));
    return;
  }
  // Many groups: every partition is merged by its own task.
  ForEachTask(context, g.threads.size(), [&](size_t i) {
    auto& t = g.threads[i];
    if (t.table_partitions.empty()) t.table_partitions = GroupsByPartition(*t.table);
  });
  if (g.spilled_files > 0) {
    // Rows were spilled: the source groups one partition at a time, so only the
    // partitions the source threads are at are held in memory.
    g.grouped_by_source = true;
    return;
  }
  g.tables.resize(PartitionedRows::kPartitions);
  ForEachTask(context, PartitionedRows::kPartitions,
              [&](size_t p) { g.tables[p] = GroupPartition(context, g, p); });
  g.threads.clear();
}

std::unique_ptr<AggregateHashTable> PhysicalHashAggregate::GroupPartition(ExecutionContext& context,
                                                                          GlobalSinkState& global,
                                                                          size_t p) const {
  auto& g = static_cast<AggregateGlobalState&>(global);
  auto table = std::make_unique<AggregateHashTable>(KeyTypes(), &aggregates_);
  for (auto& t : g.threads) {
    const auto& ids = t.table_partitions[p];
    table->Merge(*t.table, ids.data(), ids.size());
  }
  for (auto& t : g.threads) {
    if (!t.rows) continue;
    for (auto& chunk : t.rows->partition(p)) GroupRows(*table, chunk, context.function_context);
    // This partition's rows are grouped: free them now, not when every task is done.
    if (g.memory) g.memory->Release(kRowMemoryFactor * t.rows->bytes(p));
    t.rows->Clear(p);
  }
  for (auto& file : g.spilled[p]) {
    DataChunk chunk;
    while (file->Read(chunk)) GroupRows(*table, chunk, context.function_context);
    file.reset();  // deletes the file
  }
  return table;
}

void PhysicalHashAggregate::GroupRows(AggregateHashTable& table, DataChunk& chunk,
                                      const FunctionContext& function_context) const {
  size_t count = chunk.size();
  size_t key_count = KeyTypes().size();
  size_t col = 0;
  std::vector<const Vector*> keys;
  for (; col < key_count; ++col) keys.push_back(&chunk.column(col));
  Inputs inputs;
  inputs.args.resize(aggregates_.size());
  inputs.filtered.assign(aggregates_.size(), nullptr);
  for (size_t a = 0; a < aggregates_.size(); ++a) {
    for (size_t k = 0; k < aggregates_[a].args.size(); ++k) inputs.args[a].push_back(&chunk.column(col++));
  }
  std::vector<std::vector<uint32_t>> filtered(aggregates_.size());
  for (size_t a = 0; a < aggregates_.size(); ++a) {
    if (!aggregates_[a].filter) continue;
    const uint8_t* flags = chunk.column(col++).Data<uint8_t>();
    for (size_t i = 0; i < count; ++i) {
      if (flags[i]) filtered[a].push_back(static_cast<uint32_t>(i));
    }
    inputs.filtered[a] = &filtered[a];
  }
  UpdateGroups(table, keys, count, nullptr, inputs, function_context);
}

std::unique_ptr<GlobalSourceState> PhysicalHashAggregate::GetGlobalSourceState(
    ExecutionContext&) const {
  return std::make_unique<AggregateSourceState>();
}

std::unique_ptr<LocalSourceState> PhysicalHashAggregate::GetLocalSourceState(ExecutionContext&,
                                                                           GlobalSourceState&) const {
  return std::make_unique<AggregateLocalSourceState>();
}

bool PhysicalHashAggregate::GetData(ExecutionContext& context, DataChunk& out,
                                    GlobalSourceState& global, LocalSourceState& local_state) const {
  auto& source = static_cast<AggregateSourceState&>(global);
  auto& state = static_cast<AggregateGlobalState&>(*sink_state);
  if (state.grouped_by_source) {
    auto& local = static_cast<AggregateLocalSourceState&>(local_state);
    while (!local.table || local.next >= local.table->GroupCount()) {
      local.table.reset();
      size_t p;
      {
        std::lock_guard<std::mutex> lock(source.mutex);
        p = source.next_partition++;
      }
      if (p >= PartitionedRows::kPartitions) return false;
      local.table = GroupPartition(context, state, p);
      local.next = 0;
    }
    size_t count = std::min(kBatchSize, local.table->GroupCount() - local.next);
    EmitGroups(context, *local.table, local.next, count, out);
    local.next += count;
    return true;
  }
  auto& tables = state.tables;
  AggregateHashTable* table = nullptr;
  size_t start = 0, count = 0;
  {
    std::lock_guard<std::mutex> lock(source.mutex);
    while (source.table < tables.size() && source.next >= tables[source.table]->GroupCount()) {
      ++source.table;
      source.next = 0;
    }
    if (source.table == tables.size()) return false;
    table = tables[source.table].get();
    start = source.next;
    count = std::min(kBatchSize, table->GroupCount() - start);
    source.next += count;
  }
  EmitGroups(context, *table, start, count, out);
  return true;
}

void PhysicalHashAggregate::EmitGroups(ExecutionContext& context, AggregateHashTable& table,
                                       size_t start, size_t count, DataChunk& out) const {
  std::vector<uint32_t> sel(count);
  for (size_t i = 0; i < count; ++i) sel[i] = static_cast<uint32_t>(start + i);
  size_t col = 0;
  for (size_t k = 0; k < groups_.size(); ++k, ++col) {
    table.GatherKeys(k, start, count, out.column(col));
  }
  std::vector<uint8_t*> states(count);
  for (size_t a = 0; a < aggregates_.size(); ++a, ++col) {
    for (size_t i = 0; i < count; ++i) states[i] = table.State(sel[i], a);
    aggregates_[a].function->finalize(states.data(), count, out.column(col),
                                      context.function_context);
  }
  if (!grouping_sets_.empty()) {
    table.GatherKeys(groups_.size(), start, count, out.column(col));
  }
  out.SetSize(count);
}

std::vector<std::string> PhysicalHashAggregate::AnalyzeLines() const {
  const auto* state = static_cast<const AggregateGlobalState*>(sink_state.get());
  if (!state || state->spilled_files == 0) return {};
  return {"spilled: " + std::to_string(state->spilled_files) + " partition files, " +
          std::to_string(state->spilled_rows) + " rows, " + std::to_string(state->spilled_bytes) + " bytes"};
}

}  // namespace floe
