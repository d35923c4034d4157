#include "function/aggregates/min_max.h"

#include <optional>
#include <type_traits>

#include "common/vector_operations.h"
#include "function/aggregates/physical_type.h"
#include "function/aggregates/stored_value.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"
#include "function/value_order.h"

namespace floe {

namespace {

template <typename T>
struct MinMaxState {
  StoredValue<T> value;
  bool has_value;
};

/// Returns true when `candidate` should replace `current`: ties keep the current one.
template <typename T, bool kMax>
inline bool Better(const T& candidate, const T& current) {
  return kMax ? OrderLess(current, candidate) : OrderLess(candidate, current);
}

template <typename T, bool kMax>
inline void Offer(MinMaxState<T>& state, const T& v) {
  if (!state.has_value || Better<T, kMax>(v, state.value.Get())) {
    state.value.Set(v);
    state.has_value = true;
  }
}

template <typename T, bool kMax>
void MinMaxUpdate(const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                  const FunctionContext&) {
  const Vector& input = *args[0];
  const T* data = input.Data<T>();
  if (AllSameState(states, count)) {
    // Find the batch's best row first, so a string is copied at most once per batch.
    bool found = false;
    T best{};
    if (input.validity().AllValid() && count > 0) {
      best = data[0];
      found = true;
      for (size_t i = 1; i < count; ++i) {
        if (Better<T, kMax>(data[i], best)) best = data[i];
      }
    } else {
      ForEachValidRow(input.validity(), count, [&](size_t i) {
        if (!found || Better<T, kMax>(data[i], best)) best = data[i];
        found = true;
      });
    }
    if (found) Offer<T, kMax>(StateAt<MinMaxState<T>>(states, 0), best);
    return;
  }
  ForEachValidRow(input.validity(), count, [&](size_t i) {
    Offer<T, kMax>(StateAt<MinMaxState<T>>(states, i), data[i]);
  });
}

template <typename T, bool kMax>
BoundAggregateFunction MakeMinMax(const char* name, const LogicalType& type) {
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = {type};
  f.return_type = type;
  f.state_size = sizeof(MinMaxState<T>);
  f.state_alignment = alignof(MinMaxState<T>);
  f.initialize = [](uint8_t* state) { new (state) MinMaxState<T>{}; };
  f.update = MinMaxUpdate<T, kMax>;
  f.combine = [](uint8_t* source, uint8_t* target) {
    auto& src = StateAt<MinMaxState<T>>(&source, 0);
    if (src.has_value) Offer<T, kMax>(StateAt<MinMaxState<T>>(&target, 0), src.value.Get());
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<MinMaxState<T>>(states, i);
      result.SetNull(i, !state.has_value);
      if (state.has_value) WriteResult(result, i, state.value.Get());
    }
  };
  if constexpr (std::is_same_v<T, StringRef>) {
    f.destroy = [](uint8_t* state) { StateAt<MinMaxState<T>>(&state, 0).value.Free(); };
  }
  return f;
}

/// min / max of a struct or an array, in Spark's order of nested values (CompareRows): the
/// best value so far kept whole, in a one-row vector the state owns.
struct NestedMinMaxState {
  Vector* best;
};

template <bool kMax>
void NestedOffer(NestedMinMaxState& state, const Vector& input, size_t i) {
  if (state.best) {
    int c = CompareRows(input, i, *state.best, 0);
    if (kMax ? c <= 0 : c >= 0) return;  // ties keep the current one
  } else {
    state.best = new Vector(input.type(), 1);
  }
  state.best->Reset();
  state.best->SetValue(0, input.GetValue(i));
}

template <bool kMax>
BoundAggregateFunction MakeNestedMinMax(const char* name, const LogicalType& type) {
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = {type};
  f.return_type = type;
  f.state_size = sizeof(NestedMinMaxState);
  f.state_alignment = alignof(NestedMinMaxState);
  f.initialize = [](uint8_t* state) { new (state) NestedMinMaxState{nullptr}; };
  f.update = [](const std::vector<const Vector*>& args, size_t count, uint8_t** states, const FunctionContext&) {
    const Vector& input = *args[0];
    if (AllSameState(states, count)) {
      // the batch's best row first, so the state copies at most one value per batch
      std::optional<size_t> best;
      ForEachValidRow(input.validity(), count, [&](size_t i) {
        if (!best) {
          best = i;
          return;
        }
        int c = CompareRows(input, i, input, *best);
        if (kMax ? c > 0 : c < 0) best = i;
      });
      if (best) NestedOffer<kMax>(StateAt<NestedMinMaxState>(states, 0), input, *best);
      return;
    }
    ForEachValidRow(input.validity(), count,
                    [&](size_t i) { NestedOffer<kMax>(StateAt<NestedMinMaxState>(states, i), input, i); });
  };
  f.combine = [](uint8_t* source, uint8_t* target) {
    auto& src = StateAt<NestedMinMaxState>(&source, 0);
    if (src.best) NestedOffer<kMax>(StateAt<NestedMinMaxState>(&target, 0), *src.best, 0);
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<NestedMinMaxState>(states, i);
      result.SetValue(i, state.best ? state.best->GetValue(0) : Value::Null());
    }
  };
  f.destroy = [](uint8_t* state) {
    auto& s = StateAt<NestedMinMaxState>(&state, 0);
    delete s.best;
    s.best = nullptr;
  };
  return f;
}

/// Binds min(NULL) / max(NULL): always NULL, of the NULL type.
BoundAggregateFunction MakeAlwaysNull(const char* name) {
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = {TypeId::kNull};
  f.return_type = TypeId::kNull;
  f.state_size = 1;
  f.initialize = [](uint8_t*) {};
  f.update = [](const std::vector<const Vector*>&, size_t, uint8_t**, const FunctionContext&) {};
  f.combine = [](uint8_t*, uint8_t*) {};
  f.finalize = [](uint8_t**, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) result.SetNull(i, true);
  };
  return f;
}

template <bool kMax>
BoundAggregateFunction BindMinMax(const char* name, const std::vector<LogicalType>& arg_types) {
  // DISTINCT changes neither min nor max, so it is ignored.
  if (arg_types.size() != 1 || arg_types[0].id() == TypeId::kInterval) {
    ThrowUnsupportedArguments(name, arg_types, "one argument of an ordered type");
  }
  if (arg_types[0].id() == TypeId::kNull) return MakeAlwaysNull(name);
  if (!arg_types[0].IsOrderable()) {
    ThrowUnsupportedArguments(name, arg_types, "one argument of an ordered type (maps and variants cannot be compared)");
  }
  if (arg_types[0].IsNested()) {
    return MakeNestedMinMax<kMax>(name, arg_types[0]);
  }
  return VisitPhysicalType(arg_types[0].id(), [&](auto tag) -> BoundAggregateFunction {
    using T = typename decltype(tag)::type;
    if constexpr (kIsOrdered<T>) {
      return MakeMinMax<T, kMax>(name, arg_types[0]);
    } else {
      ThrowUnsupportedArguments(name, arg_types, "one argument of an ordered type");
    }
  });
}

}  // namespace

BoundAggregateFunction BindMin(const std::vector<LogicalType>& arg_types, bool) {
  return BindMinMax<false>("min", arg_types);
}

BoundAggregateFunction BindMax(const std::vector<LogicalType>& arg_types, bool) {
  return BindMinMax<true>("max", arg_types);
}

}  // namespace floe
