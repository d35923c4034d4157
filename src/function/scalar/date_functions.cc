#include <cmath>

#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/exception.h"
#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/scalar_executor.h"
#include "function/scalar/signature.h"
#include "function/scalar/string_kernels.h"
#include "function/scalar/temporal_arithmetic.h"

// Date arithmetic and truncation (Spark names and semantics). Timestamps are truncated on
// their wall clock in the session time zone, then read back as instants.

namespace floe {
namespace {

using Args = std::vector<const Vector*>;

enum class TruncUnit {
  kYear,
  kQuarter,
  kMonth,
  kWeek,
  kDay,
  kHour,
  kMinute,
  kSecond,
  kMillisecond,
  kMicrosecond,
  kInvalid
};

TruncUnit ParseUnit(std::string_view text) {
  std::string u = ToUpper(text);
  if (u == "YEAR" || u == "YYYY" || u == "YY") return TruncUnit::kYear;
  if (u == "QUARTER") return TruncUnit::kQuarter;
  if (u == "MONTH" || u == "MM" || u == "MON") return TruncUnit::kMonth;
  if (u == "WEEK") return TruncUnit::kWeek;
  if (u == "DAY" || u == "DD") return TruncUnit::kDay;
  if (u == "HOUR") return TruncUnit::kHour;
  if (u == "MINUTE") return TruncUnit::kMinute;
  if (u == "SECOND") return TruncUnit::kSecond;
  if (u == "MILLISECOND") return TruncUnit::kMillisecond;
  if (u == "MICROSECOND") return TruncUnit::kMicrosecond;
  return TruncUnit::kInvalid;
}

// Truncates days to a year, quarter, month or week (Monday) start.
int32_t TruncDays(int32_t days, TruncUnit unit) {
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  switch (unit) {
    case TruncUnit::kYear: return DaysFromCivil(y, 1, 1);
    case TruncUnit::kQuarter: return DaysFromCivil(y, (m - 1) / 3 * 3 + 1, 1);
    case TruncUnit::kMonth: return DaysFromCivil(y, m, 1);
    case TruncUnit::kWeek: return static_cast<int32_t>(days - FloorMod(days + 3, 7));
    default: return days;
  }
}

int64_t TruncLocalMicros(int64_t local, TruncUnit unit) {
  int64_t days = FloorDiv(local, kMicrosPerDay);
  switch (unit) {
    case TruncUnit::kYear:
    case TruncUnit::kQuarter:
    case TruncUnit::kMonth:
    case TruncUnit::kWeek: return TruncDays(static_cast<int32_t>(days), unit) * kMicrosPerDay;
    case TruncUnit::kDay: return days * kMicrosPerDay;
    case TruncUnit::kHour: return FloorDiv(local, kMicrosPerHour) * kMicrosPerHour;
    case TruncUnit::kMinute: return FloorDiv(local, kMicrosPerMinute) * kMicrosPerMinute;
    case TruncUnit::kSecond: return FloorDiv(local, kMicrosPerSecond) * kMicrosPerSecond;
    case TruncUnit::kMillisecond: return FloorDiv(local, 1000) * 1000;
    default: return local;
  }
}

// date_trunc(unit, ts): NULL for an unknown unit, as in Spark.
ScalarKernel DateTrunc(bool ntz) {
  return [ntz](const Args& args, size_t count, Vector& result, const FunctionContext& context) {
    const TimeZone& zone = ntz ? TimeZone::Utc() : *context.time_zone;
    int64_t* out = result.Data<int64_t>();
    ExecuteRows(args, count, result, [&](size_t i) {
      TruncUnit unit = ParseUnit(StringAt(*args[0], i));
      if (unit == TruncUnit::kInvalid) return false;
      int64_t ts = args[1]->Data<int64_t>()[i];
      int64_t local = TruncLocalMicros(zone.ToLocal(ts), unit);
      out[i] = zone.FromLocal(local);
      return true;
    });
  };
}

// trunc(date, unit): year, quarter, month or week; NULL for other units.
void TruncDate(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  int32_t* out = result.Data<int32_t>();
  ExecuteRows(args, count, result, [&](size_t i) {
    TruncUnit unit = ParseUnit(StringAt(*args[1], i));
    if (unit > TruncUnit::kWeek) return false;
    out[i] = TruncDays(args[0]->Data<int32_t>()[i], unit);
    return true;
  });
}

ScalarKernel DateAdd(int sign) {
  return [sign](const Args& args, size_t count, Vector& result, const FunctionContext& context) {
    ExecuteBinaryNullable<int32_t, int32_t, int32_t>(
        *args[0], *args[1], count, result, [&](int32_t d, int32_t n, int32_t* out) {
          int64_t v = static_cast<int64_t>(d) + sign * static_cast<int64_t>(n);
          if (v < INT32_MIN || v > INT32_MAX) {
            return FailOrNull<OutOfRangeError>(context, "[DATETIME_OVERFLOW] date_add overflow");
          }
          *out = static_cast<int32_t>(v);
          return true;
        });
  };
}

void DateDiff(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteBinary<int32_t, int32_t, int32_t>(*args[0], *args[1], count, result,
                                           [](int32_t a, int32_t b) { return a - b; });
}

void AddMonths(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteBinary<int32_t, int32_t, int32_t>(*args[0], *args[1], count, result, AddMonthsToDate);
}

void LastDay(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteUnary<int32_t, int32_t>(*args[0], count, result, [](int32_t d) {
    int64_t y;
    unsigned m, day;
    CivilFromDays(d, &y, &m, &day);
    return DaysFromCivil(y, m, DaysInMonth(y, m));
  });
}

// next_day(date, 'MO' / 'Mon' / 'Monday'): the first such day after date; NULL for a bad name.
void NextDay(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  static const char* const kNames[] = {"MO", "TU", "WE", "TH", "FR", "SA", "SU"};
  static const char* const kLong[] = {"MONDAY", "TUESDAY",  "WEDNESDAY", "THURSDAY",
                                      "FRIDAY", "SATURDAY", "SUNDAY"};
  int32_t* out = result.Data<int32_t>();
  ExecuteRows(args, count, result, [&](size_t i) {
    std::string name = ToUpper(StringAt(*args[1], i));
    int target = -1;
    for (int k = 0; k < 7; ++k) {
      std::string_view full = kLong[k];
      if (name == kNames[k] || name == full.substr(0, 3) || name == full) target = k;
    }
    if (target < 0) return false;
    int32_t d = args[0]->Data<int32_t>()[i];
    int64_t weekday = FloorMod(d + 3, 7);
    int64_t ahead = FloorMod(target - weekday, 7);
    out[i] = static_cast<int32_t>(d + (ahead == 0 ? 7 : ahead));
    return true;
  });
}

// make_date(year, month, day): an invalid date is an error (NULL in try mode).
void MakeDate(const Args& args, size_t count, Vector& result, const FunctionContext& context) {
  int32_t* out = result.Data<int32_t>();
  ExecuteRows(args, count, result, [&](size_t i) {
    int32_t y = args[0]->Data<int32_t>()[i], m = args[1]->Data<int32_t>()[i],
            d = args[2]->Data<int32_t>()[i];
    if (m < 1 || m > 12 || d < 1 ||
        !IsValidDate(y, static_cast<unsigned>(m), static_cast<unsigned>(d))) {
      return FailOrNull<InvalidInputError>(
          context, "[DATETIME_FIELD_OUT_OF_BOUNDS] make_date: invalid date " + std::to_string(y) +
                       "-" + std::to_string(m) + "-" + std::to_string(d));
    }
    out[i] = DaysFromCivil(y, static_cast<unsigned>(m), static_cast<unsigned>(d));
    return true;
  });
}

void CurrentDate(const Args&, size_t count, Vector& result, const FunctionContext& context) {
  int32_t today = static_cast<int32_t>(
      FloorDiv(context.time_zone->ToLocal(context.query_start_micros), kMicrosPerDay));
  result.validity().Reset();
  for (size_t i = 0; i < count; ++i) result.Data<int32_t>()[i] = today;
}

void CurrentTimestamp(const Args&, size_t count, Vector& result, const FunctionContext& context) {
  result.validity().Reset();
  for (size_t i = 0; i < count; ++i) result.Data<int64_t>()[i] = context.query_start_micros;
}

// months_between(t1, t2[, round_off]): whole months when both days of month are equal or
// both are month ends, else months plus the difference of day and time over 31 days,
// rounded to 8 digits unless round_off is false (Spark, after Hive).
ScalarKernel MonthsBetween(bool has_round_off) {
  return [has_round_off](const Args& args, size_t count, Vector& result,
                         const FunctionContext& context) {
    const TimeZone& zone = *context.time_zone;
    double* out = result.Data<double>();
    ExecuteRows(args, count, result, [&](size_t i) {
      int64_t local1 = zone.ToLocal(args[0]->Data<int64_t>()[i]);
      int64_t local2 = zone.ToLocal(args[1]->Data<int64_t>()[i]);
      bool round_off = !has_round_off || args[2]->Data<uint8_t>()[i];
      int64_t days1 = FloorDiv(local1, kMicrosPerDay), days2 = FloorDiv(local2, kMicrosPerDay);
      int64_t y1, y2;
      unsigned m1, m2, d1, d2;
      CivilFromDays(days1, &y1, &m1, &d1);
      CivilFromDays(days2, &y2, &m2, &d2);
      double month_diff = static_cast<double>((y1 * 12 + m1) - (y2 * 12 + m2));
      bool both_month_end = d1 == DaysInMonth(y1, m1) && d2 == DaysInMonth(y2, m2);
      if (d1 == d2 || both_month_end) {
        out[i] = month_diff;
        return true;
      }
      int64_t seconds1 = (local1 - days1 * kMicrosPerDay) / kMicrosPerSecond;
      int64_t seconds2 = (local2 - days2 * kMicrosPerDay) / kMicrosPerSecond;
      int64_t seconds_diff =
          (static_cast<int64_t>(d1) - static_cast<int64_t>(d2)) * 86400 + seconds1 - seconds2;
      double diff = month_diff + static_cast<double>(seconds_diff) / (31.0 * 86400);
      out[i] = round_off ? std::floor(diff * 1e8 + 0.5) / 1e8 : diff;
      return true;
    });
  };
}

// Epoch conversions: unix_seconds / unix_millis / unix_micros and their inverses.
ScalarKernel ToEpoch(int64_t unit) {
  return [unit](const Args& args, size_t count, Vector& result, const FunctionContext&) {
    ExecuteUnary<int64_t, int64_t>(*args[0], count, result,
                                   [unit](int64_t ts) { return FloorDiv(ts, unit); });
  };
}

ScalarKernel FromEpoch(int64_t unit) {
  return [unit](const Args& args, size_t count, Vector& result, const FunctionContext& context) {
    ExecuteUnaryNullable<int64_t, int64_t>(*args[0], count, result, [&](int64_t v, int64_t* out) {
      return !__builtin_mul_overflow(v, unit, out) ||
             FailOrNull<OutOfRangeError>(context, "[ARITHMETIC_OVERFLOW] timestamp overflow");
    });
  };
}

// dayname / monthname (Spark 4): the three-letter English name.
ScalarKernel ShortName(bool month) {
  static const char* const kDays[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
  static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  return [month](const Args& args, size_t count, Vector& result, const FunctionContext&) {
    ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
      int32_t d = args[0]->Data<int32_t>()[i];
      if (month) {
        int64_t y;
        unsigned m, day;
        CivilFromDays(d, &y, &m, &day);
        *out = kMonths[m - 1];
      } else {
        *out = kDays[FloorMod(d + 3, 7)];
      }
      return true;
    });
  };
}

void Add(FunctionRegistry& registry, std::initializer_list<const char*> names,
         std::vector<Signature> overloads) {
  for (const char* name : names) registry.AddScalar(name, SignatureBinder(name, overloads));
}

}  // namespace

void RegisterDateFunctions(FunctionRegistry& registry) {
  const LogicalType kDate = TypeId::kDate, kTs = TypeId::kTimestamp, kNtz = TypeId::kTimestampNtz;
  const LogicalType kInt = TypeId::kInt32, kLong = TypeId::kInt64, kStr = TypeId::kString;
  Add(registry, {"date_trunc"},
      {{{kStr, kTs}, kTs, DateTrunc(false)}, {{kStr, kNtz}, kNtz, DateTrunc(true)}});
  Add(registry, {"trunc"}, {{{kDate, kStr}, kDate, TruncDate}});
  Add(registry, {"date_add", "dateadd"}, {{{kDate, kInt}, kDate, DateAdd(1)}});
  Add(registry, {"date_sub"}, {{{kDate, kInt}, kDate, DateAdd(-1)}});
  Add(registry, {"datediff", "date_diff"}, {{{kDate, kDate}, kInt, DateDiff}});
  Add(registry, {"months_between"},
      {{{kTs, kTs}, TypeId::kDouble, MonthsBetween(false)},
       {{kTs, kTs, TypeId::kBoolean}, TypeId::kDouble, MonthsBetween(true)}});
  Add(registry, {"add_months"}, {{{kDate, kInt}, kDate, AddMonths}});
  Add(registry, {"last_day"}, {{{kDate}, kDate, LastDay}});
  Add(registry, {"next_day"}, {{{kDate, kStr}, kDate, NextDay}});
  Add(registry, {"make_date"}, {{{kInt, kInt, kInt}, kDate, MakeDate}});
  Add(registry, {"current_date", "curdate"}, {{{}, kDate, CurrentDate}});
  Add(registry, {"current_timestamp", "now"}, {{{}, kTs, CurrentTimestamp}});
  Add(registry, {"unix_seconds"}, {{{kTs}, kLong, ToEpoch(kMicrosPerSecond)}});
  Add(registry, {"unix_millis"}, {{{kTs}, kLong, ToEpoch(1000)}});
  Add(registry, {"unix_micros"}, {{{kTs}, kLong, ToEpoch(1)}});
  Add(registry, {"unix_date"},
      {{{kDate}, kInt, [](const Args& args, size_t count, Vector& result, const FunctionContext&) {
          result.CopyRange(*args[0], 0, 0, count);
        }}});
  Add(registry, {"date_from_unix_date"},
      {{{kInt}, kDate, [](const Args& args, size_t count, Vector& result, const FunctionContext&) {
          result.CopyRange(*args[0], 0, 0, count);
        }}});
  Add(registry, {"dayname"}, {{{kDate}, kStr, ShortName(false)}});
  Add(registry, {"monthname"}, {{{kDate}, kStr, ShortName(true)}});
  Add(registry, {"timestamp_seconds"}, {{{kLong}, kTs, FromEpoch(kMicrosPerSecond)}});
  Add(registry, {"timestamp_millis"}, {{{kLong}, kTs, FromEpoch(1000)}});
  Add(registry, {"timestamp_micros"}, {{{kLong}, kTs, FromEpoch(1)}});
}

}  // namespace floe
