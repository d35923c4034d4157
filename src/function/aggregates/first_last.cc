#include "function/aggregates/first_last.h"

#include <type_traits>

#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/physical_type.h"
#include "function/aggregates/stored_value.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"

namespace floe {

namespace {

template <typename T>
struct FirstLastState {
  StoredValue<T> value;
  bool is_set;   // a row was taken (a NULL one too, without ignore_nulls)
  bool is_null;  // the row taken was NULL
};

/// Returns the ignore_nulls argument: a constant, read from the batch's first row.
bool IgnoreNulls(const std::vector<const Vector*>& args, size_t count) {
  return args.size() > 1 && count > 0 && !args[1]->IsNull(0) && args[1]->Data<uint8_t>()[0] != 0;
}

template <typename T>
inline void Take(FirstLastState<T>& state, const Vector& input, size_t i) {
  state.is_set = true;
  state.is_null = input.IsNull(i);
  if (!state.is_null) state.value.Set(input.Data<T>()[i]);
}

template <typename T>
inline void TakeState(FirstLastState<T>& target, const FirstLastState<T>& source) {
  target.is_set = true;
  target.is_null = source.is_null;
  if (!source.is_null) target.value.Set(source.value.Get());
}

/// Returns the row first (or last, kLast) takes from a batch, or count when none.
template <bool kLast>
size_t PickRow(const Vector& input, size_t count, bool ignore_nulls) {
  if (count == 0) return count;
  if (!ignore_nulls || input.validity().AllValid()) return kLast ? count - 1 : 0;
  if constexpr (kLast) {
    for (size_t i = count; i-- > 0;) {
      if (!input.IsNull(i)) return i;
    }
  } else {
    for (size_t i = 0; i < count; ++i) {
      if (!input.IsNull(i)) return i;
    }
  }
  return count;
}

template <typename T, bool kLast>
void FirstLastUpdate(const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                     const FunctionContext&) {
  const Vector& input = *args[0];
  bool ignore_nulls = IgnoreNulls(args, count);
  if (AllSameState(states, count)) {
    auto& state = StateAt<FirstLastState<T>>(states, 0);
    if (!kLast && state.is_set) return;
    size_t row = PickRow<kLast>(input, count, ignore_nulls);
    if (row < count) Take(state, input, row);
    return;
  }
  for (size_t i = 0; i < count; ++i) {
    auto& state = StateAt<FirstLastState<T>>(states, i);
    if ((kLast || !state.is_set) && !(ignore_nulls && input.IsNull(i))) Take(state, input, i);
  }
}

template <typename T, bool kLast>
BoundAggregateFunction MakeFirstLast(const char* name, std::vector<LogicalType> arg_types) {
  BoundAggregateFunction f;
  f.name = name;
  f.return_type = arg_types[0];
  f.arg_types = std::move(arg_types);
  f.state_size = sizeof(FirstLastState<T>);
  f.initialize = [](uint8_t* state) { new (state) FirstLastState<T>{}; };
  f.update = FirstLastUpdate<T, kLast>;
  f.combine = [](uint8_t* source, uint8_t* target) {
    const auto& src = StateAt<FirstLastState<T>>(&source, 0);
    auto& dst = StateAt<FirstLastState<T>>(&target, 0);
    if (src.is_set && (kLast || !dst.is_set)) TakeState(dst, src);
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<FirstLastState<T>>(states, i);
      bool is_null = !state.is_set || state.is_null;
      result.SetNull(i, is_null);
      if (!is_null) WriteResult(result, i, state.value.Get());
    }
  };
  if constexpr (std::is_same_v<T, StringRef>) {
    f.destroy = [](uint8_t* state) { StateAt<FirstLastState<T>>(&state, 0).value.Free(); };
  }
  return f;
}

template <bool kLast>
BoundAggregateFunction BindFirstLast(const char* name, const std::vector<LogicalType>& arg_types,
                                     bool distinct) {
  if (arg_types.empty() || arg_types.size() > 2 ||
      (arg_types.size() == 2 && arg_types[1].id() != TypeId::kBoolean)) {
    ThrowUnsupportedArguments(name, arg_types, "(x) or (x, ignore_nulls boolean)");
  }
  std::vector<LogicalType> bound_types = arg_types;
  // A NULL-typed x is stored as one byte that is always NULL.
  TypeId physical = arg_types[0].id() == TypeId::kNull ? TypeId::kBoolean : arg_types[0].id();
  BoundAggregateFunction f = VisitPhysicalType(physical, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return MakeFirstLast<T, kLast>(name, bound_types);
  });
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace

BoundAggregateFunction BindFirst(const std::vector<LogicalType>& arg_types, bool distinct) {
  return BindFirstLast<false>("first", arg_types, distinct);
}

BoundAggregateFunction BindLast(const std::vector<LogicalType>& arg_types, bool distinct) {
  return BindFirstLast<true>("last", arg_types, distinct);
}

}  // namespace floe
