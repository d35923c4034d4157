#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/scalar_executor.h"
#include "function/scalar/signature.h"

// Boolean connectives with SQL's three-valued (Kleene) logic, evaluated eagerly: an
// executor that short-circuits may handle AND / OR itself.

namespace floe {
namespace {

using Args = std::vector<const Vector*>;

void Not(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteUnary<uint8_t, uint8_t>(*args[0], count, result, [](uint8_t v) -> uint8_t { return !v; });
}

// AND: false wins over NULL; OR: true wins over NULL.
template <bool kAnd>
void Connective(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  const Vector& a = *args[0];
  const Vector& b = *args[1];
  const uint8_t* x = a.Data<uint8_t>();
  const uint8_t* y = b.Data<uint8_t>();
  uint8_t* out = result.Data<uint8_t>();
  result.validity().Reset();
  for (size_t i = 0; i < count; ++i) {
    bool an = a.IsNull(i), bn = b.IsNull(i);
    bool av = !an && x[i], bv = !bn && y[i];
    if (kAnd) {
      if ((!an && !av) || (!bn && !bv))
        out[i] = 0;
      else if (an || bn)
        result.SetNull(i, true);
      else
        out[i] = 1;
    } else {
      if (av || bv)
        out[i] = 1;
      else if (an || bn)
        result.SetNull(i, true);
      else
        out[i] = 0;
    }
  }
}

template <bool kIsNull>
void NullTest(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  uint8_t* out = result.Data<uint8_t>();
  result.validity().Reset();
  for (size_t i = 0; i < count; ++i) out[i] = args[0]->IsNull(i) == kIsNull;
}

// isnull / isnotnull take any type: the argument is used as it is.
ScalarBinder NullTestBinder(const char* name, ScalarKernel kernel) {
  return [name, kernel](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 1, 1);
    BoundScalarFunction bound;
    bound.name = name;
    bound.arg_types = input.arg_types;
    bound.return_type = TypeId::kBoolean;
    bound.kernel = kernel;
    return bound;
  };
}

}  // namespace

void RegisterLogicalFunctions(FunctionRegistry& registry) {
  const LogicalType kBool = TypeId::kBoolean;
  registry.AddScalar("not", SignatureBinder("not", {{{kBool}, kBool, Not}}));
  registry.AddScalar("!", SignatureBinder("not", {{{kBool}, kBool, Not}}));
  registry.AddScalar("and", SignatureBinder("and", {{{kBool, kBool}, kBool, Connective<true>}}));
  registry.AddScalar("or", SignatureBinder("or", {{{kBool, kBool}, kBool, Connective<false>}}));
  registry.AddScalar("isnull", NullTestBinder("isnull", NullTest<true>));
  registry.AddScalar("isnotnull", NullTestBinder("isnotnull", NullTest<false>));
}

}  // namespace floe
