#include "common/decimal.h"

#include <cctype>
#include <cmath>

namespace floe {

int128_t Pow10(int n) {
  static const auto kTable = [] {
    struct Table {
      int128_t v[39];
    } t{};
    t.v[0] = 1;
    for (int i = 1; i <= 38; ++i) t.v[i] = t.v[i - 1] * 10;
    return t;
  }();
  return kTable.v[n];
}

bool DecimalFits(int128_t v, int precision) {
  int128_t limit = Pow10(precision);
  return v < limit && v > -limit;
}

std::string Int128ToString(int128_t v) {
  if (v == 0) return "0";
  bool negative = v < 0;
  uint128_t u = negative ? -static_cast<uint128_t>(v) : static_cast<uint128_t>(v);
  std::string digits;
  while (u > 0) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  if (negative) digits.push_back('-');
  return std::string(digits.rbegin(), digits.rend());
}

std::string DecimalToString(int128_t unscaled, int scale) {
  if (scale == 0) return Int128ToString(unscaled);
  bool negative = unscaled < 0;
  uint128_t u = negative ? -static_cast<uint128_t>(unscaled) : static_cast<uint128_t>(unscaled);
  std::string digits = Int128ToString(static_cast<int128_t>(u));
  if (static_cast<int>(digits.size()) <= scale) {
    digits = std::string(scale - digits.size() + 1, '0') + digits;
  }
  std::string out = negative ? "-" : "";
  out += digits.substr(0, digits.size() - scale);
  out += '.';
  out += digits.substr(digits.size() - scale);
  return out;
}

bool ParseDecimal(std::string_view s, int precision, int scale, int128_t* out) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  if (s.empty()) return false;
  bool negative = false;
  size_t i = 0;
  if (s[i] == '+' || s[i] == '-') {
    negative = s[i] == '-';
    ++i;
  }
  // Collect significant digits and the position of the point.
  std::string digits;
  int frac_digits = 0;
  bool seen_point = false, any_digit = false;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      any_digit = true;
      digits.push_back(c);
      if (seen_point) ++frac_digits;
    } else if (c == '.' && !seen_point) {
      seen_point = true;
    } else {
      break;
    }
  }
  if (!any_digit) return false;
  int exponent = 0;
  if (i < s.size()) {
    if (s[i] != 'e' && s[i] != 'E') return false;
    ++i;
    bool exp_negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
      exp_negative = s[i] == '-';
      ++i;
    }
    if (i >= s.size()) return false;
    int e = 0;
    for (; i < s.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
      e = e * 10 + (s[i] - '0');
      if (e > 1000) return false;
    }
    exponent = exp_negative ? -e : e;
  }
  // value = digits * 10^(exponent - frac_digits); we want value * 10^scale.
  int shift = exponent - frac_digits + scale;
  size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) {
    *out = 0;
    return true;
  }
  digits = digits.substr(first);
  int128_t v = 0;
  bool round_up = false;
  if (shift >= 0) {
    if (static_cast<int>(digits.size()) + shift > precision) return false;
    for (char c : digits) v = v * 10 + (c - '0');
    v *= Pow10(shift);
  } else {
    int keep = static_cast<int>(digits.size()) + shift;
    if (keep > precision) return false;
    for (int k = 0; k < keep; ++k) v = v * 10 + (digits[k] - '0');
    if (keep >= 0 && keep < static_cast<int>(digits.size())) round_up = digits[keep] >= '5';
    if (round_up) v += 1;
  }
  if (!DecimalFits(v, precision)) return false;
  *out = negative ? -v : v;
  return true;
}

bool RescaleDecimal(int128_t v, int from_scale, int to_scale, int precision, int128_t* out) {
  if (to_scale >= from_scale) {
    int diff = to_scale - from_scale;
    if (diff > 38) return v == 0 ? (*out = 0, true) : false;
    int128_t factor = Pow10(diff);
    // Overflow check before multiplying.
    int128_t limit = Pow10(precision);
    if (v != 0 && (v >= limit / factor + 1 || v <= -(limit / factor) - 1)) return false;
    v *= factor;
  } else {
    int diff = from_scale - to_scale;
    if (diff > 38) {
      v = 0;
    } else {
      int128_t factor = Pow10(diff);
      int128_t q = v / factor;
      int128_t r = v % factor;
      int128_t half = factor / 2;
      if (r >= half && r > 0) ++q;
      if (r <= -half && r < 0) --q;
      v = q;
    }
  }
  if (!DecimalFits(v, precision)) return false;
  *out = v;
  return true;
}

double DecimalToDouble(int128_t unscaled, int scale) {
  return static_cast<double>(unscaled) / std::pow(10.0, scale);
}

bool DoubleToDecimal(double v, int precision, int scale, int128_t* out) {
  if (std::isnan(v) || std::isinf(v)) return false;
  long double scaled = static_cast<long double>(v) * std::pow(10.0L, scale);
  scaled = scaled < 0 ? -std::floor(-scaled + 0.5L) : std::floor(scaled + 0.5L);
  if (std::fabs(scaled) >= std::pow(10.0L, precision)) return false;
  *out = static_cast<int128_t>(scaled);
  return true;
}

std::string DecimalToMinimalBytes(int128_t unscaled) {
  char full[16];
  uint128_t u = static_cast<uint128_t>(unscaled);
  for (int i = 15; i >= 0; --i) {
    full[i] = static_cast<char>(static_cast<uint8_t>(u & 0xff));
    u >>= 8;
  }
  // Drop leading bytes that only repeat the sign of the next byte.
  int start = 0;
  while (start < 15) {
    uint8_t b = static_cast<uint8_t>(full[start]);
    uint8_t next = static_cast<uint8_t>(full[start + 1]);
    if ((b == 0x00 && !(next & 0x80)) || (b == 0xff && (next & 0x80))) {
      ++start;
    } else {
      break;
    }
  }
  return std::string(full + start, 16 - start);
}

}  // namespace floe
