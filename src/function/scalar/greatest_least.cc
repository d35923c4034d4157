#include "common/exception.h"
#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/type_coercion.h"
#include "function/value_order.h"

// greatest / least: the largest / smallest non-NULL argument (NULL only when all are),
// every argument cast to their common type; doubles order NaN above everything (Spark).

namespace floe {
namespace {

template <typename T, bool kGreatest>
void PickRows(const std::vector<const Vector*>& args, size_t count, Vector& result,
              const FunctionContext&) {
  T* out = result.Data<T>();
  result.validity().Reset();
  for (size_t i = 0; i < count; ++i) {
    bool found = false;
    T best{};
    for (const Vector* arg : args) {
      if (arg->IsNull(i)) continue;
      const T& v = arg->Data<T>()[i];
      if (!found || (kGreatest ? OrderLess(best, v) : OrderLess(v, best))) best = v;
      found = true;
    }
    if (found)
      out[i] = best;
    else
      result.SetNull(i, true);
  }
  if constexpr (std::is_same_v<T, StringRef>) {
    for (const Vector* arg : args) result.ShareHeapsOf(*arg);
  }
}

template <bool kGreatest>
ScalarKernel PickKernel(TypeId id) {
  switch (id) {
    case TypeId::kBoolean: return PickRows<uint8_t, kGreatest>;
    case TypeId::kInt8: return PickRows<int8_t, kGreatest>;
    case TypeId::kInt16: return PickRows<int16_t, kGreatest>;
    case TypeId::kInt32:
    case TypeId::kDate: return PickRows<int32_t, kGreatest>;
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
    case TypeId::kTimestampNtz: return PickRows<int64_t, kGreatest>;
    case TypeId::kFloat: return PickRows<float, kGreatest>;
    case TypeId::kDouble: return PickRows<double, kGreatest>;
    case TypeId::kDecimal: return PickRows<int128_t, kGreatest>;
    case TypeId::kString:
    case TypeId::kBinary: return PickRows<StringRef, kGreatest>;
    default: throw InternalError("greatest/least on " + LogicalType(id).ToString());
  }
}

template <bool kGreatest>
BoundScalarFunction BindPick(const char* name, const ScalarBindInput& input) {
  if (input.arg_types.size() < 2) {
    throw BinderError(std::string("[WRONG_NUM_ARGS] function ") + name +
                      " requires at least 2 arguments");
  }
  LogicalType common = input.arg_types[0];
  for (size_t i = 1; i < input.arg_types.size(); ++i) {
    auto next = CommonSuperType(common, input.arg_types[i]);
    if (!next || next->id() == TypeId::kInterval || !next->IsOrderable()) {
      ThrowArgumentTypes(name, input, "arguments of one comparable type");
    }
    common = *next;
  }
  if (common.id() == TypeId::kNull) common = TypeId::kInt32;
  BoundScalarFunction bound;
  bound.name = name;
  bound.arg_types.assign(input.arg_types.size(), common);
  bound.return_type = common;
  bound.kernel = [pick = PickKernel<kGreatest>(common.id())](
                     const std::vector<const Vector*>& args, size_t count, Vector& result,
                     const FunctionContext& context) { pick(args, count, result, context); };
  return bound;
}

}  // namespace

void RegisterGreatestLeast(FunctionRegistry& registry) {
  registry.AddScalar("greatest",
                     [](const ScalarBindInput& in) { return BindPick<true>("greatest", in); });
  registry.AddScalar("least",
                     [](const ScalarBindInput& in) { return BindPick<false>("least", in); });
}

}  // namespace floe
