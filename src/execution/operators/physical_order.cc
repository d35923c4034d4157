#include "execution/operators/physical_order.h"

#include <algorithm>
#include <mutex>
#include <numeric>

#include "common/vector_operations.h"
#include "execution/chunk_collection.h"
#include "execution/expression_executor.h"

namespace floe {

namespace {

// Rows with their evaluated keys appended as extra columns.
struct SortBuffer {
  DataChunk rows;  // payload columns, then key columns
  size_t payload = 0;
};

struct OrderGlobalState : GlobalSinkState {
  std::mutex mutex;
  std::vector<DataChunk> parts;
  DataChunk sorted;
};

struct OrderLocalState : LocalSinkState {
  DataChunk buffer;
  bool initialized = false;
};

struct OrderSourceState : GlobalSourceState {
  size_t next = 0;
};

}  // namespace

std::vector<uint32_t> SortPermutation(const std::vector<const Vector*>& keys,
                                      const std::vector<SortKeySpec>& specs, size_t count) {
  std::vector<uint32_t> perm(count);
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](uint32_t a, uint32_t b) {
    for (size_t k = 0; k < keys.size(); ++k) {
      const Vector& v = *keys[k];
      bool an = v.IsNull(a), bn = v.IsNull(b);
      if (an || bn) {
        if (an && bn) continue;
        return an == specs[k].nulls_first;
      }
      int c = CompareRows(v, a, v, b);
      if (c != 0) return specs[k].ascending ? c < 0 : c > 0;
    }
    return false;
  });
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
  state.parts.push_back(std::move(local.buffer));
}

void PhysicalOrder::Finalize(ExecutionContext&, GlobalSinkState& global) const {
  auto& state = static_cast<OrderGlobalState&>(global);
  std::vector<LogicalType> all_types = types_;
  for (const auto& o : orders_) all_types.push_back(o.expression->type);
  DataChunk all;
  size_t total = 0;
  for (const auto& p : state.parts) total += p.size();
  all.Initialize(all_types, std::max<size_t>(total, 1));
  for (const auto& p : state.parts) all.Append(p, 0, p.size());
  state.parts.clear();
  size_t keep = limit_ ? static_cast<size_t>(*limit_ + offset_) : total;
  DataChunk sorted = SortChunk(all, types_.size(), orders_, keep);
  // Drop the offset rows and the key columns.
  size_t from = std::min<size_t>(static_cast<size_t>(offset_), sorted.size());
  if (!limit_) from = 0;
  state.sorted.Initialize(types_, std::max<size_t>(sorted.size() - from, 1));
  for (size_t c = 0; c < types_.size(); ++c) {
    state.sorted.column(c).CopyRange(sorted.column(c), from, 0, sorted.size() - from);
  }
  state.sorted.SetSize(sorted.size() - from);
}

std::unique_ptr<GlobalSourceState> PhysicalOrder::GetGlobalSourceState(ExecutionContext&) const {
  return std::make_unique<OrderSourceState>();
}

bool PhysicalOrder::GetData(ExecutionContext&, DataChunk& out, GlobalSourceState& global,
                            LocalSourceState&) const {
  auto& source = static_cast<OrderSourceState&>(global);
  auto& state = static_cast<OrderGlobalState&>(*sink_state);
  return NextBatchOf(state.sorted, &source.next, out);
}

}  // namespace floe
