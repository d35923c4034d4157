#include <cmath>
#include <limits>

#include "common/decimal.h"
#include "common/exception.h"
#include "function/function_registry.h"
#include "function/scalar/arithmetic_overflow.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/rounding.h"
#include "function/scalar/scalar_executor.h"
#include "function/scalar/signature.h"

// abs, round, bround, floor and ceil keep Spark's result types: round on a decimal gives
// a decimal, floor and ceil give bigint for integers and doubles and decimal(p-s+1, 0)
// for decimals.

namespace floe {
namespace {

// Returns the numeric type of an argument, reading strings as double.
LogicalType NumericArgument(const char* name, const ScalarBindInput& input, size_t i) {
  LogicalType t = input.arg_types[i];
  if (t.id() == TypeId::kString || t.id() == TypeId::kNull) return TypeId::kDouble;
  if (!t.IsNumeric()) ThrowArgumentTypes(name, input, "a number");
  return t;
}

BoundScalarFunction Bound(const char* name, std::vector<LogicalType> args, LogicalType ret,
                          ScalarKernel kernel) {
  BoundScalarFunction bound;
  bound.name = name;
  bound.arg_types = std::move(args);
  bound.return_type = ret;
  bound.kernel = std::move(kernel);
  return bound;
}

template <typename T>
ScalarKernel AbsInteger() {
  return [](const std::vector<const Vector*>& args, size_t count, Vector& result,
            const FunctionContext& context) {
    ExecuteUnaryNullable<T, T>(*args[0], count, result, [&](T x, T* out) {
      if (x == std::numeric_limits<T>::min()) {
        return FailOrNull<OutOfRangeError>(context, NegateOverflowMessage<T>(x, "abs"));
      }
      *out = x < 0 ? -x : x;
      return true;
    });
  };
}

BoundScalarFunction BindAbs(const ScalarBindInput& input) {
  CheckArgumentCount("abs", input, 1, 1);
  LogicalType t = NumericArgument("abs", input, 0);
  ScalarKernel kernel;
  switch (t.id()) {
    case TypeId::kInt8: kernel = AbsInteger<int8_t>(); break;
    case TypeId::kInt16: kernel = AbsInteger<int16_t>(); break;
    case TypeId::kInt32: kernel = AbsInteger<int32_t>(); break;
    case TypeId::kInt64: kernel = AbsInteger<int64_t>(); break;
    case TypeId::kFloat:
      kernel = [](const std::vector<const Vector*>& args, size_t count, Vector& result,
                  const FunctionContext&) {
        ExecuteUnary<float, float>(*args[0], count, result, [](float x) { return std::fabs(x); });
      };
      break;
    case TypeId::kDouble:
      kernel = [](const std::vector<const Vector*>& args, size_t count, Vector& result,
                  const FunctionContext&) {
        ExecuteUnary<double, double>(*args[0], count, result,
                                     [](double x) { return std::fabs(x); });
      };
      break;
    default:
      kernel = [](const std::vector<const Vector*>& args, size_t count, Vector& result,
                  const FunctionContext&) {
        ExecuteUnary<int128_t, int128_t>(*args[0], count, result,
                                         [](int128_t x) { return x < 0 ? -x : x; });
      };
  }
  return Bound("abs", {t}, t, kernel);
}

template <typename T>
ScalarKernel RoundInteger(int scale, bool half_even) {
  int digits = -scale;
  return [digits, half_even](const std::vector<const Vector*>& args, size_t count, Vector& result,
                             const FunctionContext& context) {
    ExecuteUnaryNullable<T, T>(*args[0], count, result, [&](T x, T* out) {
      int128_t rounded = RoundUnscaled(x, digits, half_even) * Pow10(std::min(digits, 38));
      if (rounded < std::numeric_limits<T>::min() || rounded > std::numeric_limits<T>::max()) {
        return FailOrNull<OutOfRangeError>(context, "[ARITHMETIC_OVERFLOW] overflow in round");
      }
      *out = static_cast<T>(rounded);
      return true;
    });
  };
}

BoundScalarFunction BindRound(const char* name, bool half_even, const ScalarBindInput& input) {
  CheckArgumentCount(name, input, 1, 2);
  LogicalType t = NumericArgument(name, input, 0);
  int scale = 0;
  if (input.arg_types.size() == 2) {
    const Value* s = ConstantArg(input, 1);
    if (s == nullptr || !input.arg_types[1].IsInteger()) {
      throw BinderError(std::string(name) + " requires its scale to be an integer literal");
    }
    scale = s->is_null() ? 0 : static_cast<int>(s->int64());
  }
  std::vector<LogicalType> args = {t};
  if (input.arg_types.size() == 2) args.push_back(TypeId::kInt32);
  switch (t.id()) {
    case TypeId::kInt8:
      return Bound(name, args, t,
                   scale >= 0 ? RoundInteger<int8_t>(0, half_even)
                              : RoundInteger<int8_t>(scale, half_even));
    case TypeId::kInt16:
      return Bound(name, args, t,
                   scale >= 0 ? RoundInteger<int16_t>(0, half_even)
                              : RoundInteger<int16_t>(scale, half_even));
    case TypeId::kInt32:
      return Bound(name, args, t,
                   scale >= 0 ? RoundInteger<int32_t>(0, half_even)
                              : RoundInteger<int32_t>(scale, half_even));
    case TypeId::kInt64:
      return Bound(name, args, t,
                   scale >= 0 ? RoundInteger<int64_t>(0, half_even)
                              : RoundInteger<int64_t>(scale, half_even));
    case TypeId::kFloat:
    case TypeId::kDouble: {
      args[0] = TypeId::kDouble;
      return Bound(name, args, TypeId::kDouble,
                   [scale, half_even](const std::vector<const Vector*>& a, size_t count,
                                      Vector& result, const FunctionContext&) {
                     ExecuteUnary<double, double>(*a[0], count, result, [&](double x) {
                       return RoundDouble(x, scale, half_even);
                     });
                   });
    }
    default: {
      // Spark: decimal(p,s) rounds to decimal(p-s+1+min(s,d), min(s,d)), or (p-s+1, 0).
      int p = t.precision(), s = t.scale();
      int new_scale = std::max(0, std::min(s, scale));
      LogicalType ret = LogicalType::Decimal(std::min(p - s + 1 + new_scale, 38), new_scale);
      int drop = s - scale;  // digits removed from the unscaled value
      int pad = scale < 0 ? -scale : 0;
      return Bound(name, args, ret,
                   [drop, pad, half_even, ret](const std::vector<const Vector*>& a, size_t count,
                                               Vector& result, const FunctionContext& context) {
                     ExecuteUnaryNullable<int128_t, int128_t>(
                         *a[0], count, result, [&](int128_t x, int128_t* out) {
                           int128_t r = drop > 0 ? RoundUnscaled(x, drop, half_even) : x;
                           if (pad > 0) r *= Pow10(std::min(pad, 38));
                           if (!DecimalFits(r, ret.precision())) {
                             return FailOrNull<OutOfRangeError>(
                                 context, "[NUMERIC_VALUE_OUT_OF_RANGE] overflow in round");
                           }
                           *out = r;
                           return true;
                         });
                   });
    }
  }
}

// floor or ceil of a double as bigint, saturating as Java's (long) cast does.
int64_t DoubleToLong(double v) {
  if (std::isnan(v)) return 0;
  if (v >= 9.2233720368547758e18) return INT64_MAX;
  if (v <= -9.2233720368547758e18) return INT64_MIN;
  return static_cast<int64_t>(v);
}

BoundScalarFunction BindFloorCeil(const char* name, bool ceil, const ScalarBindInput& input) {
  CheckArgumentCount(name, input, 1, 1);
  LogicalType t = NumericArgument(name, input, 0);
  if (t.IsInteger()) {
    return Bound(name, {TypeId::kInt64}, TypeId::kInt64,
                 [](const std::vector<const Vector*>& a, size_t count, Vector& result,
                    const FunctionContext&) { result.CopyRange(*a[0], 0, 0, count); });
  }
  if (t.IsFloating()) {
    return Bound(name, {TypeId::kDouble}, TypeId::kInt64,
                 [ceil](const std::vector<const Vector*>& a, size_t count, Vector& result,
                        const FunctionContext&) {
                   ExecuteUnary<double, int64_t>(*a[0], count, result, [ceil](double x) {
                     return DoubleToLong(ceil ? std::ceil(x) : std::floor(x));
                   });
                 });
  }
  int s = t.scale();
  LogicalType ret = LogicalType::Decimal(std::min(t.precision() - s + 1, 38), 0);
  return Bound(name, {t}, ret,
               [s, ceil](const std::vector<const Vector*>& a, size_t count, Vector& result,
                         const FunctionContext&) {
                 int128_t factor = Pow10(s);
                 ExecuteUnary<int128_t, int128_t>(*a[0], count, result, [&](int128_t x) {
                   int128_t q = x / factor, r = x % factor;
                   if (ceil && r > 0) ++q;
                   if (!ceil && r < 0) --q;
                   return q;
                 });
               });
}

}  // namespace

void RegisterRoundingFunctions(FunctionRegistry& registry) {
  registry.AddScalar("abs", BindAbs);
  registry.AddScalar("round",
                     [](const ScalarBindInput& in) { return BindRound("round", false, in); });
  registry.AddScalar("bround",
                     [](const ScalarBindInput& in) { return BindRound("bround", true, in); });
  registry.AddScalar("floor",
                     [](const ScalarBindInput& in) { return BindFloorCeil("floor", false, in); });
  registry.AddScalar("ceil",
                     [](const ScalarBindInput& in) { return BindFloorCeil("ceil", true, in); });
  registry.AddScalar("ceiling",
                     [](const ScalarBindInput& in) { return BindFloorCeil("ceiling", true, in); });
}

}  // namespace floe
