#pragma once

#include <optional>

#include "common/types.h"

namespace floe {

/// Returns the type both may be implicitly cast to (Spark's findWiderTypeForTwo rules,
/// e.g. int + bigint -> bigint, int + decimal(5,2) -> decimal(12,2), decimal + double ->
/// double, date + timestamp -> timestamp, string + int -> (for comparisons) the numeric
/// type), or nothing when there is none.
std::optional<LogicalType> CommonSuperType(const LogicalType& a, const LogicalType& b);

/// Returns true when `from` may be cast to `to` without an explicit CAST.
bool CanImplicitCast(const LogicalType& from, const LogicalType& to);

}  // namespace floe
