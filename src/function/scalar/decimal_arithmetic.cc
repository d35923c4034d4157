#include "function/scalar/decimal_arithmetic.h"

#include <algorithm>
#include <optional>

#include "common/decimal.h"
#include "common/exception.h"
#include "function/scalar/rounding.h"
#include "function/scalar/scalar_executor.h"

namespace floe {
namespace {

// Spark's DecimalType.adjustPrecisionScale: past 38 digits, keep the integer digits and
// as much scale as is left, but at least min(scale, 6).
LogicalType Adjust(int precision, int scale) {
  if (precision <= LogicalType::kMaxDecimalPrecision) {
    return LogicalType::Decimal(std::max(precision, 1), scale);
  }
  int int_digits = precision - scale;
  int min_scale = std::min(scale, 6);
  int adjusted = std::max(LogicalType::kMaxDecimalPrecision - int_digits, min_scale);
  return LogicalType::Decimal(LogicalType::kMaxDecimalPrecision, adjusted);
}

// round_half_up(x * y / d) (or the truncated quotient) for non-negative x, y and positive d
// through a 256-bit product; nothing when the quotient does not fit 127 bits.
std::optional<uint128_t> MulDivRound(uint128_t x, uint128_t y, uint128_t d, bool round = true) {
  const uint128_t kMask = ~uint64_t{0};
  uint128_t x0 = x & kMask, x1 = x >> 64, y0 = y & kMask, y1 = y >> 64;
  uint128_t p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0, p11 = x1 * y1;
  uint128_t mid = (p00 >> 64) + (p01 & kMask) + (p10 & kMask);
  uint128_t lo = (p00 & kMask) | (mid << 64);
  uint128_t hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
  uint128_t q = 0, r = 0;
  if (hi == 0) {
    q = lo / d;
    r = lo % d;
  } else {
    if (hi >= d) return std::nullopt;
    r = hi;  // the high half's quotient is 0 since hi < d
    for (int bit = 127; bit >= 0; --bit) {
      bool carry = r >> 127;
      r = (r << 1) | ((lo >> bit) & 1);
      q <<= 1;
      if (carry || r >= d) {
        r -= d;
        q |= 1;
      }
    }
  }
  if (round && r >= d - r) ++q;
  if (q >> 127) return std::nullopt;
  return q;
}

// Computes round_half_up(a * b / d) (or the truncated quotient) with signs; false when it
// does not fit.
bool SignedMulDivRound(int128_t a, int128_t b, int128_t d, int128_t* out, bool round = true) {
  bool negative = ((a < 0) != (b < 0)) != (d < 0);
  auto abs = [](int128_t v) {
    return v < 0 ? -static_cast<uint128_t>(v) : static_cast<uint128_t>(v);
  };
  auto q = MulDivRound(abs(a), abs(b), abs(d), round);
  if (!q) return false;
  *out = negative ? -static_cast<int128_t>(*q) : static_cast<int128_t>(*q);
  return true;
}

// x (scale s1) + y (scale s2) at scale rs <= max(s1, s2), rounding HALF_UP, for sums whose
// aligned operands overflow 128 bits: each operand splits into its part at scale rs and a
// remainder below it, so no intermediate value needs more than 38 digits.
bool AddAtLowerScale(int128_t x, int s1, int128_t y, int s2, int rs, int128_t* out) {
  int common = std::max(s1, s2);
  int d = common - rs;
  if (d <= 0 || d > 37) return false;
  auto split = [&](int128_t v, int s, int128_t* q, int128_t* r) {
    if (s <= rs) {
      *r = 0;
      return !__builtin_mul_overflow(v, Pow10(rs - s), q);
    }
    int128_t f = Pow10(s - rs);
    *q = v / f;
    *r = (v % f) * Pow10(common - s);
    return true;
  };
  int128_t q1, r1, q2, r2, q;
  if (!split(x, s1, &q1, &r1) || !split(y, s2, &q2, &r2)) return false;
  if (__builtin_add_overflow(q1, q2, &q)) return false;
  int128_t unit = Pow10(d);
  int128_t r = r1 + r2;  // |r| < 2 * 10^37
  q += r / unit;
  r %= unit;
  if (q > 0 && r < 0) --q, r += unit;
  if (q < 0 && r > 0) ++q, r -= unit;
  int128_t twice = (r < 0 ? -r : r) * 2;
  if (twice >= unit) q += r < 0 ? -1 : 1;
  *out = q;
  return true;
}

// (v * 10^k) mod m for 0 <= v < m < 2^127, by doublings that never pass 128 bits.
uint128_t MulPow10Mod(uint128_t v, int k, uint128_t m) {
  auto twice = [m](uint128_t t) {
    t <<= 1;
    return t >= m ? t - m : t;
  };
  for (int i = 0; i < k; ++i) {
    uint128_t r2 = twice(v);
    uint128_t r8 = twice(twice(r2));
    v = r8 + r2;
    if (v >= m) v -= m;
  }
  return v;
}

[[noreturn]] void ThrowDecimalOverflow(const LogicalType& result) {
  throw OutOfRangeError(
      "[NUMERIC_VALUE_OUT_OF_RANGE] the result of a decimal operation "
      "cannot be represented as " +
      result.ToString() + ". Use try_ functions to return NULL instead.");
}

}  // namespace

LogicalType DecimalResultType(ArithmeticOp op, const LogicalType& a, const LogicalType& b) {
  int p1 = a.precision(), s1 = a.scale(), p2 = b.precision(), s2 = b.scale();
  switch (op) {
    case ArithmeticOp::kAdd:
    case ArithmeticOp::kSubtract: {
      int scale = std::max(s1, s2);
      return Adjust(std::max(p1 - s1, p2 - s2) + scale + 1, scale);
    }
    case ArithmeticOp::kMultiply: return Adjust(p1 + p2 + 1, s1 + s2);
    case ArithmeticOp::kDivide: {
      int scale = std::max(6, s1 + p2 + 1);
      return Adjust(p1 - s1 + s2 + scale, scale);
    }
    case ArithmeticOp::kModulo:
    case ArithmeticOp::kPmod: {
      int scale = std::max(s1, s2);
      return Adjust(std::min(p1 - s1, p2 - s2) + scale, scale);
    }
    case ArithmeticOp::kIntegralDivide: return TypeId::kInt64;
  }
  return TypeId::kNull;
}

ScalarKernel DecimalArithmeticKernel(ArithmeticOp op, const LogicalType& a, const LogicalType& b,
                                     const LogicalType& result_type) {
  int s1 = a.scale(), s2 = b.scale();
  int rs = result_type.id() == TypeId::kDecimal ? result_type.scale() : 0;
  int rp = result_type.id() == TypeId::kDecimal ? result_type.precision() : 38;
  return [=](const std::vector<const Vector*>& args, size_t count, Vector& result,
             const FunctionContext& context) {
    // Returns false for a NULL row (try mode) and raises otherwise.
    auto overflow = [&]() -> bool {
      if (context.try_mode) return false;
      ThrowDecimalOverflow(result_type);
    };
    auto fits = [&](int128_t v, int128_t* out) {
      if (!DecimalFits(v, rp)) return overflow();
      *out = v;
      return true;
    };
    switch (op) {
      case ArithmeticOp::kAdd:
      case ArithmeticOp::kSubtract: {
        int common = std::max(s1, s2);
        int128_t fa = Pow10(common - s1), fb = Pow10(common - s2);
        bool subtract = op == ArithmeticOp::kSubtract;
        return ExecuteBinaryNullable<int128_t, int128_t, int128_t>(
            *args[0], *args[1], count, result, [&](int128_t x, int128_t y, int128_t* out) {
              // Operands have at most 38 digits, aligned at most 38 + 38: check each step.
              int128_t ax, ay, sum;
              bool aligned = !__builtin_mul_overflow(x, fa, &ax) &&
                             !__builtin_mul_overflow(y, fb, &ay) &&
                             !(subtract ? __builtin_sub_overflow(ax, ay, &sum)
                                        : __builtin_add_overflow(ax, ay, &sum));
              if (!aligned) {
                // Past 128 bits only when the result scale dropped (precision loss).
                if (!AddAtLowerScale(x, s1, subtract ? -y : y, s2, rs, &sum)) return overflow();
                return fits(sum, out);
              }
              if (common != rs && !RescaleDecimal(sum, common, rs, rp, &sum)) return overflow();
              return fits(sum, out);
            });
      }
      case ArithmeticOp::kMultiply: {
        // The product has scale s1 + s2 (up to 76); Spark's type may keep fewer digits.
        int drop = s1 + s2 - rs;
        int128_t divisor = Pow10(std::min(drop, 38));
        return ExecuteBinaryNullable<int128_t, int128_t, int128_t>(
            *args[0], *args[1], count, result, [&](int128_t x, int128_t y, int128_t* out) {
              int128_t product;
              if (drop == 0 && !__builtin_mul_overflow(x, y, &product)) return fits(product, out);
              if (drop <= 38) {
                if (!SignedMulDivRound(x, y, divisor, &product)) return overflow();
                return fits(product, out);
              }
              // Truncate 38 digits first: HALF_UP only looks at the digits kept after that.
              if (!SignedMulDivRound(x, y, divisor, &product, /*round=*/false)) return overflow();
              return fits(RoundUnscaled(product, drop - 38, false), out);
            });
      }
      case ArithmeticOp::kIntegralDivide: {
        // Both aligned to one scale, the quotient truncated toward zero, as a bigint.
        int common = std::max(s1, s2);
        int128_t fa = Pow10(common - s1), fb = Pow10(common - s2);
        return ExecuteBinaryNullable<int128_t, int128_t, int64_t>(
            *args[0], *args[1], count, result, [&](int128_t x, int128_t y, int64_t* out) {
              if (y == 0) return FailOrNull<DivideByZeroError>(context, DivideByZeroMessage());
              int128_t ax, ay;
              if (__builtin_mul_overflow(x, fa, &ax) || __builtin_mul_overflow(y, fb, &ay)) {
                return overflow();
              }
              int128_t q = ax / ay;
              if (q > INT64_MAX || q < INT64_MIN) {
                return FailOrNull<OutOfRangeError>(context,
                                                   "[ARITHMETIC_OVERFLOW] long overflow in div");
              }
              *out = static_cast<int64_t>(q);
              return true;
            });
      }
      case ArithmeticOp::kDivide: {
        // x / 10^s1 / (y / 10^s2) at scale rs: x * 10^(rs - s1 + s2) / y.
        int shift = rs - s1 + s2;
        return ExecuteBinaryNullable<int128_t, int128_t, int128_t>(
            *args[0], *args[1], count, result, [&](int128_t x, int128_t y, int128_t* out) {
              if (y == 0) return FailOrNull<DivideByZeroError>(context, DivideByZeroMessage());
              // Spark's rules keep shift in [0, 76]; past 10^38 the factor goes in two steps
              // (an overflow of the first step is an overflow of the quotient too).
              int128_t q, scaled = x;
              int first = shift > 38 ? shift - 38 : 0;
              if (first > 0 && __builtin_mul_overflow(x, Pow10(first), &scaled)) return overflow();
              if (!SignedMulDivRound(scaled, Pow10(shift - first), y, &q)) return overflow();
              return fits(q, out);
            });
      }
      case ArithmeticOp::kModulo:
      case ArithmeticOp::kPmod: {
        int common = std::max(s1, s2);
        int128_t fa = Pow10(common - s1), fb = Pow10(common - s2);
        bool positive = op == ArithmeticOp::kPmod;
        return ExecuteBinaryNullable<int128_t, int128_t, int128_t>(
            *args[0], *args[1], count, result, [&](int128_t x, int128_t y, int128_t* out) {
              if (y == 0) return FailOrNull<DivideByZeroError>(context, DivideByZeroMessage());
              int128_t ax, ay, r;
              if (__builtin_mul_overflow(y, fb, &ay)) return overflow();
              if (!__builtin_mul_overflow(x, fa, &ax)) {
                r = ax % ay;
              } else {
                // (x * fa) mod ay = ((x mod ay) * fa) mod ay, the sign of x.
                uint128_t m = ay < 0 ? -static_cast<uint128_t>(ay) : static_cast<uint128_t>(ay);
                uint128_t v = (x < 0 ? -static_cast<uint128_t>(x) : static_cast<uint128_t>(x)) % m;
                int128_t magnitude = static_cast<int128_t>(MulPow10Mod(v, common - s1, m));
                r = x < 0 ? -magnitude : magnitude;
              }
              if (positive && r < 0) r = (r + ay) % ay;
              if (common != rs && !RescaleDecimal(r, common, rs, rp, &r)) return overflow();
              return fits(r, out);
            });
      }
    }
  };
}

}  // namespace floe
