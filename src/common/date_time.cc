#include "common/date_time.h"

#include <cctype>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>

#include "common/ascii_case.h"
#include "common/exception.h"

namespace floe {

int64_t NowMillis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Howard Hinnant's days_from_civil / civil_from_days.
int32_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return static_cast<int32_t>(era * 146097 + static_cast<int64_t>(doe) - 719468);
}

void CivilFromDays(int64_t z, int64_t* year, unsigned* month, unsigned* day) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t y = static_cast<int64_t>(yoe) + era * 400;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned d = doy - (153 * mp + 2) / 5 + 1;
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;
  *year = y + (m <= 2);
  *month = m;
  *day = d;
}

static bool IsLeap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

unsigned DaysInMonth(int64_t year, unsigned month) {
  static const unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month == 2 && IsLeap(year)) return 29;
  return kDays[month - 1];
}

bool IsValidDate(int64_t year, unsigned month, unsigned day) {
  return month >= 1 && month <= 12 && day >= 1 && day <= DaysInMonth(year, month) &&
         year >= -290000 && year <= 294000;
}

TimeZone::TimeZone() : name_("UTC"), zone_(cctz::utc_time_zone()), is_utc_(true) {}

const TimeZone& TimeZone::Utc() {
  static const TimeZone utc;
  return utc;
}

bool TimeZone::Load(const std::string& name, TimeZone* out) {
  static std::mutex mutex;
  static std::map<std::string, cctz::time_zone> cache;
  std::string lookup = name;
  if (name == "UTC" || name == "utc" || name == "Z" || name == "GMT" || name == "Etc/UTC") {
    *out = TimeZone();
    out->name_ = name;
    return true;
  }
  // Fixed offsets: "+02:00", "-0530", "UTC+2".
  std::string offset = name;
  if (offset.rfind("UTC", 0) == 0 || offset.rfind("GMT", 0) == 0) offset = offset.substr(3);
  if (!offset.empty() && (offset[0] == '+' || offset[0] == '-')) {
    int sign = offset[0] == '-' ? -1 : 1;
    int h = 0, m = 0;
    std::string digits;
    for (char c : offset.substr(1)) {
      if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
      else if (c != ':') return false;
    }
    if (digits.empty() || digits.size() > 4) return false;
    if (digits.size() <= 2) {
      h = std::stoi(digits);
    } else {
      h = std::stoi(digits.substr(0, digits.size() - 2));
      m = std::stoi(digits.substr(digits.size() - 2));
    }
    if (h > 18 || m > 59) return false;
    *out = TimeZone();
    out->name_ = name;
    out->zone_ = cctz::fixed_time_zone(std::chrono::seconds(sign * (h * 3600 + m * 60)));
    out->is_utc_ = h == 0 && m == 0;
    return true;
  }
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(lookup);
  cctz::time_zone zone;
  if (it != cache.end()) {
    zone = it->second;
  } else {
    if (!cctz::load_time_zone(lookup, &zone)) return false;
    cache[lookup] = zone;
  }
  *out = TimeZone();
  out->name_ = name;
  out->zone_ = zone;
  out->is_utc_ = false;
  return true;
}

int64_t TimeZone::ToLocal(int64_t utc_micros) const {
  if (is_utc_) return utc_micros;
  int64_t seconds = FloorDiv(utc_micros, kMicrosPerSecond);
  auto tp = std::chrono::time_point<std::chrono::system_clock, cctz::seconds>(
      cctz::seconds(seconds));
  auto lookup = zone_.lookup(tp);
  int64_t local;
  // (an instant within a day of the int64 range has no wall clock in a zone ahead of or
  // behind UTC)
  if (__builtin_add_overflow(utc_micros, static_cast<int64_t>(lookup.offset) * kMicrosPerSecond, &local)) {
    throw OutOfRangeError("the timestamp of " + std::to_string(utc_micros) + " microseconds is out of range in " +
                          name_);
  }
  return local;
}

int64_t TimeZone::FromLocal(int64_t local_micros) const {
  if (is_utc_) return local_micros;
  int64_t seconds = FloorDiv(local_micros, kMicrosPerSecond);
  int64_t sub = FloorMod(local_micros, kMicrosPerSecond);
  int64_t days = FloorDiv(seconds, 86400);
  int64_t sod = FloorMod(seconds, 86400);
  int64_t y;
  unsigned mo, d;
  CivilFromDays(days, &y, &mo, &d);
  cctz::civil_second cs(y, mo, d, sod / 3600, (sod / 60) % 60, sod % 60);
  auto lookup = zone_.lookup(cs);
  // In a gap, Spark moves forward (uses the pre-transition offset); in an overlap, the earlier.
  auto tp = lookup.kind == cctz::time_zone::civil_lookup::SKIPPED ? lookup.pre : lookup.pre;
  int64_t utc;
  if (__builtin_mul_overflow(static_cast<int64_t>(tp.time_since_epoch().count()), kMicrosPerSecond, &utc) ||
      __builtin_add_overflow(utc, sub, &utc)) {
    throw OutOfRangeError("the local time of " + std::to_string(local_micros) + " microseconds is out of range in " +
                          name_);
  }
  return utc;
}

static bool ReadDigits(std::string_view s, size_t* pos, int min, int max, int64_t* out) {
  size_t start = *pos;
  int64_t v = 0;
  while (*pos < s.size() && std::isdigit(static_cast<unsigned char>(s[*pos])) &&
         static_cast<int>(*pos - start) < max) {
    v = v * 10 + (s[*pos] - '0');
    ++*pos;
  }
  int n = static_cast<int>(*pos - start);
  if (n < min) return false;
  *out = v;
  return true;
}

// Parses the date part; leaves *pos after it.
static bool ParseDatePart(std::string_view s, size_t* pos, int32_t* days) {
  int64_t sign = 1;
  if (*pos < s.size() && (s[*pos] == '-' || s[*pos] == '+')) {
    sign = s[*pos] == '-' ? -1 : 1;
    ++*pos;
  }
  int64_t y, m = 1, d = 1;
  if (!ReadDigits(s, pos, 4, 6, &y)) return false;
  y *= sign;
  if (*pos < s.size() && s[*pos] == '-') {
    ++*pos;
    if (!ReadDigits(s, pos, 1, 2, &m)) return false;
    if (*pos < s.size() && s[*pos] == '-') {
      ++*pos;
      if (!ReadDigits(s, pos, 1, 2, &d)) return false;
    }
  }
  if (!IsValidDate(y, static_cast<unsigned>(m), static_cast<unsigned>(d))) return false;
  *days = DaysFromCivil(y, static_cast<unsigned>(m), static_cast<unsigned>(d));
  return true;
}

bool ParseDate(std::string_view text, int32_t* days) {
  std::string_view s = TrimSpace(text);
  size_t pos = 0;
  if (!ParseDatePart(s, &pos, days)) return false;
  // Spark accepts a trailing time part on a date string ("2026-01-15 10:00:00").
  if (pos < s.size() && (s[pos] == ' ' || s[pos] == 'T')) return true;
  return pos == s.size();
}

std::string FormatDate(int32_t days) {
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  char buf[32];
  if (y >= 0 && y <= 9999) {
    std::snprintf(buf, sizeof(buf), "%04lld-%02u-%02u", static_cast<long long>(y), m, d);
  } else {
    std::snprintf(buf, sizeof(buf), "%s%04lld-%02u-%02u", y < 0 ? "-" : "+",
                  static_cast<long long>(y < 0 ? -y : y), m, d);
  }
  return buf;
}

bool ParseTimestampParts(std::string_view text, int64_t* local_micros, bool* has_zone,
                         TimeZone* explicit_zone, int64_t* sub_micro_nanos) {
  std::string_view s = TrimSpace(text);
  size_t pos = 0;
  int32_t days;
  *has_zone = false;
  if (!ParseDatePart(s, &pos, &days)) return false;
  int64_t h = 0, mi = 0, sec = 0, frac = 0, nanos = 0;
  if (pos < s.size() && (s[pos] == ' ' || s[pos] == 'T')) {
    ++pos;
    if (!ReadDigits(s, &pos, 1, 2, &h)) return false;
    if (pos < s.size() && s[pos] == ':') {
      ++pos;
      if (!ReadDigits(s, &pos, 1, 2, &mi)) return false;
      if (pos < s.size() && s[pos] == ':') {
        ++pos;
        if (!ReadDigits(s, &pos, 1, 2, &sec)) return false;
        if (pos < s.size() && s[pos] == '.') {
          ++pos;
          size_t start = pos;
          int64_t digits = 0;
          if (!ReadDigits(s, &pos, 1, 9, &digits)) return false;
          int n = static_cast<int>(pos - start);
          while (n < 9) { digits *= 10; ++n; }
          frac = digits / 1000;
          nanos = digits % 1000;
        }
      }
    }
    if (h > 23 || mi > 59 || sec > 59) return false;
  }
  *local_micros = days * kMicrosPerDay + h * kMicrosPerHour + mi * kMicrosPerMinute +
                  sec * kMicrosPerSecond + frac;
  if (sub_micro_nanos != nullptr) *sub_micro_nanos = nanos;
  std::string_view rest = TrimSpace(s.substr(pos));
  if (rest.empty()) return true;
  std::string zone_name(rest);
  if (zone_name == "Z") zone_name = "UTC";
  if (!TimeZone::Load(zone_name, explicit_zone)) return false;
  *has_zone = true;
  return true;
}

bool ParseTimestamp(std::string_view text, const TimeZone& zone, int64_t* micros) {
  int64_t local;
  bool has_zone;
  TimeZone explicit_zone;
  if (!ParseTimestampParts(text, &local, &has_zone, &explicit_zone)) return false;
  *micros = has_zone ? explicit_zone.FromLocal(local) : zone.FromLocal(local);
  return true;
}

bool ParseTimestampNtz(std::string_view text, int64_t* micros) {
  bool has_zone;
  TimeZone explicit_zone;
  if (!ParseTimestampParts(text, micros, &has_zone, &explicit_zone)) return false;
  return true;  // Spark ignores a zone suffix for TIMESTAMP_NTZ
}

// Joins micros and the nanoseconds below them; false when out of the int64 range.
static bool JoinNanos(int64_t micros, int64_t sub_micro_nanos, int64_t* nanos) {
  __int128 joined = static_cast<__int128>(micros) * 1000 + sub_micro_nanos;
  if (joined < INT64_MIN || joined > INT64_MAX) return false;
  *nanos = static_cast<int64_t>(joined);
  return true;
}

bool ParseTimestampNanos(std::string_view text, const TimeZone& zone, int64_t* nanos) {
  int64_t local, sub;
  bool has_zone;
  TimeZone explicit_zone;
  if (!ParseTimestampParts(text, &local, &has_zone, &explicit_zone, &sub)) return false;
  return JoinNanos(has_zone ? explicit_zone.FromLocal(local) : zone.FromLocal(local), sub, nanos);
}

bool ParseTimestampNtzNanos(std::string_view text, int64_t* nanos) {
  int64_t local, sub;
  bool has_zone;
  TimeZone explicit_zone;
  if (!ParseTimestampParts(text, &local, &has_zone, &explicit_zone, &sub)) return false;
  return JoinNanos(local, sub, nanos);
}

// Formats wall-clock micros and the nanoseconds below them (0 to 999).
static std::string FormatWithSubMicros(int64_t local_micros, int64_t sub) {
  std::string out = FormatLocalTimestamp(local_micros);
  if (sub == 0) return out;
  // the micros part printed its fraction trimmed: pad it back to six digits, then add three
  size_t dot = out.find('.', out.find(' '));
  if (dot == std::string::npos) {
    out += ".000000";
  } else {
    out.append(6 - (out.size() - dot - 1), '0');
  }
  char buf[8];
  std::snprintf(buf, sizeof(buf), "%03lld", static_cast<long long>(sub));
  out += buf;
  while (out.back() == '0') out.pop_back();
  return out;
}

std::string FormatLocalTimestampNanos(int64_t local_nanos) {
  return FormatWithSubMicros(FloorDiv(local_nanos, 1000), FloorMod(local_nanos, 1000));
}

// (the local time of an instant near the range's ends may itself be outside it)
std::string FormatTimestampNanos(int64_t nanos, const TimeZone& zone) {
  return FormatWithSubMicros(zone.ToLocal(FloorDiv(nanos, 1000)), FloorMod(nanos, 1000));
}

std::string FormatLocalTimestamp(int64_t local_micros) {
  int64_t days = FloorDiv(local_micros, kMicrosPerDay);
  int64_t rem = FloorMod(local_micros, kMicrosPerDay);
  std::string out = FormatDate(static_cast<int32_t>(days));
  int64_t h = rem / kMicrosPerHour;
  int64_t mi = (rem / kMicrosPerMinute) % 60;
  int64_t s = (rem / kMicrosPerSecond) % 60;
  int64_t f = rem % kMicrosPerSecond;
  char buf[32];
  std::snprintf(buf, sizeof(buf), " %02lld:%02lld:%02lld", static_cast<long long>(h),
                static_cast<long long>(mi), static_cast<long long>(s));
  out += buf;
  if (f != 0) {
    std::snprintf(buf, sizeof(buf), ".%06lld", static_cast<long long>(f));
    std::string frac = buf;
    while (frac.back() == '0') frac.pop_back();
    out += frac;
  }
  return out;
}

std::string FormatTime(int64_t micros) {
  std::string out = FormatLocalTimestamp(micros);
  return out.substr(out.find(' ') + 1);
}

bool ParseTime(std::string_view text, int64_t* micros) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  size_t pos = 0;
  auto number = [&](size_t max_digits, int64_t* value) {
    size_t start = pos;
    *value = 0;
    while (pos < text.size() && pos - start < max_digits && text[pos] >= '0' && text[pos] <= '9') {
      *value = *value * 10 + (text[pos++] - '0');
    }
    return pos > start;
  };
  int64_t h = 0, m = 0, s = 0, f = 0;
  if (!number(2, &h) || pos >= text.size() || text[pos++] != ':' || !number(2, &m)) return false;
  if (pos < text.size() && text[pos] == ':') {
    ++pos;
    if (!number(2, &s)) return false;
    if (pos < text.size() && text[pos] == '.') {
      ++pos;
      size_t start = pos;
      if (!number(6, &f)) return false;
      for (size_t digits = pos - start; digits < 6; ++digits) f *= 10;
    }
  }
  if (pos != text.size() || h > 23 || m > 59 || s > 59) return false;
  *micros = ((h * 60 + m) * 60 + s) * kMicrosPerSecond + f;
  return true;
}

std::string FormatTimestamp(int64_t micros, const TimeZone& zone) {
  return FormatLocalTimestamp(zone.ToLocal(micros));
}

}  // namespace floe
