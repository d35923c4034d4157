#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"

namespace floe {

void RegisterHashFunction(FunctionRegistry& registry) { (void)registry; }

}  // namespace floe
