#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds bloom_filter_agg(x, estimatedNumItems, numBits): Spark's BloomFilterAggregate, the
/// serialized SparkBloomFilter (binary) of the non-NULL x (bigint, int, smallint and tinyint
/// put as longs, strings as their bytes), or NULL when there is none. The two sizes are
/// positive bigint constants the binder has checked and capped (Spark's maxNumItems and
/// maxNumBits); the first update reads them.
BoundAggregateFunction BindBloomFilterAgg(const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
