#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

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
// for decimals; floor and ceil with a scale round a decimal as round does (RoundCeil /
// RoundFloor).

namespace floe {
namespace {

// Returns the numeric type of an argument, reading strings as double.
LogicalType NumericArgument(const char* name, const ScalarBindInput& input, size_t i) {
  LogicalType t = input.arg_types[i];
  if (t.id() == TypeId::kString || t.id() == TypeId::kNull) return TypeId::kDouble;
  if (!t.IsNumeric()) ThrowArgumentTypes(name, input, "a number");
  return t;
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

// Spark rounds through java.math.BigDecimal.setScale, which for a nonzero value needs
// 10^n for n = the digits it drops (or, for a double, adds): past n = 536870919 BigInteger
// cannot hold 10^n ("BigInteger would overflow supported range"), and past 2^31 - 1 the
// scale itself overflows ("Underflow"). Either way round(1.5, -2147483648) raises where
// plain arithmetic would give 0. (Spark also spends time and memory on 10^n below that
// limit; floe just gives the rounded value, 0.)
constexpr int64_t kJavaMaxPowerOfTen = 536870919;

bool JavaCanRescale(int64_t value_scale, int64_t scale) {
  int64_t digits = value_scale - scale;
  return digits >= -kJavaMaxPowerOfTen && digits <= kJavaMaxPowerOfTen;
}

std::string RescaleOverflowMessage(const char* name, int64_t scale) {
  return std::string("[ARITHMETIC_OVERFLOW] ") + name + " to scale " + std::to_string(scale) +
         ": 10 to the power of the digits to drop is out of range (Java's BigDecimal "
         "overflows).";
}

// An integer rounded to a negative scale (a positive one keeps it); the result must fit
// the type (Spark's toByteExact ... toLongExact under ANSI).
template <typename T>
ScalarKernel RoundInteger(const char* name, int64_t scale, RoundingMode mode) {
  return [name, scale, mode](const std::vector<const Vector*>& args, size_t count,
                             Vector& result, const FunctionContext& context) {
    if (scale >= 0) return result.CopyRange(*args[0], 0, 0, count);
    int digits = static_cast<int>(std::min<int64_t>(-scale, 39));
    ExecuteUnaryNullable<T, T>(*args[0], count, result, [&](T x, T* out) {
      if (x != 0 && !JavaCanRescale(0, scale)) {
        return FailOrNull<OutOfRangeError>(context, RescaleOverflowMessage(name, scale));
      }
      int128_t rounded = RoundUnscaled(x, digits, mode);
      if (rounded != 0) rounded *= Pow10(digits);  // digits <= 19 when anything is left
      if (rounded < std::numeric_limits<T>::min() || rounded > std::numeric_limits<T>::max()) {
        return FailOrNull<OutOfRangeError>(
            context, std::string("[ARITHMETIC_OVERFLOW] Overflow in ") + name + ".");
      }
      *out = static_cast<T>(rounded);
      return true;
    });
  };
}

// Spark's result type of rounding decimal(p,s) to `scale` digits (RoundBase.dataType):
// decimal(p-s+1+min(s,d), min(s,d)) for d >= 0, decimal(max(p-s+1, -d+1), 0) for d < 0,
// capped at 38 digits. -d+1 is computed in 32 bits as Spark does (d = -2147483648 wraps).
LogicalType RoundedDecimalType(const LogicalType& t, int32_t scale) {
  int p = t.precision(), s = t.scale();
  int integral = p - s + 1;
  if (scale < 0) {
    auto negated_plus_one =
        static_cast<int32_t>(static_cast<uint32_t>(0) - static_cast<uint32_t>(scale) + 1u);
    int64_t precision = std::max<int64_t>(integral, negated_plus_one);
    return LogicalType::Decimal(static_cast<int>(std::min<int64_t>(precision, 38)), 0);
  }
  int new_scale = std::min(s, scale);
  return LogicalType::Decimal(std::min(integral + new_scale, 38), new_scale);
}

// Rounds decimal(p,s) values to `scale` digits by `mode` (RoundBase on a decimal).
BoundScalarFunction BindDecimalRound(const char* name, const LogicalType& t, int32_t scale,
                                     RoundingMode mode, std::vector<LogicalType> args) {
  LogicalType ret = RoundedDecimalType(t, scale);
  int s = t.scale();
  int64_t wide_drop = s - int64_t{scale};  // digits removed from the unscaled value
  int drop = static_cast<int>(std::clamp<int64_t>(wide_drop, -1, 39));
  int64_t pad = scale < 0 ? -int64_t{scale} : 0;  // zeros after the kept digits
  args[0] = t;
  return Bound(
      name, std::move(args), ret,
      [name, scale, s, drop, pad, mode, ret](const std::vector<const Vector*>& a, size_t count,
                                             Vector& result, const FunctionContext& context) {
        ExecuteUnaryNullable<int128_t, int128_t>(*a[0], count, result, [&](int128_t x,
                                                                           int128_t* out) {
          // why: a scale above s keeps the value (Spark's toPrecision)
          if (x != 0 && scale < s && !JavaCanRescale(s, scale)) {
            return FailOrNull<OutOfRangeError>(context, RescaleOverflowMessage(name, scale));
          }
          int128_t r = drop > 0 ? RoundUnscaled(x, drop, mode) : x;
          if (r != 0 && pad > 0) {
            // Spark's Decimal.set(BigDecimal, p, 0) after setScale(d): the rounded value's
            // digits (those kept, then pad zeros) must fit the type.
            uint128_t magnitude = r < 0 ? -static_cast<uint128_t>(r) : static_cast<uint128_t>(r);
            int digits = 1;
            while (digits < 39 && magnitude >= static_cast<uint128_t>(Pow10(digits))) ++digits;
            if (digits + pad > int64_t{ret.precision()}) {
              return FailOrNull<OutOfRangeError>(
                  context, "[DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION] Decimal precision " +
                               std::to_string(digits + pad) + " exceeds max precision " +
                               std::to_string(ret.precision()) + ".");
            }
            r *= Pow10(static_cast<int>(pad));  // at most 38 digits, checked above
          }
          if (!DecimalFits(r, ret.precision())) {
            return FailOrNull<OutOfRangeError>(
                context, "[NUMERIC_VALUE_OUT_OF_RANGE] " + std::string(name) + "(" +
                             DecimalToString(x, s) + ", " + std::to_string(scale) +
                             ") cannot be represented as " + ret.ToString() + ".");
          }
          *out = r;
          return true;
        });
      });
}

// Reads the constant int scale argument of round / bround / ceil / floor.
std::optional<int32_t> ScaleArgument(const char* name, const ScalarBindInput& input) {
  const Value* s = ConstantArg(input, 1);
  if (s == nullptr || !input.arg_types[1].IsInteger()) {
    throw BinderError(std::string(name) + " requires its scale to be an integer literal");
  }
  if (s->is_null()) return std::nullopt;
  if (s->int64() < INT32_MIN || s->int64() > INT32_MAX) {
    throw BinderError(std::string(name) + " requires its scale to be an int, not " +
                      s->ToString());
  }
  return static_cast<int32_t>(s->int64());
}

BoundScalarFunction BindRound(const char* name, bool half_even, const ScalarBindInput& input) {
  CheckArgumentCount(name, input, 1, 2);
  LogicalType t = NumericArgument(name, input, 0);
  int32_t scale = 0;
  if (input.arg_types.size() == 2) scale = ScaleArgument(name, input).value_or(0);
  std::vector<LogicalType> args = {t};
  if (input.arg_types.size() == 2) args.push_back(TypeId::kInt32);
  RoundingMode mode = half_even ? RoundingMode::kHalfEven : RoundingMode::kHalfUp;
  switch (t.id()) {
    case TypeId::kInt8: return Bound(name, args, t, RoundInteger<int8_t>(name, scale, mode));
    case TypeId::kInt16: return Bound(name, args, t, RoundInteger<int16_t>(name, scale, mode));
    case TypeId::kInt32: return Bound(name, args, t, RoundInteger<int32_t>(name, scale, mode));
    case TypeId::kInt64: return Bound(name, args, t, RoundInteger<int64_t>(name, scale, mode));
    case TypeId::kFloat:
    case TypeId::kDouble: {
      args[0] = TypeId::kDouble;
      return Bound(name, args, TypeId::kDouble,
                   [name, scale, half_even](const std::vector<const Vector*>& a, size_t count,
                                            Vector& result, const FunctionContext& context) {
                     ExecuteUnaryNullable<double, double>(*a[0], count, result,
                                                          [&](double x, double* out) {
                       if (std::isfinite(x) && x != 0 &&
                           !JavaCanRescale(JavaDecimalScale(x), scale)) {
                         return FailOrNull<OutOfRangeError>(context,
                                                            RescaleOverflowMessage(name, scale));
                       }
                       *out = RoundDouble(x, scale, half_even);
                       return true;
                     });
                   });
    }
    default: return BindDecimalRound(name, t, scale, mode, std::move(args));
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
  CheckArgumentCount(name, input, 1, 2);
  LogicalType t = NumericArgument(name, input, 0);
  if (input.arg_types.size() == 2) {
    // Spark's RoundCeil / RoundFloor: the value as a decimal (DecimalType.forType: integers
    // (3,0) ... (20,0), float (14,7), double (30,15)) rounded to the scale, which must be a
    // non-NULL int literal.
    std::optional<int32_t> scale = ScaleArgument(name, input);
    if (!scale) {
      throw BinderError(std::string("[DATATYPE_MISMATCH.NON_FOLDABLE_INPUT] ") + name +
                        " requires a non-NULL int literal as its scale");
    }
    LogicalType decimal = t.id() == TypeId::kDecimal ? t
                          : t.IsInteger()            ? DecimalForInteger(t.id())
                          : t.id() == TypeId::kFloat ? LogicalType::Decimal(14, 7)
                                                     : LogicalType::Decimal(30, 15);
    return BindDecimalRound(name, decimal, *scale,
                            ceil ? RoundingMode::kCeiling : RoundingMode::kFloor,
                            {decimal, TypeId::kInt32});
  }
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
