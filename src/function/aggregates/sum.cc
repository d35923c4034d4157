#include "function/aggregates/sum.h"

#include <algorithm>
#include <type_traits>

#include "common/decimal.h"
#include "common/exception.h"
#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/sum_state.h"
#include "function/aggregates/unsupported_arguments.h"

namespace floe {

namespace {

/// Returns the message of a sum that does not fit its result type.
std::string SumOverflowMessage(const LogicalType& return_type) {
  if (return_type.id() == TypeId::kDecimal) {
    return "[ARITHMETIC_OVERFLOW] Overflow in sum of decimals: the result does not fit " +
           return_type.ToString() + ". Use 'try_sum' to tolerate overflow and return NULL "
           "instead.";
  }
  return "[ARITHMETIC_OVERFLOW] long overflow in sum. Use 'try_sum' to tolerate overflow and "
         "return NULL instead.";
}

template <typename Acc>
BoundAggregateFunction MakeSum(const char* name, LogicalType arg_type, LogicalType return_type,
                               bool try_sum) {
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = {arg_type};
  f.return_type = return_type;
  f.state_size = sizeof(SumState<Acc>);
  f.state_alignment = alignof(SumState<Acc>);
  f.initialize = [](uint8_t* state) { new (state) SumState<Acc>{Acc{}, 0, false}; };
  f.combine = SumStateCombine<Acc>;
  f.finalize = [return_type, try_sum](uint8_t** states, size_t count, Vector& result,
                                      const FunctionContext& context) {
    Acc* out = result.Data<Acc>();
    int precision = return_type.precision();
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<SumState<Acc>>(states, i);
      bool overflow = state.overflow;
      if constexpr (std::is_same_v<Acc, int128_t>) {
        overflow |= !DecimalFits(state.sum, precision);
      }
      if (state.count == 0 || (overflow && (try_sum || context.try_mode))) {
        result.SetNull(i, true);
        continue;
      }
      if (overflow) throw OutOfRangeError(SumOverflowMessage(return_type));
      out[i] = state.sum;
      result.SetNull(i, false);
    }
  };
  return f;
}

template <typename In, typename Acc>
BoundAggregateFunction MakeSumFor(const char* name, LogicalType arg_type,
                                  LogicalType return_type, bool try_sum) {
  BoundAggregateFunction f = MakeSum<Acc>(name, arg_type, return_type, try_sum);
  f.update = SumStateUpdate<In, Acc>;
  if constexpr (!std::is_floating_point_v<Acc>) f.remove = SumStateRemove<In, Acc>;
  return f;
}

}  // namespace

BoundAggregateFunction BindSum(const std::vector<LogicalType>& arg_types, bool distinct,
                               bool try_sum) {
  const char* name = try_sum ? "try_sum" : "sum";
  if (arg_types.size() != 1) ThrowUnsupportedArguments(name, arg_types, "one numeric argument");
  const LogicalType& type = arg_types[0];
  BoundAggregateFunction f;
  switch (type.id()) {
    case TypeId::kInt8:
      f = MakeSumFor<int8_t, int64_t>(name, type, TypeId::kInt64, try_sum);
      break;
    case TypeId::kInt16:
      f = MakeSumFor<int16_t, int64_t>(name, type, TypeId::kInt64, try_sum);
      break;
    case TypeId::kInt32:
      f = MakeSumFor<int32_t, int64_t>(name, type, TypeId::kInt64, try_sum);
      break;
    case TypeId::kInt64:
      f = MakeSumFor<int64_t, int64_t>(name, type, TypeId::kInt64, try_sum);
      break;
    case TypeId::kDecimal:
      f = MakeSumFor<int128_t, int128_t>(
          name, type,
          LogicalType::Decimal(std::min(LogicalType::kMaxDecimalPrecision, type.precision() + 10),
                               type.scale()),
          try_sum);
      break;
    case TypeId::kFloat:
      f = MakeSumFor<float, double>(name, type, TypeId::kDouble, try_sum);
      break;
    case TypeId::kNull:  // sum(NULL) is a double NULL, as in Spark
    case TypeId::kDouble:
      f = MakeSumFor<double, double>(name, TypeId::kDouble, TypeId::kDouble, try_sum);
      break;
    default: ThrowUnsupportedArguments(name, arg_types, "one numeric argument");
  }
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace floe
