#include "function/aggregates/avg.h"

#include <algorithm>
#include <type_traits>

#include "common/decimal.h"
#include "common/exception.h"
#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/sum_state.h"
#include "function/aggregates/unsupported_arguments.h"

namespace floe {

namespace {

/// Returns round_half_up(sum * 10^shift / count) in *out; false when it overflows.
bool DivideDecimal(int128_t sum, int64_t count, int shift, int128_t* out) {
  bool negative = sum < 0;
  uint128_t magnitude = negative ? -static_cast<uint128_t>(sum) : static_cast<uint128_t>(sum);
  uint128_t n = static_cast<uint128_t>(count);
  uint128_t quotient = magnitude / n;
  uint128_t remainder = magnitude % n;
  uint128_t scale = static_cast<uint128_t>(Pow10(shift));
  uint128_t whole;
  if (__builtin_mul_overflow(quotient, scale, &whole)) return false;
  // remainder < count < 2^63 and shift <= 4 (avg's scale grows by at most 4): no overflow
  uint128_t fraction = remainder * scale;
  uint128_t digits = fraction / n;
  if ((fraction % n) * 2 >= n) ++digits;
  uint128_t result;
  if (__builtin_add_overflow(whole, digits, &result)) return false;
  *out = negative ? -static_cast<int128_t>(result) : static_cast<int128_t>(result);
  return true;
}

std::string AvgOverflowMessage(const LogicalType& return_type) {
  return "[ARITHMETIC_OVERFLOW] Overflow in avg: the result does not fit " +
         return_type.ToString() + ". Use 'try_avg' to tolerate overflow and return NULL instead.";
}

template <typename In, typename Acc>
BoundAggregateFunction MakeAvg(const char* name, LogicalType arg_type, LogicalType return_type,
                               bool try_avg) {
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = {arg_type};
  f.return_type = return_type;
  f.state_size = sizeof(SumState<Acc>);
  f.initialize = [](uint8_t* state) { new (state) SumState<Acc>{Acc{}, 0, false}; };
  f.update = SumStateUpdate<In, Acc>;
  f.combine = SumStateCombine<Acc>;
  if constexpr (!std::is_floating_point_v<Acc>) f.remove = SumStateRemove<In, Acc>;
  bool is_decimal = return_type.id() == TypeId::kDecimal;
  // The decimal sum must fit decimal(p+10, s) as in Spark's avg buffer.
  int sum_precision = std::min(LogicalType::kMaxDecimalPrecision, arg_type.precision() + 10);
  int shift = return_type.scale() - arg_type.scale();
  f.finalize = [=](uint8_t** states, size_t count, Vector& result,
                   const FunctionContext& context) {
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<SumState<Acc>>(states, i);
      if (state.count == 0) {
        result.SetNull(i, true);
        continue;
      }
      bool overflow = state.overflow;
      if constexpr (std::is_floating_point_v<Acc>) {
        result.Data<double>()[i] = state.sum / static_cast<double>(state.count);
      } else if (is_decimal) {
        int128_t average = 0;
        overflow = overflow || !DecimalFits(state.sum, sum_precision) ||
                   !DivideDecimal(state.sum, state.count, shift, &average) ||
                   !DecimalFits(average, return_type.precision());
        result.Data<int128_t>()[i] = average;
      } else {
        result.Data<double>()[i] =
            static_cast<double>(state.sum) / static_cast<double>(state.count);
      }
      if (overflow) {
        if (!try_avg && !context.try_mode) throw OutOfRangeError(AvgOverflowMessage(return_type));
        result.SetNull(i, true);
        continue;
      }
      result.SetNull(i, false);
    }
  };
  return f;
}

}  // namespace

BoundAggregateFunction BindAvg(const std::vector<LogicalType>& arg_types, bool distinct,
                               bool try_avg) {
  const char* name = try_avg ? "try_avg" : "avg";
  if (arg_types.size() != 1) ThrowUnsupportedArguments(name, arg_types, "one numeric argument");
  const LogicalType& type = arg_types[0];
  BoundAggregateFunction f;
  // Integers and decimals sum exactly in 128 bits (Spark sums integers as doubles; the
  // exact sum gives the same average, or a closer one for huge bigints).
  switch (type.id()) {
    case TypeId::kInt8:
      f = MakeAvg<int8_t, int128_t>(name, type, TypeId::kDouble, try_avg);
      break;
    case TypeId::kInt16:
      f = MakeAvg<int16_t, int128_t>(name, type, TypeId::kDouble, try_avg);
      break;
    case TypeId::kInt32:
      f = MakeAvg<int32_t, int128_t>(name, type, TypeId::kDouble, try_avg);
      break;
    case TypeId::kInt64:
      f = MakeAvg<int64_t, int128_t>(name, type, TypeId::kDouble, try_avg);
      break;
    case TypeId::kDecimal: {
      int precision = std::min(LogicalType::kMaxDecimalPrecision, type.precision() + 4);
      int scale = std::min(LogicalType::kMaxDecimalPrecision, type.scale() + 4);
      f = MakeAvg<int128_t, int128_t>(name, type, LogicalType::Decimal(precision, scale),
                                      try_avg);
      break;
    }
    case TypeId::kFloat: f = MakeAvg<float, double>(name, type, TypeId::kDouble, try_avg); break;
    case TypeId::kNull:  // avg(NULL) is a double NULL, as in Spark
    case TypeId::kDouble:
      f = MakeAvg<double, double>(name, TypeId::kDouble, TypeId::kDouble, try_avg);
      break;
    default: ThrowUnsupportedArguments(name, arg_types, "one numeric argument");
  }
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace floe
