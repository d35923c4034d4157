#pragma once

namespace floe {

class FunctionRegistry;

/// Registers every built-in aggregate function (count, sum, avg, min, max, ...).
void RegisterAggregateFunctions(FunctionRegistry& registry);

}  // namespace floe
