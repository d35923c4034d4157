#pragma once

#include "common/types.h"

namespace floe {

/// Rounds a double to `scale` decimal places (negative: to tens, hundreds...) through its
/// shortest decimal text, as Spark's round does (round(2.675, 2) = 2.68); HALF_UP, or
/// HALF_EVEN for bround.
double RoundDouble(double v, int scale, bool half_even);

/// Returns the scale of java.math.BigDecimal.valueOf(v) for a finite nonzero double: the
/// digits after the point of Java's Double.toString (at least one), less its exponent
/// (1.5 -> 1, 100.0 -> 1, 1.0E20 -> -19, 1.25E-5 -> 7).
int64_t JavaDecimalScale(double v);

/// How dropped digits move the kept ones: Spark's round (HALF_UP), bround (HALF_EVEN), and
/// ceil / floor with a scale (CEILING, FLOOR).
enum class RoundingMode { kHalfUp, kHalfEven, kCeiling, kFloor };

/// Divides an unscaled decimal by 10^digits (any digits >= 0), rounding by `mode`.
int128_t RoundUnscaled(int128_t v, int digits, RoundingMode mode);

/// Divides an unscaled decimal by 10^digits, rounding HALF_UP or HALF_EVEN.
inline int128_t RoundUnscaled(int128_t v, int digits, bool half_even) {
  return RoundUnscaled(v, digits, half_even ? RoundingMode::kHalfEven : RoundingMode::kHalfUp);
}

}  // namespace floe
