#pragma once

#include "common/types.h"
#include "common/value.h"
#include "common/vector.h"
#include "function/function_context.h"

namespace floe {

/// Returns true when a value of `from` may be cast to `to` explicitly (CAST).
bool CanCast(const LogicalType& from, const LogicalType& to);

/// Casts `count` rows of source into result (of the target type) with Spark's CAST
/// semantics: an invalid value raises ConversionError naming the value and the types,
/// unless context.try_mode, where it becomes NULL (TRY_CAST).
void CastVector(const Vector& source, size_t count, Vector& result, const FunctionContext& context);

/// Casts one value (used for constant folding and literals).
Value CastValue(const Value& value, const LogicalType& to, const FunctionContext& context);

/// Throws Spark's CAST_OVERFLOW_IN_TABLE_INSERT: a value of `from` overflowed `to`, the type
/// of the INSERT's column `column` (CAST_OVERFLOW and NUMERIC_VALUE_OUT_OF_RANGE both).
[[noreturn]] void ThrowInsertOverflow(const LogicalType& from, const LogicalType& to,
                                      const std::string& column);

}  // namespace floe
