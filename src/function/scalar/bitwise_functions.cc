#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/scalar_executor.h"
#include "function/scalar/signature.h"
#include "function/type_coercion.h"

// Bitwise operators on int and bigint (& | ^ ~, shifts, bit_count), as in Spark: the two
// operands of & | ^ take their wider type; shifts keep the left operand's type.

namespace floe {
namespace {

using Args = std::vector<const Vector*>;

enum class BitOp { kAnd, kOr, kXor };

template <typename T>
ScalarKernel BitKernel(BitOp op) {
  return [op](const Args& args, size_t count, Vector& result, const FunctionContext&) {
    switch (op) {
      case BitOp::kAnd:
        return ExecuteBinary<T, T, T>(*args[0], *args[1], count, result,
                                      [](T x, T y) { return x & y; });
      case BitOp::kOr:
        return ExecuteBinary<T, T, T>(*args[0], *args[1], count, result,
                                      [](T x, T y) { return x | y; });
      case BitOp::kXor:
        return ExecuteBinary<T, T, T>(*args[0], *args[1], count, result,
                                      [](T x, T y) { return x ^ y; });
    }
  };
}

LogicalType IntegerArgument(const char* name, const ScalarBindInput& input, size_t i) {
  LogicalType t = input.arg_types[i];
  if (t.id() == TypeId::kNull) return TypeId::kInt32;
  if (!t.IsInteger()) ThrowArgumentTypes(name, input, "tinyint, smallint, int or bigint");
  return t;
}

ScalarBinder BitBinder(const char* name, BitOp op) {
  return [name, op](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 2, 2);
    LogicalType a = IntegerArgument(name, input, 0), b = IntegerArgument(name, input, 1);
    LogicalType common = *CommonSuperType(a, b);
    BoundScalarFunction bound;
    bound.name = name;
    bound.arg_types = {common, common};
    bound.return_type = common;
    switch (common.id()) {
      case TypeId::kInt8: bound.kernel = BitKernel<int8_t>(op); break;
      case TypeId::kInt16: bound.kernel = BitKernel<int16_t>(op); break;
      case TypeId::kInt32: bound.kernel = BitKernel<int32_t>(op); break;
      default: bound.kernel = BitKernel<int64_t>(op); break;
    }
    return bound;
  };
}

template <typename T>
void BitNot(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteUnary<T, T>(*args[0], count, result, [](T x) { return static_cast<T>(~x); });
}

// Shifts use the amount modulo the width, as Java does.
enum class Shift { kLeft, kRight, kRightUnsigned };

template <typename T>
ScalarKernel ShiftKernel(Shift shift) {
  return [shift](const Args& args, size_t count, Vector& result, const FunctionContext&) {
    using U = std::make_unsigned_t<T>;
    constexpr int kBits = sizeof(T) * 8;
    ExecuteBinary<T, int32_t, T>(*args[0], *args[1], count, result, [shift](T x, int32_t n) {
      int s = ((n % kBits) + kBits) % kBits;
      switch (shift) {
        case Shift::kLeft: return static_cast<T>(static_cast<U>(x) << s);
        case Shift::kRight: return static_cast<T>(x >> s);
        default: return static_cast<T>(static_cast<U>(x) >> s);
      }
    });
  };
}

ScalarBinder ShiftBinder(const char* name, Shift shift) {
  return [name, shift](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 2, 2);
    LogicalType t = IntegerArgument(name, input, 0);
    if (t.id() != TypeId::kInt64) t = TypeId::kInt32;  // Spark shifts int or bigint only
    BoundScalarFunction bound;
    bound.name = name;
    bound.arg_types = {t, TypeId::kInt32};
    bound.return_type = t;
    bound.kernel =
        t.id() == TypeId::kInt32 ? ShiftKernel<int32_t>(shift) : ShiftKernel<int64_t>(shift);
    return bound;
  };
}

template <typename T>
void BitCount(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteUnary<T, int32_t>(*args[0], count, result, [](T x) {
    // Spark counts the bits of the value widened to a long (bit_count(-1) is 64 for an int).
    return static_cast<int32_t>(
        __builtin_popcountll(static_cast<uint64_t>(static_cast<int64_t>(x))));
  });
}

}  // namespace

void RegisterBitwiseFunctions(FunctionRegistry& registry) {
  registry.AddScalar("&", BitBinder("&", BitOp::kAnd));
  registry.AddScalar("|", BitBinder("|", BitOp::kOr));
  registry.AddScalar("^", BitBinder("^", BitOp::kXor));
  const LogicalType kInt = TypeId::kInt32, kLong = TypeId::kInt64;
  const LogicalType kByte = TypeId::kInt8, kShort = TypeId::kInt16;
  // int and bigint first: a string or NULL argument takes the first that fits.
  registry.AddScalar("~", SignatureBinder("~", {{{kInt}, kInt, BitNot<int32_t>},
                                                {{kLong}, kLong, BitNot<int64_t>},
                                                {{kByte}, kByte, BitNot<int8_t>},
                                                {{kShort}, kShort, BitNot<int16_t>}}));
  registry.AddScalar("shiftleft", ShiftBinder("shiftleft", Shift::kLeft));
  registry.AddScalar("<<", ShiftBinder("<<", Shift::kLeft));
  registry.AddScalar("shiftright", ShiftBinder("shiftright", Shift::kRight));
  registry.AddScalar(">>", ShiftBinder(">>", Shift::kRight));
  registry.AddScalar("shiftrightunsigned",
                     ShiftBinder("shiftrightunsigned", Shift::kRightUnsigned));
  registry.AddScalar(">>>", ShiftBinder(">>>", Shift::kRightUnsigned));
  registry.AddScalar("bit_count",
                     SignatureBinder("bit_count", {{{kInt}, kInt, BitCount<int32_t>},
                                                   {{kLong}, kInt, BitCount<int64_t>},
                                                   {{kByte}, kInt, BitCount<int8_t>},
                                                   {{kShort}, kInt, BitCount<int16_t>}}));
}

}  // namespace floe
