#pragma once

#include <string>
#include <string_view>

#include "common/types.h"

namespace floe {

/// Returns 10^n for n in [0, 38].
int128_t Pow10(int n);
/// Returns true when |v| < 10^precision.
bool DecimalFits(int128_t v, int precision);
/// Formats a 128-bit integer in base 10.
std::string Int128ToString(int128_t v);
/// Formats an unscaled decimal with `scale` digits after the point ("5.00", "-0.10").
std::string DecimalToString(int128_t unscaled, int scale);
/// Returns an unscaled decimal as Java's BigInteger.toByteArray does: the fewest big-endian
/// two's complement bytes (Iceberg's single-value form, Spark's hash of a wide decimal).
std::string DecimalToMinimalBytes(int128_t unscaled);
/// Parses decimal text ("12.345", "-1e3") rounding half-up to `scale` digits;
/// false when it is not a number or does not fit `precision`.
bool ParseDecimal(std::string_view text, int precision, int scale, int128_t* out);
/// Rescales an unscaled value from one scale to another, rounding half-up; false on
/// overflow of `precision`.
bool RescaleDecimal(int128_t v, int from_scale, int to_scale, int precision, int128_t* out);
/// Converts an unscaled decimal to double.
double DecimalToDouble(int128_t unscaled, int scale);
/// Converts a double to an unscaled decimal, rounding half-up; false when it does not fit.
bool DoubleToDecimal(double v, int precision, int scale, int128_t* out);

}  // namespace floe
