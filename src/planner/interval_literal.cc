#include "planner/interval_literal.h"

#include <cctype>
#include <cstdlib>
#include <vector>

#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/decimal.h"
#include "planner/bind_scope.h"

namespace floe {

bool ParseIntervalText(const std::string& text, const std::string& unit_in, Interval* out) {
  // Either "<n>" with a unit, or "<n> <unit> <n> <unit> ..." without one.
  std::vector<std::string> words;
  std::string word;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(word);
  std::vector<std::pair<std::string, std::string>> parts;
  if (!unit_in.empty()) {
    if (words.size() != 1) return false;
    parts.emplace_back(words[0], unit_in);
  } else {
    size_t i = 0;
    if (!words.empty() && ToLower(words[0]) == "interval") i = 1;
    for (; i + 1 < words.size(); i += 2) parts.emplace_back(words[i], words[i + 1]);
    if (i != words.size() || parts.empty()) return false;
  }
  for (auto& [number, raw_unit] : parts) {
    std::string unit = ToLower(raw_unit);
    if (unit.size() > 1 && unit.back() == 's') unit.pop_back();
    int128_t micros_value;
    if (!ParseDecimal(number, 38, 6, &micros_value)) return false;
    // Out-of-range values are invalid rather than wrapped: every step is checked.
    constexpr int128_t kInt64Range = static_cast<int128_t>(INT64_MAX);
    if (micros_value > kInt64Range || micros_value < -kInt64Range) return false;
    int64_t whole = static_cast<int64_t>(micros_value / 1000000);
    auto add32 = [](int64_t v, int64_t scale, int32_t* acc) {
      int64_t product;
      int32_t narrowed;
      if (__builtin_mul_overflow(v, scale, &product) || __builtin_add_overflow(*acc, product, &narrowed)) return false;
      *acc = narrowed;
      return true;
    };
    auto add64 = [](int64_t v, int64_t scale, int64_t* acc) {
      int64_t product;
      return !__builtin_mul_overflow(v, scale, &product) && !__builtin_add_overflow(*acc, product, acc);
    };
    bool ok;
    if (unit == "year") {
      ok = add32(whole, 12, &out->months);
    } else if (unit == "month") {
      ok = add32(whole, 1, &out->months);
    } else if (unit == "week") {
      ok = add32(whole, 7, &out->days);
    } else if (unit == "day") {
      ok = add32(whole, 1, &out->days);
    } else if (unit == "hour") {
      ok = add64(whole, kMicrosPerHour, &out->micros);
    } else if (unit == "minute") {
      ok = add64(whole, kMicrosPerMinute, &out->micros);
    } else if (unit == "second") {
      ok = add64(static_cast<int64_t>(micros_value), 1, &out->micros);
    } else if (unit == "millisecond") {
      ok = add64(whole, 1000, &out->micros);
    } else if (unit == "microsecond") {
      ok = add64(whole, 1, &out->micros);
    } else {
      return false;
    }
    if (!ok) return false;
  }
  return true;
}

namespace {

// Reads an unsigned whole number; false unless the whole text is digits.
bool ReadNumber(const std::string& text, int64_t* out) {
  if (text.empty() || text.size() > 12) return false;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  *out = std::strtoll(text.c_str(), nullptr, 10);
  return true;
}

// Reads seconds with up to six fractional digits as microseconds.
bool ReadSeconds(const std::string& text, int64_t* micros) {
  size_t point = text.find('.');
  int64_t whole;
  if (!ReadNumber(text.substr(0, point), &whole)) return false;
  int64_t fraction = 0;
  if (point != std::string::npos) {
    std::string digits = text.substr(point + 1);
    if (digits.empty() || digits.size() > 6) return false;
    int64_t value;
    if (!ReadNumber(digits, &value)) return false;
    fraction = value;
    for (size_t i = digits.size(); i < 6; ++i) fraction *= 10;
  }
  *micros = whole * kMicrosPerSecond + fraction;
  return true;
}

}  // namespace

bool ParseIntervalRange(const std::string& text_in, const std::string& from_in, const std::string& to_in,
                        Interval* out, std::string* error) {
  std::string from = ToLower(from_in), to = ToLower(to_in);
  const std::vector<std::string> units = {"year", "month", "day", "hour", "minute", "second"};
  auto rank = [&](const std::string& u) {
    for (size_t i = 0; i < units.size(); ++i) {
      if (units[i] == u) return static_cast<int>(i);
    }
    return -1;
  };
  int a = rank(from), b = rank(to);
  bool year_month = a == 0 && b == 1;
  bool day_time = a >= 2 && b > a;
  if (!year_month && !day_time) {
    *error = "the interval range " + from_in + " TO " + to_in + " is not supported";
    return false;
  }
  std::string text = text_in;
  size_t first = text.find_first_not_of(' ');
  size_t last = text.find_last_not_of(' ');
  text = first == std::string::npos ? "" : text.substr(first, last - first + 1);
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text = text.substr(1);
  }
  std::string expected;
  if (year_month) {
    expected = "[+|-]y-m";
  } else {
    // The separators between fields: day, then ' ', then ':' between time fields.
    for (int u = a; u <= b; ++u) {
      if (u > a) expected += u == 3 ? " " : ":";
      expected += units[u] == "day" ? "d" : units[u] == "hour" ? "h" : units[u] == "minute" ? "m" : "s";
    }
    expected = "[+|-]" + expected;
  }
  *error = "the interval string '" + text_in + "' does not match the " + from_in + " TO " + to_in +
           " form " + expected;
  if (year_month) {
    size_t dash = text.find('-');
    int64_t years, months;
    if (dash == std::string::npos || !ReadNumber(text.substr(0, dash), &years) ||
        !ReadNumber(text.substr(dash + 1), &months) || months > 11 || years > 178956970) {
      return false;
    }
    int64_t total = years * 12 + months;
    out->months += static_cast<int32_t>(negative ? -total : total);
    return true;
  }
  // Split into the fields, each after its separator.
  std::vector<std::string> fields;
  size_t pos = 0;
  for (int u = a; u <= b; ++u) {
    size_t end;
    if (u == b) {
      end = text.size();
    } else {
      char separator = u + 1 == 3 ? ' ' : ':';
      end = text.find(separator, pos);
      if (end == std::string::npos) return false;
    }
    fields.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  int64_t days = 0, micros = 0;
  for (int u = a; u <= b; ++u) {
    const std::string& field = fields[u - a];
    bool leading = u == a;
    int64_t value;
    if (units[u] == "second") {
      if (!ReadSeconds(field, &value)) return false;
      if (!leading && value >= 60 * kMicrosPerSecond) return false;
      if (__builtin_add_overflow(micros, value, &micros)) return false;
      continue;
    }
    if (!ReadNumber(field, &value)) return false;
    if (units[u] == "day") {
      days = value;
    } else {
      bool hour = units[u] == "hour";
      if (!leading && value > (hour ? 23 : 59)) return false;
      int64_t product;
      if (__builtin_mul_overflow(value, hour ? kMicrosPerHour : kMicrosPerMinute, &product) ||
          __builtin_add_overflow(micros, product, &micros)) {
        return false;
      }
    }
  }
  if (days > 106751991) return false;
  out->days += static_cast<int32_t>(negative ? -days : days);
  return !__builtin_add_overflow(out->micros, negative ? -micros : micros, &out->micros);
}

}  // namespace floe
