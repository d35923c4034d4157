#include "function/aggregates/count.h"

#include <cstring>

#include "common/bit_count.h"
#include "common/exception.h"
#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"

namespace floe {

namespace {

using CountState = int64_t;

void CountInitialize(uint8_t* state) { StateAt<CountState>(&state, 0) = 0; }

void CountCombine(uint8_t* source, uint8_t* target) {
  StateAt<CountState>(&target, 0) += StateAt<CountState>(&source, 0);
}

void CountFinalize(uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
  int64_t* out = result.Data<int64_t>();
  for (size_t i = 0; i < count; ++i) {
    out[i] = StateAt<CountState>(states, i);
    result.SetNull(i, false);
  }
}

/// Returns the number of non-NULL rows among the first `count`, a word at a time.
int64_t CountValid(const Validity& validity, size_t count) {
  const uint64_t* words = validity.words();
  if (words == nullptr) return static_cast<int64_t>(count);
  int64_t valid = 0;
  size_t full_words = count / 64;
  valid += static_cast<int64_t>(CountSetBits(words, full_words));
  if (count % 64 != 0) {
    valid += __builtin_popcountll(words[full_words] & ((uint64_t{1} << (count % 64)) - 1));
  }
  return valid;
}

/// Adds `delta` to the state of each row where every argument is non-NULL.
void CountRows(const std::vector<const Vector*>& args, size_t count, uint8_t** states,
               int64_t delta) {
  if (args.empty() || (args.size() == 1 && args[0]->validity().AllValid())) {
    if (AllSameState(states, count)) {
      StateAt<CountState>(states, 0) += delta * static_cast<int64_t>(count);
      return;
    }
    for (size_t i = 0; i < count; ++i) StateAt<CountState>(states, i) += delta;
    return;
  }
  if (args.size() == 1) {
    if (AllSameState(states, count)) {
      StateAt<CountState>(states, 0) += delta * CountValid(args[0]->validity(), count);
      return;
    }
    ForEachValidRow(args[0]->validity(), count,
                    [&](size_t i) { StateAt<CountState>(states, i) += delta; });
    return;
  }
  for (size_t i = 0; i < count; ++i) {
    bool all_valid = true;
    for (const Vector* arg : args) all_valid &= !arg->IsNull(i);
    if (all_valid) StateAt<CountState>(states, i) += delta;
  }
}

BoundAggregateFunction MakeCountFunction(std::string name, std::vector<LogicalType> arg_types) {
  BoundAggregateFunction f;
  f.name = std::move(name);
  f.arg_types = std::move(arg_types);
  f.return_type = TypeId::kInt64;
  f.state_size = sizeof(CountState);
  f.state_alignment = alignof(CountState);
  f.initialize = CountInitialize;
  f.combine = CountCombine;
  f.finalize = CountFinalize;
  return f;
}

}  // namespace

BoundAggregateFunction BindCount(const std::vector<LogicalType>& arg_types, bool distinct) {
  if (arg_types.empty() && distinct) {
    throw BinderError("count(DISTINCT *) is not supported: name the columns to count");
  }
  BoundAggregateFunction f = MakeCountFunction("count", arg_types);
  for (const auto& type : arg_types) {
    if (type.id() == TypeId::kNull) {
      // count(NULL) is 0, whatever validity a NULL-typed vector carries.
      f.update = [](const std::vector<const Vector*>&, size_t, uint8_t**,
                    const FunctionContext&) {};
      f.remove = [](const std::vector<const Vector*>&, size_t, uint8_t**) {};
      return distinct ? MakeDistinctAggregate(std::move(f)) : f;
    }
  }
  f.update = [](const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                const FunctionContext&) { CountRows(args, count, states, 1); };
  f.remove = [](const std::vector<const Vector*>& args, size_t count, uint8_t** states) {
    CountRows(args, count, states, -1);
  };
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

BoundAggregateFunction BindCountIf(const std::vector<LogicalType>& arg_types, bool distinct) {
  if (arg_types.size() != 1 ||
      (arg_types[0].id() != TypeId::kBoolean && arg_types[0].id() != TypeId::kNull)) {
    ThrowUnsupportedArguments("count_if", arg_types, "one boolean argument");
  }
  BoundAggregateFunction f = MakeCountFunction("count_if", {TypeId::kBoolean});
  auto count_true = [](const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                       int64_t delta) {
    const uint8_t* data = args[0]->Data<uint8_t>();
    ForEachValidRow(args[0]->validity(), count, [&](size_t i) {
      StateAt<CountState>(states, i) += delta * static_cast<int64_t>(data[i] != 0);
    });
  };
  f.update = [count_true](const std::vector<const Vector*>& args, size_t count,
                          uint8_t** states, const FunctionContext&) {
    count_true(args, count, states, 1);
  };
  f.remove = [count_true](const std::vector<const Vector*>& args, size_t count,
                          uint8_t** states) { count_true(args, count, states, -1); };
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace floe
