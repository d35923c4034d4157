#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <cctz/time_zone.h>

namespace floe {

constexpr int64_t kMicrosPerSecond = 1000000;
constexpr int64_t kMicrosPerMinute = 60 * kMicrosPerSecond;
constexpr int64_t kMicrosPerHour = 60 * kMicrosPerMinute;
constexpr int64_t kMicrosPerDay = 24 * kMicrosPerHour;

/// Returns the wall clock as milliseconds since 1970-01-01 UTC (Iceberg's timestamp-ms).
int64_t NowMillis();

/// Returns days since 1970-01-01 of a proleptic Gregorian date.
int32_t DaysFromCivil(int64_t year, unsigned month, unsigned day);
/// Splits days since 1970-01-01 into year, month (1-12) and day (1-31).
void CivilFromDays(int64_t days, int64_t* year, unsigned* month, unsigned* day);
/// Returns true for a valid day of a month.
bool IsValidDate(int64_t year, unsigned month, unsigned day);
/// Returns the number of days in a month.
unsigned DaysInMonth(int64_t year, unsigned month);

/// Floors a division (for negative epoch values: -1 micros is 1969-12-31).
inline int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
/// The remainder of FloorDiv, of b's sign (computed without FloorDiv(a, b) * b, which
/// overflows near the int64 range).
inline int64_t FloorMod(int64_t a, int64_t b) {
  int64_t r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

/// An IANA time zone, loaded through cctz.
class TimeZone {
 public:
  TimeZone();  // UTC
  /// Loads a zone by IANA name or fixed offset ("+02:00", "UTC"); false when unknown.
  static bool Load(const std::string& name, TimeZone* out);
  static const TimeZone& Utc();

  const std::string& name() const { return name_; }
  const cctz::time_zone& zone() const { return zone_; }
  bool is_utc() const { return is_utc_; }

  /// Returns the wall-clock microseconds (since 1970-01-01 00:00 local) of an instant.
  int64_t ToLocal(int64_t utc_micros) const;
  /// Returns the instant of a wall-clock time (the earlier one in an overlap).
  int64_t FromLocal(int64_t local_micros) const;

 private:
  std::string name_;
  cctz::time_zone zone_;
  bool is_utc_ = true;
};

/// Parses "YYYY-MM-DD" (and Spark's shorter "YYYY" / "YYYY-MM"); false when invalid.
bool ParseDate(std::string_view text, int32_t* days);
/// Formats days since the epoch as "YYYY-MM-DD".
std::string FormatDate(int32_t days);

/// Parses "YYYY-MM-DD[ |T]HH:MM[:SS[.ffffff]][Z|+hh:mm| zone]" as a wall-clock time;
/// *has_zone tells whether an explicit zone or offset was given, and *offset_zone
/// receives it. False when invalid.
/// With sub_micro_nanos, the fraction's 7th to 9th digits go there (0 to 999) rather than
/// being dropped.
bool ParseTimestampParts(std::string_view text, int64_t* local_micros, bool* has_zone,
                         TimeZone* explicit_zone, int64_t* sub_micro_nanos = nullptr);
/// Parses a timestamp into an instant, reading zone-less text in `zone`.
bool ParseTimestamp(std::string_view text, const TimeZone& zone, int64_t* micros);
/// Parses a timestamp without time zone (an explicit zone is an error).
bool ParseTimestampNtz(std::string_view text, int64_t* micros);

/// ParseTimestamp / ParseTimestampNtz into nanoseconds (nine fractional digits kept); false
/// also when the value is outside the nanosecond range (1677-09-21 to 2262-04-11).
bool ParseTimestampNanos(std::string_view text, const TimeZone& zone, int64_t* nanos);
bool ParseTimestampNtzNanos(std::string_view text, int64_t* nanos);
/// FormatLocalTimestamp / FormatTimestamp of nanoseconds: up to nine fractional digits.
std::string FormatLocalTimestampNanos(int64_t local_nanos);
std::string FormatTimestampNanos(int64_t nanos, const TimeZone& zone);

/// Formats wall-clock micros as Spark does: "YYYY-MM-DD HH:MM:SS[.f...]", zeros trimmed.
std::string FormatLocalTimestamp(int64_t local_micros);
/// Formats microseconds since midnight as HH:MM:SS, with the fraction's significant digits
/// (.ffffff at most) when it has any, as timestamps are shown.
std::string FormatTime(int64_t micros);
/// Parses HH:MM[:SS[.f...]] (up to 6 fractional digits, surrounding spaces allowed) into
/// microseconds since midnight; returns false for anything else or a time out of range.
bool ParseTime(std::string_view text, int64_t* micros);
/// Formats an instant in a zone.
std::string FormatTimestamp(int64_t micros, const TimeZone& zone);

}  // namespace floe
