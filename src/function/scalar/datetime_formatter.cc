#include "function/scalar/datetime_formatter.h"

#include <cctype>
#include <cstdio>
#include <cstring>

#include "common/ascii_case.h"
#include "common/exception.h"

namespace floe {
namespace {

const char* const kMonths[] = {"January",   "February", "March",    "April",
                               "May",       "June",     "July",     "August",
                               "September", "October",  "November", "December"};
const char* const kDays[] = {"Monday", "Tuesday",  "Wednesday", "Thursday",
                             "Friday", "Saturday", "Sunday"};

bool IsNumericLetter(char c) { return std::strchr("yuMLdDHhkKmsSQq", c) != nullptr; }

void AppendPadded(std::string* out, int64_t v, int width) {
  char buf[32];
  if (v < 0) {
    out->push_back('-');
    v = -v;
  }
  std::snprintf(buf, sizeof(buf), "%0*lld", width, static_cast<long long>(v));
  out->append(buf);
}

void AppendOffset(std::string* out, int64_t offset_seconds, bool colon, bool minutes_optional) {
  out->push_back(offset_seconds < 0 ? '-' : '+');
  int64_t abs = offset_seconds < 0 ? -offset_seconds : offset_seconds;
  AppendPadded(out, abs / 3600, 2);
  int64_t m = (abs / 60) % 60;
  if (minutes_optional && m == 0) return;
  if (colon) out->push_back(':');
  AppendPadded(out, m, 2);
}

bool StartsWithIgnoreCase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && EqualsIgnoreCase(s.substr(0, prefix.size()), prefix);
}

}  // namespace

DateTimeFormatter::DateTimeFormatter(std::string_view pattern) {
  for (size_t i = 0; i < pattern.size();) {
    char c = pattern[i];
    if (c == '\'') {
      Token t;
      size_t j = i + 1;
      if (j < pattern.size() && pattern[j] == '\'') {
        t.literal = "'";
        i = j + 1;
      } else {
        while (j < pattern.size()) {
          if (pattern[j] == '\'') {
            if (j + 1 < pattern.size() && pattern[j + 1] == '\'') {
              t.literal += '\'';
              j += 2;
              continue;
            }
            break;
          }
          t.literal += pattern[j++];
        }
        if (j >= pattern.size()) {
          throw InvalidInputError("datetime pattern '" + std::string(pattern) +
                                  "' has an unclosed quote");
        }
        i = j + 1;
      }
      tokens_.push_back(t);
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      if (std::strchr("yuMLdDEaHhkKmsSQqGzZXxV", c) == nullptr) {
        throw InvalidInputError("[INVALID_DATETIME_PATTERN] unsupported letter '" +
                                std::string(1, c) + "' in datetime pattern '" +
                                std::string(pattern) + "'");
      }
      Token t;
      t.letter = c;
      while (i < pattern.size() && pattern[i] == c) {
        ++t.count;
        ++i;
      }
      tokens_.push_back(t);
    } else {
      Token t;
      t.literal = std::string(1, c);
      tokens_.push_back(t);
      ++i;
    }
  }
}

std::string DateTimeFormatter::Format(int64_t micros, const TimeZone& zone) const {
  int64_t local = zone.ToLocal(micros);
  int64_t offset_seconds = (local - micros) / kMicrosPerSecond;
  int64_t days = FloorDiv(local, kMicrosPerDay);
  int64_t time = local - days * kMicrosPerDay;
  int64_t year;
  unsigned month, day;
  CivilFromDays(days, &year, &month, &day);
  int64_t hour = time / kMicrosPerHour, minute = time / kMicrosPerMinute % 60;
  int64_t second = time / kMicrosPerSecond % 60, fraction = time % kMicrosPerSecond;
  int weekday = static_cast<int>(FloorMod(days + 3, 7));  // 0 = Monday
  std::string out;
  for (const Token& t : tokens_) {
    int n = t.count;
    switch (t.letter) {
      case 0: out += t.literal; break;
      case 'y':
      case 'u':
        if (n == 2)
          AppendPadded(&out, FloorMod(year, 100), 2);
        else
          AppendPadded(&out, year, n);
        break;
      case 'M':
      case 'L':
        if (n >= 4)
          out += kMonths[month - 1];
        else if (n == 3)
          out += std::string(kMonths[month - 1]).substr(0, 3);
        else
          AppendPadded(&out, month, n);
        break;
      case 'd': AppendPadded(&out, day, n); break;
      case 'D': AppendPadded(&out, days - DaysFromCivil(year, 1, 1) + 1, n); break;
      case 'E':
        out += n >= 4 ? std::string(kDays[weekday]) : std::string(kDays[weekday]).substr(0, 3);
        break;
      case 'a': out += hour < 12 ? "AM" : "PM"; break;
      case 'H': AppendPadded(&out, hour, n); break;
      case 'k': AppendPadded(&out, hour == 0 ? 24 : hour, n); break;
      case 'K': AppendPadded(&out, hour % 12, n); break;
      case 'h': AppendPadded(&out, hour % 12 == 0 ? 12 : hour % 12, n); break;
      case 'm': AppendPadded(&out, minute, n); break;
      case 's': AppendPadded(&out, second, n); break;
      case 'S': {
        char buf[16];
        std::snprintf(buf, sizeof(buf), "%06lld000", static_cast<long long>(fraction));
        out.append(buf, std::min(n, 9));
        break;
      }
      case 'Q':
      case 'q': {
        int quarter = static_cast<int>((month - 1) / 3 + 1);
        if (n == 3)
          out += "Q" + std::to_string(quarter);
        else if (n >= 4)
          out += std::to_string(quarter) +
                 (quarter == 1   ? "st"
                  : quarter == 2 ? "nd"
                  : quarter == 3 ? "rd"
                                 : "th") +
                 " quarter";
        else
          AppendPadded(&out, quarter, n);
        break;
      }
      case 'G': out += year > 0 ? "AD" : "BC"; break;
      case 'V': out += zone.name(); break;
      case 'z': {
        auto seconds = FloorDiv(micros, kMicrosPerSecond);
        auto info =
            zone.zone().lookup(std::chrono::time_point<std::chrono::system_clock, cctz::seconds>(
                cctz::seconds(seconds)));
        out += info.abbr;
        break;
      }
      case 'Z':
        if (n == 4) out += "GMT";
        AppendOffset(&out, offset_seconds, n >= 4, false);
        break;
      case 'X':
      case 'x':
        if (t.letter == 'X' && offset_seconds == 0)
          out += 'Z';
        else
          AppendOffset(&out, offset_seconds, n >= 3, n == 1);
        break;
    }
  }
  return out;
}

std::optional<int64_t> DateTimeFormatter::Parse(std::string_view s,
                                                std::optional<int64_t>* offset_micros) const {
  int64_t year = 1970, month = 1, day = 1, day_of_year = -1, hour = 0, minute = 0, second = 0,
          fraction = 0;
  int am_pm = -1;
  bool twelve_hour = false;
  size_t pos = 0;
  offset_micros->reset();
  for (size_t k = 0; k < tokens_.size(); ++k) {
    const Token& t = tokens_[k];
    if (t.letter == 0) {
      if (s.substr(pos, t.literal.size()) != t.literal) return std::nullopt;
      pos += t.literal.size();
      continue;
    }
    bool adjacent = k + 1 < tokens_.size() && tokens_[k + 1].letter != 0 &&
                    IsNumericLetter(tokens_[k + 1].letter);
    auto read_number = [&](int min_digits, int max_digits, int64_t* out) {
      size_t start = pos;
      int64_t v = 0;
      while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])) &&
             static_cast<int>(pos - start) < max_digits) {
        v = v * 10 + (s[pos++] - '0');
      }
      if (static_cast<int>(pos - start) < min_digits) return false;
      *out = v;
      return true;
    };
    int max_digits = adjacent ? t.count : 9;  // for years: adjacent fields take fixed widths
    switch (t.letter) {
      case 'y':
      case 'u': {
        bool negative = pos < s.size() && s[pos] == '-' && t.count != 2;
        if (negative) ++pos;
        if (t.count == 2) {
          if (!read_number(2, 2, &year)) return std::nullopt;
          year += 2000;
        } else if (!read_number(t.count == 1 ? 1 : t.count, max_digits, &year)) {
          return std::nullopt;
        }
        if (negative) year = -year;
        break;
      }
      case 'M':
      case 'L':
        if (t.count >= 3) {
          bool found = false;
          for (int m = 0; m < 12 && !found; ++m) {
            std::string_view name = kMonths[m];
            if (t.count >= 4 && StartsWithIgnoreCase(s.substr(pos), name)) {
              month = m + 1, pos += name.size(), found = true;
            } else if (t.count == 3 && StartsWithIgnoreCase(s.substr(pos), name.substr(0, 3))) {
              month = m + 1, pos += 3, found = true;
            }
          }
          if (!found) return std::nullopt;
        } else if (!read_number(t.count, t.count == 1 ? 2 : t.count, &month)) {
          return std::nullopt;
        }
        break;
      case 'd':
        if (!read_number(t.count, t.count == 1 ? 2 : t.count, &day)) return std::nullopt;
        break;
      case 'D':
        if (!read_number(t.count, 3, &day_of_year)) return std::nullopt;
        break;
      case 'H':
      case 'k':
      case 'K':
      case 'h':
        if (!read_number(t.count, t.count == 1 ? 2 : t.count, &hour)) return std::nullopt;
        if (t.letter == 'k' && hour == 24) hour = 0;
        twelve_hour = t.letter == 'h' || t.letter == 'K';
        if (t.letter == 'h' && (hour < 1 || hour > 12)) return std::nullopt;
        break;
      case 'm':
        if (!read_number(t.count, t.count == 1 ? 2 : t.count, &minute)) return std::nullopt;
        break;
      case 's':
        if (!read_number(t.count, t.count == 1 ? 2 : t.count, &second)) return std::nullopt;
        break;
      case 'S': {
        size_t start = pos;
        int64_t digits = 0;
        if (!read_number(1, adjacent ? t.count : 9, &digits)) return std::nullopt;
        int n = static_cast<int>(pos - start);
        while (n < 6) digits *= 10, ++n;
        while (n > 6) digits /= 10, --n;
        fraction = digits;
        break;
      }
      case 'a':
        if (StartsWithIgnoreCase(s.substr(pos), "AM"))
          am_pm = 0;
        else if (StartsWithIgnoreCase(s.substr(pos), "PM"))
          am_pm = 1;
        else
          return std::nullopt;
        pos += 2;
        break;
      case 'E': {
        bool found = false;
        for (int d = 0; d < 7 && !found; ++d) {
          std::string_view name = kDays[d];
          if (t.count >= 4 && StartsWithIgnoreCase(s.substr(pos), name))
            pos += name.size(), found = true;
          else if (t.count < 4 && StartsWithIgnoreCase(s.substr(pos), name.substr(0, 3)))
            pos += 3, found = true;
        }
        if (!found) return std::nullopt;
        break;
      }
      case 'G':
        if (StartsWithIgnoreCase(s.substr(pos), "AD"))
          pos += 2;
        else
          return std::nullopt;
        break;
      case 'Q':
      case 'q': {
        int64_t quarter;
        if (!read_number(1, 1, &quarter) || quarter < 1 || quarter > 4) return std::nullopt;
        break;
      }
      case 'X':
      case 'x':
      case 'Z':
      case 'z':
      case 'V': {
        if (t.letter == 'X' && pos < s.size() && s[pos] == 'Z') {
          ++pos;
          *offset_micros = 0;
          break;
        }
        std::string_view rest = s.substr(pos);
        if (StartsWithIgnoreCase(rest, "GMT") || StartsWithIgnoreCase(rest, "UTC")) {
          pos += 3;
          rest = s.substr(pos);
          if (rest.empty() || (rest[0] != '+' && rest[0] != '-')) {
            *offset_micros = 0;
            break;
          }
        }
        if (rest.empty() || (rest[0] != '+' && rest[0] != '-')) return std::nullopt;
        int sign = rest[0] == '-' ? -1 : 1;
        ++pos;
        int64_t h = 0, m = 0;
        if (!read_number(2, 2, &h)) return std::nullopt;
        if (pos < s.size() && s[pos] == ':') ++pos;
        read_number(2, 2, &m);
        *offset_micros = sign * (h * kMicrosPerHour + m * kMicrosPerMinute);
        break;
      }
    }
  }
  if (pos != s.size()) return std::nullopt;
  if (am_pm >= 0 || twelve_hour) {
    if (hour > 12) return std::nullopt;
    hour = hour % 12 + (am_pm == 1 ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return std::nullopt;
  int64_t days;
  if (day_of_year > 0) {
    int64_t first = DaysFromCivil(year, 1, 1);
    if (day_of_year > DaysFromCivil(year + 1, 1, 1) - first) return std::nullopt;
    days = first + day_of_year - 1;
  } else {
    if (!IsValidDate(year, static_cast<unsigned>(month), static_cast<unsigned>(day)))
      return std::nullopt;
    days = DaysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
  }
  return days * kMicrosPerDay + hour * kMicrosPerHour + minute * kMicrosPerMinute +
         second * kMicrosPerSecond + fraction;
}

}  // namespace floe
