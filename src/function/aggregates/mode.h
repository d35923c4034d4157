#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds mode(x): the most frequent non-NULL x (of any ordered type), the least of
/// them on a tie (Spark 4's deterministic mode; Spark 3.4 picks any); NULL without input.
/// Keeps a count per distinct value of the group.
BoundAggregateFunction BindMode(const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
