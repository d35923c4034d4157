#include "execution/operators/physical_hash_aggregate.h"

#include <mutex>

#include "execution/aggregate_hash_table.h"
#include "execution/expression_executor.h"

namespace floe {

namespace {

struct AggregateGlobalState : GlobalSinkState {
  std::unique_ptr<AggregateHashTable> table;
};

struct AggregateLocalState : LocalSinkState {
  std::unique_ptr<AggregateHashTable> table;
};

struct AggregateSourceState : GlobalSourceState {
  std::mutex mutex;
  size_t next = 0;
};

}  // namespace

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

std::unique_ptr<GlobalSinkState> PhysicalHashAggregate::GetGlobalSinkState(
    ExecutionContext&) const {
  auto state = std::make_unique<AggregateGlobalState>();
  state->table = std::make_unique<AggregateHashTable>(KeyTypes(), &aggregates_);
  return state;
}

std::unique_ptr<LocalSinkState> PhysicalHashAggregate::GetLocalSinkState(ExecutionContext&,
                                                                         GlobalSinkState&) const {
  auto state = std::make_unique<AggregateLocalState>();
  state->table = std::make_unique<AggregateHashTable>(KeyTypes(), &aggregates_);
  return state;
}

SinkResult PhysicalHashAggregate::Sink(ExecutionContext& context, DataChunk& input,
                                       GlobalSinkState&, LocalSinkState& local_state) const {
  auto& local = static_cast<AggregateLocalState&>(local_state);
  ExpressionExecutor executor(context.function_context);
  size_t count = input.size();
  std::vector<Vector> key_values;
  for (const auto& g : groups_) key_values.push_back(executor.Evaluate(*g, input));
  // Aggregate arguments and filters are the same for every grouping set.
  std::vector<std::vector<Vector>> args(aggregates_.size());
  std::vector<std::vector<uint32_t>> filtered(aggregates_.size());
  std::vector<bool> has_filter(aggregates_.size(), false);
  for (size_t a = 0; a < aggregates_.size(); ++a) {
    for (const auto& arg : aggregates_[a].args) args[a].push_back(executor.Evaluate(*arg, input));
    if (aggregates_[a].filter) {
      has_filter[a] = true;
      SelectionVector sel;
      executor.Select(*aggregates_[a].filter, input, sel);
      filtered[a] = std::move(sel.indexes);
    }
  }
  size_t set_count = grouping_sets_.empty() ? 1 : grouping_sets_.size();
  std::vector<uint32_t> group_ids(count);
  std::vector<uint8_t*> states(count);
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
    local.table->FindOrCreateGroups(key_ptrs, count, group_ids.data());
    for (size_t a = 0; a < aggregates_.size(); ++a) {
      std::vector<const Vector*> arg_ptrs;
      if (!has_filter[a]) {
        for (size_t i = 0; i < count; ++i) states[i] = local.table->State(group_ids[i], a);
        for (const auto& v : args[a]) arg_ptrs.push_back(&v);
        aggregates_[a].function->update(arg_ptrs, count, states.data(), context.function_context);
      } else {
        const auto& rows = filtered[a];
        if (rows.empty()) continue;
        std::vector<Vector> gathered;
        for (const auto& v : args[a]) {
          Vector g(v.type(), rows.size());
          g.Gather(v, rows.data(), rows.size());
          gathered.push_back(std::move(g));
        }
        for (const auto& v : gathered) arg_ptrs.push_back(&v);
        for (size_t k = 0; k < rows.size(); ++k) {
          states[k] = local.table->State(group_ids[rows[k]], a);
        }
        aggregates_[a].function->update(arg_ptrs, rows.size(), states.data(),
                                        context.function_context);
      }
    }
  }
  return SinkResult::kNeedMoreInput;
}

void PhysicalHashAggregate::Combine(ExecutionContext&, GlobalSinkState& global,
                                    LocalSinkState& local_state) const {
  auto& g = static_cast<AggregateGlobalState&>(global);
  auto& local = static_cast<AggregateLocalState&>(local_state);
  if (g.table->GroupCount() == 0) {
    std::swap(g.table, local.table);
    return;
  }
  g.table->Merge(*local.table);
}

void PhysicalHashAggregate::Finalize(ExecutionContext&, GlobalSinkState& global) const {
  auto& g = static_cast<AggregateGlobalState&>(global);
  // An aggregate without GROUP BY returns one row even for no input.
  if (groups_.empty() && grouping_sets_.empty() && g.table->GroupCount() == 0) {
    uint32_t id;
    g.table->FindOrCreateGroups({}, 1, &id);
  }
}

std::unique_ptr<GlobalSourceState> PhysicalHashAggregate::GetGlobalSourceState(
    ExecutionContext&) const {
  return std::make_unique<AggregateSourceState>();
}

bool PhysicalHashAggregate::GetData(ExecutionContext& context, DataChunk& out,
                                    GlobalSourceState& global, LocalSourceState&) const {
  auto& source = static_cast<AggregateSourceState&>(global);
  auto& table = *static_cast<AggregateGlobalState&>(*sink_state).table;
  size_t start, count;
  {
    std::lock_guard<std::mutex> lock(source.mutex);
    start = source.next;
    count = std::min(kBatchSize, table.GroupCount() - std::min(start, table.GroupCount()));
    source.next += count;
  }
  if (count == 0) return false;
  std::vector<uint32_t> sel(count);
  for (size_t i = 0; i < count; ++i) sel[i] = static_cast<uint32_t>(start + i);
  size_t col = 0;
  for (size_t k = 0; k < groups_.size(); ++k, ++col) {
    out.column(col).Gather(table.keys()[k], sel.data(), count);
  }
  std::vector<uint8_t*> states(count);
  for (size_t a = 0; a < aggregates_.size(); ++a, ++col) {
    for (size_t i = 0; i < count; ++i) states[i] = table.State(sel[i], a);
    aggregates_[a].function->finalize(states.data(), count, out.column(col),
                                      context.function_context);
  }
  if (!grouping_sets_.empty()) out.column(col).Gather(table.keys()[groups_.size()], sel.data(), count);
  out.SetSize(count);
  return true;
}

}  // namespace floe
