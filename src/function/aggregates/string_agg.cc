#include "function/aggregates/string_agg.h"

#include <string>

#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"

namespace floe {

namespace {

struct StringAggState {
  std::string text;
  std::string delimiter;  // from the first update that saw a value
  bool has_value = false;
};

inline void Append(StringAggState& state, std::string_view piece,
                   std::string_view delimiter) {
  if (state.has_value) {
    state.text.append(state.delimiter);
  } else {
    state.delimiter.assign(delimiter);
    state.has_value = true;
  }
  state.text.append(piece);
}

}  // namespace

BoundAggregateFunction BindStringAgg(const std::vector<LogicalType>& arg_types, bool distinct) {
  auto string_or_null = [](const LogicalType& t) {
    return t.IsStringLike() || t.id() == TypeId::kNull;
  };
  if (arg_types.empty() || arg_types.size() > 2 || !string_or_null(arg_types[0]) ||
      (arg_types.size() == 2 && !string_or_null(arg_types[1]))) {
    ThrowUnsupportedArguments("string_agg", arg_types, "(string x[, delimiter string])");
  }
  LogicalType type = arg_types[0].id() == TypeId::kNull ? LogicalType(TypeId::kString)
                                                        : arg_types[0];
  BoundAggregateFunction f;
  f.name = "string_agg";
  f.arg_types = {type};
  if (arg_types.size() == 2) f.arg_types.push_back(type);
  f.return_type = type;
  f.state_size = sizeof(StringAggState);
  f.initialize = [](uint8_t* state) { new (state) StringAggState(); };
  f.destroy = [](uint8_t* state) { StateAt<StringAggState>(&state, 0).~StringAggState(); };
  f.update = [](const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                const FunctionContext&) {
    std::string_view delimiter;
    if (args.size() > 1 && count > 0 && !args[1]->IsNull(0)) {
      delimiter = args[1]->Data<StringRef>()[0].view();
    }
    const StringRef* data = args[0]->Data<StringRef>();
    ForEachValidRow(args[0]->validity(), count, [&](size_t i) {
      Append(StateAt<StringAggState>(states, i), data[i].view(), delimiter);
    });
  };
  f.combine = [](uint8_t* source, uint8_t* target) {
    const auto& src = StateAt<StringAggState>(&source, 0);
    if (src.has_value) Append(StateAt<StringAggState>(&target, 0), src.text, src.delimiter);
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<StringAggState>(states, i);
      result.SetNull(i, !state.has_value);
      if (state.has_value) result.SetString(i, state.text);
    }
  };
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace floe
