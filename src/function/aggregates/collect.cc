#include "function/aggregates/collect.h"

#include <unordered_map>

#include "common/exception.h"
#include "common/vector_operations.h"
#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"

namespace floe {

namespace {

struct CollectState {
  std::vector<Value> values;
  // collect_set: hash -> indexes into values with that hash
  std::unordered_multimap<uint64_t, size_t> seen;
};

void Add(CollectState& state, Value v, bool set) {
  if (set) {
    uint64_t h = HashValue(v);
    auto [begin, end] = state.seen.equal_range(h);
    for (auto it = begin; it != end; ++it) {
      if (state.values[it->second] == v) return;
    }
    state.seen.emplace(h, state.values.size());
  }
  state.values.push_back(std::move(v));
}

}  // namespace

BoundAggregateFunction BindCollect(bool set, const std::vector<LogicalType>& arg_types, bool distinct) {
  const char* name = set ? "collect_set" : "collect_list";
  if (arg_types.size() != 1) ThrowUnsupportedArguments(name, arg_types, "(x)");
  const LogicalType& type = arg_types[0];
  if (set && !type.IsOrderable()) {
    throw BinderError(std::string("[DATATYPE_MISMATCH.UNSUPPORTED_INPUT_TYPE] ") + name +
                      " cannot take a map or variant value: " + type.ToString());
  }
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = {type};
  f.return_type = LogicalType::List(type);
  f.state_size = sizeof(CollectState);
  f.initialize = [](uint8_t* state) { new (state) CollectState(); };
  f.destroy = [](uint8_t* state) { StateAt<CollectState>(&state, 0).~CollectState(); };
  f.update = [set](const std::vector<const Vector*>& args, size_t count, uint8_t** states, const FunctionContext&) {
    ForEachValidRow(args[0]->validity(), count, [&](size_t i) {
      Add(StateAt<CollectState>(states, i), args[0]->GetValue(i), set);
    });
  };
  f.combine = [set](uint8_t* source, uint8_t* target) {
    auto& src = StateAt<CollectState>(&source, 0);
    auto& dst = StateAt<CollectState>(&target, 0);
    for (auto& v : src.values) Add(dst, std::move(v), set);
    src.values.clear();
    src.seen.clear();
  };
  LogicalType result_type = f.return_type;
  f.finalize = [result_type](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      result.SetValue(i, Value::List(result_type, StateAt<CollectState>(states, i).values));
    }
  };
  if (!distinct) return f;
  if (type.IsNested()) {
    throw NotImplementedError(std::string(name) + "(DISTINCT ...) over a " + type.ToString() +
                              " value is not supported yet");
  }
  return MakeDistinctAggregate(std::move(f));
}

}  // namespace floe
