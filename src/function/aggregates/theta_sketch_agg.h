#pragma once

#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// Binds iceberg_theta_sketch(x): the compact theta sketch (binary) of the non-NULL x, each
/// hashed as Iceberg's ThetaSketchAgg hashes it (the value's single-value serialization:
/// little-endian ints, longs, floats and doubles, tinyint and smallint as ints, dates as
/// days, timestamps and times as their 8 bytes, decimals as minimal big-endian two's
/// complement, strings as UTF-8, binary as itself, booleans as one byte), nominal size 4096.
/// What compute_table_stats stores for a column's NDV.
BoundAggregateFunction BindIcebergThetaSketch(const std::vector<LogicalType>& arg_types, bool distinct);

}  // namespace floe
