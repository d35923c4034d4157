#pragma once

#include <optional>

#include "common/types.h"

namespace floe {

/// Returns the type both may be implicitly cast to for comparisons and arithmetic
/// (Spark's findWiderTypeForTwo plus its binary-comparison rules): int + bigint -> bigint,
/// int + decimal(5,2) -> decimal(12,2), decimal + double -> double, date + timestamp ->
/// timestamp, string + date -> date, string + timestamp -> timestamp, string + integer /
/// float / double -> that number type, string + decimal -> double, string + boolean ->
/// boolean, NULL + x -> x; nothing when there is none.
std::optional<LogicalType> CommonSuperType(const LogicalType& a, const LogicalType& b);

/// Returns the type of CASE / COALESCE / UNION / IN branches (Spark's findWiderTypeForTwo
/// with string promotion): like CommonSuperType except that a string with a number, date,
/// timestamp or boolean gives string, as Spark unions do.
std::optional<LogicalType> WiderType(const LogicalType& a, const LogicalType& b);

/// Returns the decimal type holding every value of both decimals: max integer digits plus
/// max scale, capped at 38 digits.
LogicalType WiderDecimal(const LogicalType& a, const LogicalType& b);

/// Returns true when `from` may be cast to `to` without an explicit CAST (function
/// arguments): numeric widening (and bigint to int, checked when cast), anything atomic
/// to string, string to anything atomic, date <-> timestamp, NULL to anything.
bool CanImplicitCast(const LogicalType& from, const LogicalType& to);

}  // namespace floe
