#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds sum(x): int/bigint -> bigint, decimal(p,s) -> decimal(min(38,p+10),s),
/// float/double -> double; NULL without a non-NULL input. Overflow raises
/// [ARITHMETIC_OVERFLOW], or yields NULL for try_sum (`try_sum` true) or in TRY mode.
BoundAggregateFunction BindSum(const std::vector<LogicalType>& arg_types, bool distinct,
                               bool try_sum = false);

}  // namespace floe
