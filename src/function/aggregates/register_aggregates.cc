#include "function/aggregates/register_aggregates.h"

#include "function/function_registry.h"

namespace floe {

void RegisterAggregateFunctions(FunctionRegistry& registry) { (void)registry; }

}  // namespace floe
