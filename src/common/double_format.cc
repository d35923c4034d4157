#include "common/double_format.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace floe {

// Java's Double.toString: plain notation when 1e-3 <= |v| < 1e7, else d.dddE[-]n;
// always at least one digit after the point.
template <typename T>
static std::string FormatJava(T v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  // sci looks like "-1.2345e+06"
  size_t e = sci.find('e');
  std::string mantissa = sci.substr(0, e);
  int exponent = std::atoi(sci.c_str() + e + 1);
  bool negative = mantissa[0] == '-';
  if (negative) mantissa = mantissa.substr(1);
  std::string digits;
  for (char c : mantissa) {
    if (c != '.') digits += c;
  }
  T abs = v < 0 ? -v : v;
  std::string out;
  if (abs >= static_cast<T>(1e-3) && abs < static_cast<T>(1e7)) {
    int point = exponent + 1;  // digits before the point
    if (point <= 0) {
      out = "0." + std::string(-point, '0') + digits;
    } else if (point >= static_cast<int>(digits.size())) {
      out = digits + std::string(point - digits.size(), '0') + ".0";
    } else {
      out = digits.substr(0, point) + "." + digits.substr(point);
    }
  } else {
    out = digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0") + "E" +
          std::to_string(exponent);
  }
  return negative ? "-" + out : out;
}

std::string FormatDouble(double v) { return FormatJava(v); }
std::string FormatFloat(float v) { return FormatJava(v); }

}  // namespace floe
