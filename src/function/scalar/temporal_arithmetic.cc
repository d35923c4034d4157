#include "function/scalar/temporal_arithmetic.h"

#include "common/exception.h"
#include "function/scalar/scalar_executor.h"
#include "function/scalar/signature.h"

namespace floe {

int32_t AddMonthsToDate(int32_t days, int32_t months) {
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  int64_t total = y * 12 + (m - 1) + months;
  int64_t ny = FloorDiv(total, 12);
  unsigned nm = static_cast<unsigned>(total - ny * 12 + 1);
  unsigned nd = std::min(d, DaysInMonth(ny, nm));
  return DaysFromCivil(ny, nm, nd);
}

int64_t AddIntervalToTimestamp(int64_t micros, const Interval& interval, const TimeZone& zone) {
  if (interval.months != 0 || interval.days != 0) {
    int64_t local = zone.ToLocal(micros);
    int64_t days = FloorDiv(local, kMicrosPerDay);
    int64_t time_of_day = local - days * kMicrosPerDay;
    int64_t new_days = AddMonthsToDate(static_cast<int32_t>(days), interval.months) + interval.days;
    micros = zone.FromLocal(new_days * kMicrosPerDay + time_of_day);
  }
  int64_t out;
  if (__builtin_add_overflow(micros, interval.micros, &out)) {
    throw OutOfRangeError("[ARITHMETIC_OVERFLOW] timestamp overflow when adding an interval");
  }
  return out;
}

namespace {

Interval Negate(const Interval& iv) { return Interval{-iv.months, -iv.days, -iv.micros}; }

bool IsTimestamp(TypeId id) { return id == TypeId::kTimestamp || id == TypeId::kTimestampNtz; }

}  // namespace

std::optional<BoundScalarFunction> BindTemporalArithmetic(ArithmeticOp op,
                                                          const ScalarBindInput& input) {
  if (op != ArithmeticOp::kAdd && op != ArithmeticOp::kSubtract) return std::nullopt;
  LogicalType a = input.arg_types[0], b = input.arg_types[1];
  bool subtract = op == ArithmeticOp::kSubtract;
  const char* name = ArithmeticOpName(op);
  // interval + date/timestamp: swap to date/timestamp + interval.
  bool swapped = false;
  if (!subtract && (a.id() == TypeId::kInterval || a.IsInteger()) && (b.IsTemporal())) {
    std::swap(a, b);
    swapped = true;
  }
  auto args_in_order = [&](std::vector<LogicalType> v) {
    if (swapped) std::swap(v[0], v[1]);
    return v;
  };
  int l = swapped ? 1 : 0, r = swapped ? 0 : 1;
  TypeId ai = a.id(), bi = b.id();
  if (ai == TypeId::kDate && (b.IsInteger() || bi == TypeId::kNull)) {
    int sign = subtract ? -1 : 1;
    return Bound(name, args_in_order({TypeId::kDate, TypeId::kInt32}), TypeId::kDate,
                 [sign, l, r](const std::vector<const Vector*>& args, size_t count, Vector& result,
                              const FunctionContext&) {
                   ExecuteBinary<int32_t, int32_t, int32_t>(
                       *args[l], *args[r], count, result,
                       [sign](int32_t d, int32_t n) { return d + sign * n; });
                 });
  }
  if (ai == TypeId::kDate && bi == TypeId::kDate && subtract) {
    return Bound(name, {TypeId::kDate, TypeId::kDate}, TypeId::kInt32,
                 [](const std::vector<const Vector*>& args, size_t count, Vector& result,
                    const FunctionContext&) {
                   ExecuteBinary<int32_t, int32_t, int32_t>(
                       *args[0], *args[1], count, result,
                       [](int32_t x, int32_t y) { return x - y; });
                 });
  }
  if (ai == TypeId::kDate && bi == TypeId::kInterval) {
    return Bound(name, args_in_order({TypeId::kDate, TypeId::kInterval}), TypeId::kDate,
                 [subtract, l, r](const std::vector<const Vector*>& args, size_t count,
                                  Vector& result, const FunctionContext&) {
                   ExecuteBinary<int32_t, Interval, int32_t>(
                       *args[l], *args[r], count, result, [subtract](int32_t d, Interval iv) {
                         if (subtract) iv = Negate(iv);
                         if (iv.micros != 0) {
                           throw InvalidInputError(
                               "[INVALID_INTERVAL] cannot add an interval with hours, minutes or "
                               "seconds to a date; cast the date to timestamp first");
                         }
                         return AddMonthsToDate(d, iv.months) + iv.days;
                       });
                 });
  }
  if (IsTimestamp(ai) && bi == TypeId::kInterval) {
    bool ntz = ai == TypeId::kTimestampNtz;
    return Bound(name, args_in_order({a, TypeId::kInterval}), a,
                 [subtract, ntz, l, r](const std::vector<const Vector*>& args, size_t count,
                                       Vector& result, const FunctionContext& context) {
                   const TimeZone& zone = ntz ? TimeZone::Utc() : *context.time_zone;
                   ExecuteBinary<int64_t, Interval, int64_t>(
                       *args[l], *args[r], count, result, [&](int64_t ts, Interval iv) {
                         return AddIntervalToTimestamp(ts, subtract ? Negate(iv) : iv, zone);
                       });
                 });
  }
  if (a.IsNanosTimestamp() && bi == TypeId::kInterval) {
    // the interval moves the microseconds (as for a timestamp); the nanoseconds below stay
    bool ntz = ai == TypeId::kTimestampNtzNs;
    std::string type_name = a.ToString();
    return Bound(name, args_in_order({a, TypeId::kInterval}), a,
                 [subtract, ntz, l, r, type_name](const std::vector<const Vector*>& args, size_t count,
                                       Vector& result, const FunctionContext& context) {
                   const TimeZone& zone = ntz ? TimeZone::Utc() : *context.time_zone;
                   ExecuteBinary<int64_t, Interval, int64_t>(
                       *args[l], *args[r], count, result, [&](int64_t ts, Interval iv) {
                         int64_t micros = AddIntervalToTimestamp(FloorDiv(ts, 1000), subtract ? Negate(iv) : iv, zone);
                         __int128 nanos = static_cast<__int128>(micros) * 1000 + FloorMod(ts, 1000);
                         if (nanos < INT64_MIN || nanos > INT64_MAX) {
                           throw OutOfRangeError("[DATETIME_OVERFLOW] " + type_name +
                                                 " overflow when adding an interval: outside 1677-09-21..2262-04-11");
                         }
                         return static_cast<int64_t>(nanos);
                       });
                 });
  }
  if (subtract && a.IsTemporal() && b.IsTemporal() && (IsTimestamp(ai) || IsTimestamp(bi))) {
    LogicalType common = (ai == TypeId::kTimestampNtz && bi != TypeId::kTimestamp) ||
                                 (bi == TypeId::kTimestampNtz && ai != TypeId::kTimestamp)
                             ? TypeId::kTimestampNtz
                             : TypeId::kTimestamp;
    return Bound(name, {common, common}, TypeId::kInterval,
                 [](const std::vector<const Vector*>& args, size_t count, Vector& result,
                    const FunctionContext&) {
                   ExecuteBinary<int64_t, int64_t, Interval>(*args[0], *args[1], count, result,
                                                             [](int64_t x, int64_t y) {
                                                               return Interval{0, 0, x - y};
                                                             });
                 });
  }
  if (ai == TypeId::kInterval && bi == TypeId::kInterval) {
    return Bound(name, {TypeId::kInterval, TypeId::kInterval}, TypeId::kInterval,
                 [subtract](const std::vector<const Vector*>& args, size_t count, Vector& result,
                            const FunctionContext&) {
                   ExecuteBinary<Interval, Interval, Interval>(
                       *args[0], *args[1], count, result, [subtract](Interval x, Interval y) {
                         if (subtract) y = Negate(y);
                         return Interval{x.months + y.months, x.days + y.days, x.micros + y.micros};
                       });
                 });
  }
  if (a.IsTemporal() || b.IsTemporal() || ai == TypeId::kInterval || bi == TypeId::kInterval) {
    ThrowArgumentTypes(name, input,
                       "numbers, date +/- int, date - date, or date/timestamp +/- interval");
  }
  return std::nullopt;
}

}  // namespace floe
