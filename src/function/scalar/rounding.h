#pragma once

#include "common/types.h"

namespace floe {

/// Rounds a double to `scale` decimal places (negative: to tens, hundreds...) through its
/// shortest decimal text, as Spark's round does (round(2.675, 2) = 2.68); HALF_UP, or
/// HALF_EVEN for bround.
double RoundDouble(double v, int scale, bool half_even);

/// Divides an unscaled decimal by 10^digits, rounding HALF_UP or HALF_EVEN.
int128_t RoundUnscaled(int128_t v, int digits, bool half_even);

}  // namespace floe
