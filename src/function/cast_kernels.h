#pragma once

#include <string>

#include "common/exception.h"
#include "common/vector.h"
#include "function/function_context.h"

// The per-source-kind cast loops that CastVector dispatches to (not a public API).

namespace floe {

/// Why one value could not be cast.
enum class CastStatus : uint8_t { kOk, kInvalid, kOverflow };

/// Returns the Spark name of a type in error messages ("INT", "DECIMAL(4,2)").
std::string CastTypeName(const LogicalType& type);

/// Throws the error for row i of source (CAST_INVALID_INPUT, CAST_OVERFLOW, ...).
[[noreturn]] void ThrowCastError(CastStatus status, const Vector& source, size_t i,
                                 const LogicalType& to);

/// Runs op(in, &out) -> CastStatus over the non-NULL rows; a failed row raises its
/// error, or becomes NULL in try mode.
template <typename S, typename D, typename Op>
void CastRows(const Vector& source, size_t count, Vector& result, const FunctionContext& context,
              Op&& op) {
  const S* in = source.Data<S>();
  D* out = result.Data<D>();
  result.validity() = source.validity();
  bool all_valid = source.validity().AllValid();
  for (size_t i = 0; i < count; ++i) {
    if (!all_valid && source.IsNull(i)) continue;
    CastStatus status = op(in[i], &out[i]);
    if (status != CastStatus::kOk) {
      if (!context.try_mode) ThrowCastError(status, source, i, result.type());
      result.SetNull(i, true);
    }
  }
}

/// Casts among boolean, int, bigint, float, double and decimal.
void CastNumeric(const Vector& source, size_t count, Vector& result,
                 const FunctionContext& context);
/// Casts a string (or binary) to any type.
void CastFromString(const Vector& source, size_t count, Vector& result,
                    const FunctionContext& context);
/// Casts any type to a string (or binary).
void CastToString(const Vector& source, size_t count, Vector& result,
                  const FunctionContext& context);
/// Casts among date, timestamp and timestamp_ntz, and between them and numbers.
void CastTemporal(const Vector& source, size_t count, Vector& result,
                  const FunctionContext& context);

/// Parses trimmed text as a value of `type`, as CAST does; returns the status.
CastStatus ParseValueAs(std::string_view text, const LogicalType& type,
                        const FunctionContext& context, void* out);

/// Converts a double to an unscaled decimal through its shortest decimal text, as Spark's
/// Decimal(double) does (2.675 rounds to 2.68 at scale 2); false when it does not fit.
bool DoubleToDecimalExact(double v, int precision, int scale, int128_t* out);
/// Converts an unscaled decimal to the nearest double.
double DecimalToDoubleExact(int128_t unscaled, int scale);

}  // namespace floe
