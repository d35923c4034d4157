#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Which bitwise operation folds the values.
enum class BitOperation { kAnd, kOr, kXor };

/// Binds bit_and(x) / bit_or(x) / bit_xor(x) of an int or bigint, returning its type;
/// NULL without a non-NULL input.
BoundAggregateFunction BindBitAggregate(BitOperation operation,
                                        const std::vector<LogicalType>& arg_types,
                                        bool distinct);

}  // namespace floe
