#include "function/aggregates/arg_min_max.h"

#include <type_traits>

#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/physical_type.h"
#include "function/aggregates/stored_value.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"
#include "function/value_order.h"

namespace floe {

namespace {

template <typename Y>
struct ArgMinMaxState {
  StoredValue<Y> key;
  StoredAnyValue value;
  bool has_value;
};

template <typename Y, bool kMax>
inline bool Better(const Y& candidate, const Y& current) {
  return kMax ? OrderLess(current, candidate) : OrderLess(candidate, current);
}

template <typename Y, bool kMax>
void ArgMinMaxUpdate(const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                     const FunctionContext&) {
  const Vector& x = *args[0];
  const Vector& y = *args[1];
  const Y* keys = y.Data<Y>();
  if (y.type().id() == TypeId::kNull) return;
  if (AllSameState(states, count)) {
    // Pick the batch's best row first, so x and y are copied at most once per batch.
    size_t best = count;
    ForEachValidRow(y.validity(), count, [&](size_t i) {
      if (best == count || Better<Y, kMax>(keys[i], keys[best])) best = i;
    });
    if (best == count) return;
    auto& state = StateAt<ArgMinMaxState<Y>>(states, 0);
    if (!state.has_value || Better<Y, kMax>(keys[best], state.key.Get())) {
      state.key.Set(keys[best]);
      state.value.Set(x, best);
      state.has_value = true;
    }
    return;
  }
  ForEachValidRow(y.validity(), count, [&](size_t i) {
    auto& state = StateAt<ArgMinMaxState<Y>>(states, i);
    if (!state.has_value || Better<Y, kMax>(keys[i], state.key.Get())) {
      state.key.Set(keys[i]);
      state.value.Set(x, i);
      state.has_value = true;
    }
  });
}

template <typename Y, bool kMax>
BoundAggregateFunction MakeArgMinMax(const char* name, const std::vector<LogicalType>& types) {
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = types;
  f.return_type = types[0];
  f.state_size = sizeof(ArgMinMaxState<Y>);
  f.initialize = [](uint8_t* state) { new (state) ArgMinMaxState<Y>{}; };
  f.update = ArgMinMaxUpdate<Y, kMax>;
  f.combine = [](uint8_t* source, uint8_t* target) {
    const auto& src = StateAt<ArgMinMaxState<Y>>(&source, 0);
    auto& dst = StateAt<ArgMinMaxState<Y>>(&target, 0);
    if (src.has_value && (!dst.has_value || Better<Y, kMax>(src.key.Get(), dst.key.Get()))) {
      dst.key.Set(src.key.Get());
      dst.value.Set(src.value);
      dst.has_value = true;
    }
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<ArgMinMaxState<Y>>(states, i);
      if (state.has_value) {
        state.value.Write(result, i);
      } else {
        result.SetNull(i, true);
      }
    }
  };
  f.destroy = [](uint8_t* state) {
    auto& s = StateAt<ArgMinMaxState<Y>>(&state, 0);
    s.key.Free();
    s.value.Free();
  };
  return f;
}

template <bool kMax>
BoundAggregateFunction BindArgMinMax(const char* name, const std::vector<LogicalType>& arg_types,
                                     bool distinct) {
  if (arg_types.size() != 2 || arg_types[1].id() == TypeId::kInterval || !arg_types[1].IsOrderable()) {
    ThrowUnsupportedArguments(name, arg_types, "(x, y) with y of an ordered type");
  }
  // A NULL-typed y never selects a row; keep it as a one-byte key that is always NULL.
  TypeId key_type = arg_types[1].id() == TypeId::kNull ? TypeId::kBoolean : arg_types[1].id();
  BoundAggregateFunction f =
      VisitPhysicalType(key_type, [&](auto tag) -> BoundAggregateFunction {
        using Y = typename decltype(tag)::type;
        if constexpr (kIsOrdered<Y>) {
          return MakeArgMinMax<Y, kMax>(name, arg_types);
        } else {
          ThrowUnsupportedArguments(name, arg_types, "(x, y) with y of an ordered type");
        }
      });
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace

BoundAggregateFunction BindMinBy(const std::vector<LogicalType>& arg_types, bool distinct) {
  return BindArgMinMax<false>("min_by", arg_types, distinct);
}

BoundAggregateFunction BindMaxBy(const std::vector<LogicalType>& arg_types, bool distinct) {
  return BindArgMinMax<true>("max_by", arg_types, distinct);
}

}  // namespace floe
