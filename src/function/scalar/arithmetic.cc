#include <cmath>
#include <limits>
#include <type_traits>

#include "common/exception.h"
#include "function/function_registry.h"
#include "function/scalar/arithmetic_op.h"
#include "function/scalar/arithmetic_overflow.h"
#include "function/scalar/decimal_arithmetic.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/scalar_executor.h"
#include "function/scalar/signature.h"
#include "function/scalar/temporal_arithmetic.h"
#include "function/type_coercion.h"

// The arithmetic operators with Spark's ANSI semantics: integer overflow raises
// ARITHMETIC_OVERFLOW, division and modulo by zero raise DIVIDE_BY_ZERO (NULL in try
// mode), `/` is always fractional, and decimals follow Spark's precision rules.
//
// Binding: numbers of different types are cast to their wider type (tinyint < smallint <
// int < bigint < float < double; integers with decimals become decimal(3,0), (5,0),
// (10,0) or (20,0), or the fewest digits for an integer literal as Spark does); a string
// operand is read as double. tinyint + tinyint stays tinyint and overflows past 127.

namespace floe {
namespace {

// + - * without NULLs: one branch-free loop that only accumulates an overflow flag (the
// compiler vectorizes it); returns false, leaving the work to the checked loop that names
// the failing row, when there are NULLs or an overflow happened.
template <typename T>
bool TryCheckedFastPath(ArithmeticOp op, const Vector& a, const Vector& b, size_t count,
                        Vector& result) {
  if (!a.validity().AllValid() || !b.validity().AllValid()) return false;
  const T* x = a.Data<T>();
  const T* y = b.Data<T>();
  T* out = result.Data<T>();
  bool overflow = false;
  switch (op) {
    case ArithmeticOp::kAdd:
      for (size_t i = 0; i < count; ++i) overflow |= __builtin_add_overflow(x[i], y[i], &out[i]);
      break;
    case ArithmeticOp::kSubtract:
      for (size_t i = 0; i < count; ++i) overflow |= __builtin_sub_overflow(x[i], y[i], &out[i]);
      break;
    case ArithmeticOp::kMultiply:
      for (size_t i = 0; i < count; ++i) overflow |= __builtin_mul_overflow(x[i], y[i], &out[i]);
      break;
    default: return false;
  }
  if (overflow) return false;
  result.validity().Reset();
  return true;
}

template <typename T>
ScalarKernel IntegerKernel(ArithmeticOp op) {
  const char* name = ArithmeticOpName(op);
  return [op, name](const std::vector<const Vector*>& args, size_t count, Vector& result,
                    const FunctionContext& context) {
    const Vector& a = *args[0];
    const Vector& b = *args[1];
    auto overflow = [&](T x, T y) {
      return FailOrNull<OutOfRangeError>(context, IntegerOverflowMessage<T>(x, name, y));
    };
    auto by_zero = [&]() { return FailOrNull<DivideByZeroError>(context, DivideByZeroMessage()); };
    if (TryCheckedFastPath<T>(op, a, b, count, result)) return;
    switch (op) {
      case ArithmeticOp::kAdd:
        return ExecuteBinaryNullable<T, T, T>(a, b, count, result, [&](T x, T y, T* out) {
          return !__builtin_add_overflow(x, y, out) || overflow(x, y);
        });
      case ArithmeticOp::kSubtract:
        return ExecuteBinaryNullable<T, T, T>(a, b, count, result, [&](T x, T y, T* out) {
          return !__builtin_sub_overflow(x, y, out) || overflow(x, y);
        });
      case ArithmeticOp::kMultiply:
        return ExecuteBinaryNullable<T, T, T>(a, b, count, result, [&](T x, T y, T* out) {
          return !__builtin_mul_overflow(x, y, out) || overflow(x, y);
        });
      case ArithmeticOp::kModulo:
        return ExecuteBinaryNullable<T, T, T>(a, b, count, result, [&](T x, T y, T* out) {
          if (y == 0) return by_zero();
          *out = y == -1 ? 0 : x % y;
          return true;
        });
      case ArithmeticOp::kPmod:
        return ExecuteBinaryNullable<T, T, T>(a, b, count, result, [&](T x, T y, T* out) {
          if (y == 0) return by_zero();
          T r = y == -1 ? 0 : x % y;
          *out = r < 0 ? (r + y) % y : r;
          return true;
        });
      case ArithmeticOp::kIntegralDivide:
        return ExecuteBinaryNullable<T, T, int64_t>(
            a, b, count, result, [&](T x, T y, int64_t* out) {
              if (y == 0) return by_zero();
              if (y == -1 && x == std::numeric_limits<T>::min()) {
                return FailOrNull<OutOfRangeError>(
                    context, "[ARITHMETIC_OVERFLOW] Overflow in integral divide. Use "
                             "'try_divide' to tolerate overflow and return NULL instead.");
              }
              *out = x / y;
              return true;
            });
      case ArithmeticOp::kDivide: throw InternalError("integer kernel for /");
    }
  };
}

// Division by zero raises for doubles too (Spark's ANSI mode: no Infinity, no NaN).
template <typename T>
ScalarKernel FloatingKernel(ArithmeticOp op) {
  return [op](const std::vector<const Vector*>& args, size_t count, Vector& result,
              const FunctionContext& context) {
    const Vector& a = *args[0];
    const Vector& b = *args[1];
    auto by_zero = [&]() { return FailOrNull<DivideByZeroError>(context, DivideByZeroMessage()); };
    switch (op) {
      case ArithmeticOp::kAdd:
        return ExecuteBinary<T, T, T>(a, b, count, result, [](T x, T y) { return x + y; });
      case ArithmeticOp::kSubtract:
        return ExecuteBinary<T, T, T>(a, b, count, result, [](T x, T y) { return x - y; });
      case ArithmeticOp::kMultiply:
        return ExecuteBinary<T, T, T>(a, b, count, result, [](T x, T y) { return x * y; });
      case ArithmeticOp::kDivide:
        return ExecuteBinaryNullable<T, T, T>(a, b, count, result, [&](T x, T y, T* out) {
          if (y == 0) return by_zero();
          *out = x / y;
          return true;
        });
      case ArithmeticOp::kModulo:
        return ExecuteBinaryNullable<T, T, T>(a, b, count, result, [&](T x, T y, T* out) {
          if (y == 0) return by_zero();
          *out = std::fmod(x, y);
          return true;
        });
      case ArithmeticOp::kPmod:
        return ExecuteBinaryNullable<T, T, T>(a, b, count, result, [&](T x, T y, T* out) {
          if (y == 0) return by_zero();
          T r = std::fmod(x, y);
          *out = r < 0 ? std::fmod(r + y, y) : r;
          return true;
        });
      case ArithmeticOp::kIntegralDivide: throw InternalError("floating kernel for div");
    }
  };
}

// The decimal type of an integer operand next to a decimal: the fewest digits for a
// literal (Spark's literalPickMinimumPrecision), else decimal(10,0) / decimal(20,0).
LogicalType DecimalOperand(const LogicalType& type, const Value* constant) {
  if (type.id() == TypeId::kDecimal) return type;
  if (constant != nullptr && !constant->is_null() && type.IsInteger()) {
    int64_t v = constant->int64();
    int digits = 1;
    for (uint64_t u = v < 0 ? -static_cast<uint64_t>(v) : v; u >= 10; u /= 10) ++digits;
    return LogicalType::Decimal(digits, 0);
  }
  return DecimalForInteger(type.id());
}

BoundScalarFunction BindArithmetic(ArithmeticOp op, const ScalarBindInput& input) {
  const char* name = ArithmeticOpName(op);
  CheckArgumentCount(name, input, 2, 2);
  if (auto temporal = BindTemporalArithmetic(op, input)) return *temporal;
  LogicalType a = input.arg_types[0], b = input.arg_types[1];
  auto numeric_or_null = [](const LogicalType& t) {
    return t.IsNumeric() || t.id() == TypeId::kNull;
  };
  if (a.id() == TypeId::kString) a = TypeId::kDouble;
  if (b.id() == TypeId::kString) b = TypeId::kDouble;
  if (!numeric_or_null(a) || !numeric_or_null(b)) ThrowArgumentTypes(name, input, "numbers");
  if (a.id() == TypeId::kNull) a = b.id() == TypeId::kNull ? LogicalType(TypeId::kInt32) : b;
  if (b.id() == TypeId::kNull) b = a;
  if (op == ArithmeticOp::kDivide && !(a.id() == TypeId::kDecimal || b.id() == TypeId::kDecimal)) {
    a = b = TypeId::kDouble;  // Spark: / on integers and floats is double division
  }
  BoundScalarFunction bound;
  bound.name = name;
  bool floating = a.IsFloating() || b.IsFloating();
  if ((a.id() == TypeId::kDecimal || b.id() == TypeId::kDecimal) && !floating) {
    LogicalType da = DecimalOperand(a, ConstantArg(input, 0));
    LogicalType db = DecimalOperand(b, ConstantArg(input, 1));
    bound.arg_types = {da, db};
    bound.return_type = DecimalResultType(op, da, db);
    bound.kernel = DecimalArithmeticKernel(op, da, db, bound.return_type);
    return bound;
  }
  LogicalType common = *CommonSuperType(a, b);
  if (op == ArithmeticOp::kIntegralDivide) {
    if (floating) ThrowArgumentTypes(name, input, "integers or decimals");
    common = TypeId::kInt64;
  }
  bound.arg_types = {common, common};
  bound.return_type = op == ArithmeticOp::kIntegralDivide ? LogicalType(TypeId::kInt64) : common;
  switch (common.id()) {
    case TypeId::kInt8: bound.kernel = IntegerKernel<int8_t>(op); break;
    case TypeId::kInt16: bound.kernel = IntegerKernel<int16_t>(op); break;
    case TypeId::kInt32: bound.kernel = IntegerKernel<int32_t>(op); break;
    case TypeId::kInt64: bound.kernel = IntegerKernel<int64_t>(op); break;
    case TypeId::kFloat: bound.kernel = FloatingKernel<float>(op); break;
    default: bound.kernel = FloatingKernel<double>(op); break;
  }
  return bound;
}

template <typename T>
void NegateRows(const Vector& a, size_t count, Vector& result, const FunctionContext& context) {
  if constexpr (std::is_integral_v<T>) {
    ExecuteUnaryNullable<T, T>(a, count, result, [&](T x, T* out) {
      return !__builtin_sub_overflow(T{0}, x, out) ||
             FailOrNull<OutOfRangeError>(context, NegateOverflowMessage<T>(x, "negative"));
    });
  } else {
    ExecuteUnary<T, T>(a, count, result, [](T x) { return -x; });
  }
}

BoundScalarFunction BindNegative(const ScalarBindInput& input) {
  CheckArgumentCount("negative", input, 1, 1);
  LogicalType t = input.arg_types[0];
  if (t.id() == TypeId::kString || t.id() == TypeId::kNull) t = TypeId::kDouble;
  if (!t.IsNumeric() && t.id() != TypeId::kInterval)
    ThrowArgumentTypes("negative", input, "a number or an interval");
  BoundScalarFunction bound;
  bound.name = "negative";
  bound.arg_types = {t};
  bound.return_type = t;
  bound.kernel = [t](const std::vector<const Vector*>& args, size_t count, Vector& result,
                     const FunctionContext& context) {
    switch (t.id()) {
      case TypeId::kInt8: return NegateRows<int8_t>(*args[0], count, result, context);
      case TypeId::kInt16: return NegateRows<int16_t>(*args[0], count, result, context);
      case TypeId::kInt32: return NegateRows<int32_t>(*args[0], count, result, context);
      case TypeId::kInt64: return NegateRows<int64_t>(*args[0], count, result, context);
      case TypeId::kFloat: return NegateRows<float>(*args[0], count, result, context);
      case TypeId::kDouble: return NegateRows<double>(*args[0], count, result, context);
      case TypeId::kDecimal:
        return ExecuteUnary<int128_t, int128_t>(*args[0], count, result,
                                                [](int128_t x) { return -x; });
      default:
        return ExecuteUnary<Interval, Interval>(*args[0], count, result, [](Interval x) {
          return Interval{-x.months, -x.days, -x.micros};
        });
    }
  };
  return bound;
}

}  // namespace

void RegisterArithmeticFunctions(FunctionRegistry& registry) {
  const std::pair<const char*, ArithmeticOp> kOps[] = {
      {"+", ArithmeticOp::kAdd},
      {"-", ArithmeticOp::kSubtract},
      {"*", ArithmeticOp::kMultiply},
      {"/", ArithmeticOp::kDivide},
      {"%", ArithmeticOp::kModulo},
      {"mod", ArithmeticOp::kModulo},
      {"div", ArithmeticOp::kIntegralDivide},
      {"pmod", ArithmeticOp::kPmod},
  };
  for (const auto& [name, op] : kOps) {
    registry.AddScalar(name,
                       [op = op](const ScalarBindInput& input) { return BindArithmetic(op, input); });
  }
  registry.AddScalar("negative", BindNegative);
  // try_add / try_subtract / try_multiply / try_divide / try_mod: NULL instead of errors.
  const std::pair<const char*, ArithmeticOp> kTryOps[] = {
      {"try_add", ArithmeticOp::kAdd},           {"try_subtract", ArithmeticOp::kSubtract},
      {"try_multiply", ArithmeticOp::kMultiply}, {"try_divide", ArithmeticOp::kDivide},
      {"try_mod", ArithmeticOp::kModulo},
  };
  for (const auto& [name, op] : kTryOps) {
    // why: init-captures, as clang (the fuzz build) cannot capture structured bindings
    registry.AddScalar(name, [op = op, name = name](const ScalarBindInput& input) {
      BoundScalarFunction bound = BindArithmetic(op, input);
      bound.name = name;
      bound.kernel = [kernel = bound.kernel](const std::vector<const Vector*>& args, size_t count,
                                             Vector& result, const FunctionContext& context) {
        FunctionContext try_context = context;
        try_context.try_mode = true;
        kernel(args, count, result, try_context);
      };
      return bound;
    });
  }
}

}  // namespace floe
