#pragma once

#include <vector>

#include "function/aggregate_function.h"

namespace floe {

/// Binds collect_list(x) (array_agg) and collect_set(x): the group's non-NULL values as an
/// array, in input order; collect_set keeps each value once (Spark's order is a hash set's,
/// unspecified). An empty group gives an empty array, never NULL (Spark's Collect). Values of
/// any type, nested ones too, except maps in collect_set (maps cannot be compared).
/// combine(source, target) appends the source, so the target must be the earlier partition.
BoundAggregateFunction BindCollect(bool set, const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
