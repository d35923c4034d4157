#include "function/scalar/register_scalar_functions.h"

#include "function/function_registry.h"

namespace floe {

void RegisterScalarFunctions(FunctionRegistry& registry) {
  RegisterArithmeticFunctions(registry);
  RegisterComparisonFunctions(registry);
  RegisterDateFunctions(registry);
  RegisterDatePartFunctions(registry);
  RegisterDatetimeConversionFunctions(registry);
  RegisterTimeZoneFunctions(registry);
  RegisterLogicalFunctions(registry);
  RegisterStringFunctions(registry);
  RegisterRegexpFunctions(registry);
  RegisterMathFunctions(registry);
  RegisterRoundingFunctions(registry);
  RegisterGreatestLeast(registry);
  RegisterRandomFunctions(registry);
  RegisterBitwiseFunctions(registry);
  RegisterFormatNumberFunction(registry);
  RegisterHashFunction(registry);
  RegisterNestedFunctions(registry);
  RegisterJsonFunctions(registry);
  RegisterVariantFunctions(registry);
  RegisterDigestFunctions(registry);
  RegisterSketchFunctions(registry);
  RegisterEncodingFunctions(registry);
}

}  // namespace floe
