#pragma once

#include "common/types.h"
#include "common/value.h"
#include "common/variant.h"
#include "common/vector.h"
#include "function/function_context.h"

namespace floe {

/// Returns true when a variant may be cast to `to` (Spark's VariantGet.checkDataType):
/// a number, boolean, string, binary, date, timestamp or time, a variant, an array of one,
/// a map with string keys or a struct of them.
bool CanCastVariantTo(const LogicalType& to);

/// Returns true when a value of `from` may be cast to a variant: the atomic types above and
/// arrays of them.
bool CanCastToVariant(const LogicalType& from);

/// Casts a variant to `to` as Spark's VariantGet.cast does: a variant null is NULL; an
/// object or array becomes its JSON as a string, an array an array and an object a map or a
/// struct (fields by key, case-sensitive; the others NULL); a scalar takes its own type
/// (a variant integer is a bigint, a decimal the fewest digits) and is cast from it. A value
/// that does not fit raises INVALID_VARIANT_CAST, or is NULL under context.try_mode.
Value CastVariant(const VariantRef& variant, const LogicalType& to, const FunctionContext& context);

/// Casts `count` rows of a variant vector (or to a variant, from another type) into result.
void CastVariantVector(const Vector& source, size_t count, Vector& result, const FunctionContext& context);

}  // namespace floe
