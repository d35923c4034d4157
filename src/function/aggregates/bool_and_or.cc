#include "function/aggregates/bool_and_or.h"

#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"

namespace floe {

namespace {

struct BoolState {
  uint8_t value;  // the identity (1 for and, 0 for or) until the first input
  bool has_value;
};

template <bool kAnd>
BoundAggregateFunction MakeBoolAggregate(const char* name,
                                         const std::vector<LogicalType>& arg_types) {
  // DISTINCT changes neither and nor or, so it is ignored.
  if (arg_types.size() != 1 ||
      (arg_types[0].id() != TypeId::kBoolean && arg_types[0].id() != TypeId::kNull)) {
    ThrowUnsupportedArguments(name, arg_types, "one boolean argument");
  }
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = {TypeId::kBoolean};
  f.return_type = TypeId::kBoolean;
  f.state_size = sizeof(BoolState);
  f.initialize = [](uint8_t* state) {
    new (state) BoolState{kAnd ? uint8_t{1} : uint8_t{0}, false};
  };
  f.update = [](const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                const FunctionContext&) {
    const uint8_t* data = args[0]->Data<uint8_t>();
    ForEachValidRow(args[0]->validity(), count, [&](size_t i) {
      auto& state = StateAt<BoolState>(states, i);
      uint8_t v = data[i] != 0;
      state.value = kAnd ? (state.value & v) : (state.value | v);
      state.has_value = true;
    });
  };
  f.combine = [](uint8_t* source, uint8_t* target) {
    const auto& src = StateAt<BoolState>(&source, 0);
    auto& dst = StateAt<BoolState>(&target, 0);
    if (!src.has_value) return;
    dst.value = kAnd ? (dst.value & src.value) : (dst.value | src.value);
    dst.has_value = true;
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<BoolState>(states, i);
      result.SetNull(i, !state.has_value);
      result.Data<uint8_t>()[i] = state.value;
    }
  };
  return f;
}

}  // namespace

BoundAggregateFunction BindBoolAnd(const std::vector<LogicalType>& arg_types, bool) {
  return MakeBoolAggregate<true>("bool_and", arg_types);
}

BoundAggregateFunction BindBoolOr(const std::vector<LogicalType>& arg_types, bool) {
  return MakeBoolAggregate<false>("bool_or", arg_types);
}

}  // namespace floe
