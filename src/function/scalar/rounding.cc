#include "function/scalar/rounding.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include "common/decimal.h"

namespace floe {

double RoundDouble(double v, int scale, bool half_even) {
  if (!std::isfinite(v) || v == 0) return v;
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  std::string sci(buf, res.ptr);  // "-1.2345e-05"
  bool negative = sci[0] == '-';
  size_t e = sci.find('e');
  int exponent = std::atoi(sci.c_str() + e + 1);
  std::string digits;
  for (size_t i = negative ? 1 : 0; i < e; ++i) {
    if (sci[i] != '.') digits += sci[i];
  }
  // v = 0.digits * 10^(exponent + 1); keep the digits above 10^-scale.
  long keep = static_cast<long>(exponent) + 1 + scale;
  if (keep >= static_cast<long>(digits.size())) return v;
  if (keep < 0) return negative ? -0.0 : 0.0;
  std::string kept = digits.substr(0, keep);
  char next = digits[keep];
  bool rest_nonzero = digits.find_first_not_of('0', keep + 1) != std::string::npos;
  bool last_odd = !kept.empty() && ((kept.back() - '0') % 2 == 1);
  bool up = half_even ? (next > '5' || (next == '5' && (rest_nonzero || last_odd))) : next >= '5';
  if (kept.empty()) kept = "0";
  if (up) {
    int i = static_cast<int>(kept.size()) - 1;
    while (i >= 0 && kept[i] == '9') kept[i--] = '0';
    if (i < 0)
      kept.insert(kept.begin(), '1');
    else
      ++kept[i];
  }
  std::string text = kept + "e" + std::to_string(-scale);
  double out = 0;
  std::from_chars(text.data(), text.data() + text.size(), out);
  return negative ? -out : out;
}

int64_t JavaDecimalScale(double v) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  std::string sci(buf, res.ptr);  // "-1.2345e-05": shortest digits, as Java's since JDK 19
  size_t e = sci.find('e');
  int64_t exponent = std::atoi(sci.c_str() + e + 1);
  int64_t digits = 0;
  for (size_t i = 0; i < e; ++i) digits += std::isdigit(static_cast<unsigned char>(sci[i])) ? 1 : 0;
  double magnitude = std::fabs(v);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    return std::max<int64_t>(1, digits - 1 - exponent);  // plain "123.45", "100.0"
  }
  return std::max<int64_t>(1, digits - 1) - exponent;  // computerized "1.2345E-5"
}

int128_t RoundUnscaled(int128_t v, int digits, RoundingMode mode) {
  if (digits <= 0) return v;
  if (digits > 38) {  // |v| < 10^38 <= 10^digits / 10: every digit is dropped
    if (mode == RoundingMode::kCeiling) return v > 0 ? 1 : 0;
    if (mode == RoundingMode::kFloor) return v < 0 ? -1 : 0;
    return 0;
  }
  int128_t factor = Pow10(digits);
  int128_t q = v / factor, r = v % factor;
  bool away;  // from zero, by one unit
  switch (mode) {
    case RoundingMode::kCeiling: away = r > 0; break;
    case RoundingMode::kFloor: away = r < 0; break;
    default: {
      // |r| against the rest of the unit (2 * |r| can pass 2^127 when digits is 38)
      int128_t abs_r = r < 0 ? -r : r, rest = factor - abs_r;
      away = mode == RoundingMode::kHalfEven ? (abs_r > rest || (abs_r == rest && q % 2 != 0))
                                             : abs_r >= rest;
    }
  }
  if (away) q += v < 0 ? -1 : 1;
  return q;
}

}  // namespace floe
