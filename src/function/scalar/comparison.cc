#include <cmath>

#include "common/decimal.h"
#include "common/exception.h"
#include "common/vector_operations.h"
#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/scalar_executor.h"
#include "function/scalar/signature.h"
#include "function/type_coercion.h"
#include "function/value_order.h"

// Comparison operators. Binding casts both sides to CommonSuperType (a string next to a
// number, date or timestamp is read as that type); decimals keep their own types and are
// aligned here, so no cast can overflow. Doubles compare as Spark orders them: NaN equals
// NaN and is greater than every other value; -0.0 equals 0.0. Strings compare bytewise,
// which is UTF-8 code point order.

namespace floe {
namespace {

enum class CompareOp { kEq, kNe, kLt, kLe, kGt, kGe };

template <typename T>
bool Equal(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) {
    return a == b || (std::isnan(a) && std::isnan(b));
  } else {
    return a == b;
  }
}

template <CompareOp op, typename T>
uint8_t Apply(const T& a, const T& b) {
  switch (op) {
    case CompareOp::kEq: return Equal(a, b);
    case CompareOp::kNe: return !Equal(a, b);
    case CompareOp::kLt: return OrderLess(a, b);
    case CompareOp::kLe: return !OrderLess(b, a);
    case CompareOp::kGt: return OrderLess(b, a);
    case CompareOp::kGe: return !OrderLess(a, b);
  }
  return 0;
}

// Scales an unscaled decimal up by factor, saturating: a value that overflows is beyond
// every 38-digit value, so the order stays right.
int128_t ScaleSaturating(int128_t v, int128_t factor) {
  int128_t out;
  if (!__builtin_mul_overflow(v, factor, &out)) return out;
  return v < 0 ? -(~uint128_t{0} >> 1) - 1 : static_cast<int128_t>(~uint128_t{0} >> 1);
}

template <CompareOp op, typename T>
ScalarKernel TypedKernel() {
  return [](const std::vector<const Vector*>& args, size_t count, Vector& result,
            const FunctionContext&) {
    ExecuteBinary<T, T, uint8_t>(*args[0], *args[1], count, result,
                                 [](const T& a, const T& b) { return Apply<op, T>(a, b); });
  };
}

template <CompareOp op>
ScalarKernel DecimalKernel(int scale_a, int scale_b) {
  if (scale_a == scale_b) return TypedKernel<op, int128_t>();
  int common = std::max(scale_a, scale_b);
  int128_t fa = Pow10(common - scale_a), fb = Pow10(common - scale_b);
  return [fa, fb](const std::vector<const Vector*>& args, size_t count, Vector& result,
                  const FunctionContext&) {
    ExecuteBinary<int128_t, int128_t, uint8_t>(
        *args[0], *args[1], count, result, [fa, fb](int128_t a, int128_t b) {
          return Apply<op, int128_t>(ScaleSaturating(a, fa), ScaleSaturating(b, fb));
        });
  };
}

// Structs and arrays compare as Spark orders them (CompareRows): field by field or element by
// element, a NULL inside before any value and equal to another NULL inside.
template <CompareOp op>
ScalarKernel NestedKernel() {
  return [](const std::vector<const Vector*>& args, size_t count, Vector& result, const FunctionContext&) {
    const Vector& a = *args[0];
    const Vector& b = *args[1];
    uint8_t* out = result.Data<uint8_t>();
    for (size_t i = 0; i < count; ++i) {
      bool null = a.IsNull(i) || b.IsNull(i);
      result.SetNull(i, null);
      out[i] = null ? 0 : Apply<op, int>(CompareRows(a, i, b, i), 0);
    }
  };
}

template <CompareOp op>
ScalarKernel KernelFor(const LogicalType& a, const LogicalType& b) {
  switch (a.id()) {
    case TypeId::kStruct:
    case TypeId::kList: return NestedKernel<op>();
    case TypeId::kBoolean: return TypedKernel<op, uint8_t>();
    case TypeId::kInt8: return TypedKernel<op, int8_t>();
    case TypeId::kInt16: return TypedKernel<op, int16_t>();
    case TypeId::kInt32:
    case TypeId::kDate: return TypedKernel<op, int32_t>();
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
    case TypeId::kTimestampNtz: return TypedKernel<op, int64_t>();
    case TypeId::kFloat: return TypedKernel<op, float>();
    case TypeId::kDouble: return TypedKernel<op, double>();
    case TypeId::kDecimal: return DecimalKernel<op>(a.scale(), b.scale());
    case TypeId::kString:
    case TypeId::kBinary: return TypedKernel<op, StringRef>();
    default: throw InternalError("no comparison kernel for " + a.ToString());
  }
}

// Returns the argument types a comparison casts to.
std::vector<LogicalType> ComparisonTypes(const char* name, const ScalarBindInput& input) {
  CheckArgumentCount(name, input, 2, 2);
  const LogicalType& a = input.arg_types[0];
  const LogicalType& b = input.arg_types[1];
  auto common = CommonSuperType(a, b);
  bool has_map = common && !common->IsOrderable();
  if (has_map) {
    throw BinderError(std::string("[DATATYPE_MISMATCH.INVALID_ORDERING_TYPE] ") + name + " does not support ordering on type " +
                      common->ToString() + " (maps and variants cannot be compared)");
  }
  if (!common || common->id() == TypeId::kInterval) {
    throw BinderError(std::string("[DATATYPE_MISMATCH] cannot compare ") + a.ToString() + " with " +
                      b.ToString() + " in " + name);
  }
  if (common->id() == TypeId::kNull) common = LogicalType(TypeId::kBoolean);
  if (common->id() == TypeId::kDecimal) {
    // Keep each decimal's own precision and scale; integers take theirs.
    auto as_decimal = [](const LogicalType& t) {
      return t.id() == TypeId::kDecimal ? t
             : t.IsInteger()            ? DecimalForInteger(t.id())
                                        : LogicalType::Decimal(38, 0);
    };
    return {as_decimal(a.id() == TypeId::kNull ? b : a),
            as_decimal(b.id() == TypeId::kNull ? a : b)};
  }
  return {*common, *common};
}

template <CompareOp op>
ScalarBinder ComparisonBinder(const char* name) {
  return [name](const ScalarBindInput& input) {
    BoundScalarFunction bound;
    bound.name = name;
    bound.arg_types = ComparisonTypes(name, input);
    bound.return_type = TypeId::kBoolean;
    bound.kernel = KernelFor<op>(bound.arg_types[0], bound.arg_types[1]);
    return bound;
  };
}

// a <=> b: never NULL; two NULLs are equal.
BoundScalarFunction BindNullSafeEqual(const ScalarBindInput& input) {
  BoundScalarFunction bound;
  bound.name = "<=>";
  bound.arg_types = ComparisonTypes("<=>", input);
  bound.return_type = TypeId::kBoolean;
  ScalarKernel equal = KernelFor<CompareOp::kEq>(bound.arg_types[0], bound.arg_types[1]);
  bound.kernel = [equal](const std::vector<const Vector*>& args, size_t count, Vector& result,
                         const FunctionContext& context) {
    equal(args, count, result, context);
    const Vector& a = *args[0];
    const Vector& b = *args[1];
    if (a.validity().AllValid() && b.validity().AllValid()) return;
    uint8_t* out = result.Data<uint8_t>();
    for (size_t i = 0; i < count; ++i) {
      bool an = a.IsNull(i), bn = b.IsNull(i);
      if (an || bn) out[i] = an && bn;
    }
    result.validity().Reset();
  };
  return bound;
}

}  // namespace

void RegisterComparisonFunctions(FunctionRegistry& registry) {
  registry.AddScalar("=", ComparisonBinder<CompareOp::kEq>("="));
  registry.AddScalar("==", ComparisonBinder<CompareOp::kEq>("="));
  registry.AddScalar("<>", ComparisonBinder<CompareOp::kNe>("<>"));
  registry.AddScalar("!=", ComparisonBinder<CompareOp::kNe>("<>"));
  registry.AddScalar("<", ComparisonBinder<CompareOp::kLt>("<"));
  registry.AddScalar("<=", ComparisonBinder<CompareOp::kLe>("<="));
  registry.AddScalar(">", ComparisonBinder<CompareOp::kGt>(">"));
  registry.AddScalar(">=", ComparisonBinder<CompareOp::kGe>(">="));
  registry.AddScalar("<=>", BindNullSafeEqual);
  registry.AddScalar("equal_null", BindNullSafeEqual);
}

}  // namespace floe
