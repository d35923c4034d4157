#include "function/aggregates/bit_aggregate.h"

#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"

namespace floe {

namespace {

template <typename T>
struct BitState {
  T value;
  bool has_value;
};

template <typename T, BitOperation kOperation>
inline void Fold(BitState<T>& state, T v) {
  if (!state.has_value) {
    state.value = v;
    state.has_value = true;
  } else if constexpr (kOperation == BitOperation::kAnd) {
    state.value &= v;
  } else if constexpr (kOperation == BitOperation::kOr) {
    state.value |= v;
  } else {
    state.value ^= v;
  }
}

template <typename T, BitOperation kOperation>
BoundAggregateFunction MakeBitAggregate(const char* name, const LogicalType& type) {
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = {type};
  f.return_type = type;
  f.state_size = sizeof(BitState<T>);
  f.initialize = [](uint8_t* state) { new (state) BitState<T>{0, false}; };
  f.update = [](const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                const FunctionContext&) {
    const T* data = args[0]->Data<T>();
    ForEachValidRow(args[0]->validity(), count, [&](size_t i) {
      Fold<T, kOperation>(StateAt<BitState<T>>(states, i), data[i]);
    });
  };
  f.combine = [](uint8_t* source, uint8_t* target) {
    const auto& src = StateAt<BitState<T>>(&source, 0);
    if (src.has_value) Fold<T, kOperation>(StateAt<BitState<T>>(&target, 0), src.value);
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<BitState<T>>(states, i);
      result.SetNull(i, !state.has_value);
      result.Data<T>()[i] = state.value;
    }
  };
  return f;
}

template <BitOperation kOperation>
BoundAggregateFunction BindFor(const char* name, const LogicalType& type) {
  if (type.id() == TypeId::kInt8) return MakeBitAggregate<int8_t, kOperation>(name, type);
  if (type.id() == TypeId::kInt16) return MakeBitAggregate<int16_t, kOperation>(name, type);
  if (type.id() == TypeId::kInt32) return MakeBitAggregate<int32_t, kOperation>(name, type);
  return MakeBitAggregate<int64_t, kOperation>(name, type);
}

}  // namespace

BoundAggregateFunction BindBitAggregate(BitOperation operation,
                                        const std::vector<LogicalType>& arg_types,
                                        bool distinct) {
  static const char* const kNames[] = {"bit_and", "bit_or", "bit_xor"};
  const char* name = kNames[static_cast<int>(operation)];
  if (arg_types.size() != 1 || !arg_types[0].IsInteger()) {
    ThrowUnsupportedArguments(name, arg_types, "one integer argument");
  }
  switch (operation) {
    case BitOperation::kAnd: return BindFor<BitOperation::kAnd>(name, arg_types[0]);
    case BitOperation::kOr: return BindFor<BitOperation::kOr>(name, arg_types[0]);
    case BitOperation::kXor: break;
  }
  // DISTINCT changes neither and nor or; it does change xor.
  BoundAggregateFunction f = BindFor<BitOperation::kXor>(name, arg_types[0]);
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace floe
