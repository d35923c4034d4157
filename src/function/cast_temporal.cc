#include <cmath>
#include <limits>

#include "common/date_time.h"
#include "common/decimal.h"
#include "function/cast_kernels.h"

// Casts among date, timestamp and timestamp_ntz (a timestamp is an instant read in the
// session time zone; the others are wall-clock values), and between timestamps and
// numbers of seconds since the epoch.

namespace floe {
namespace {

// Seconds since the epoch as an integer type, floored; outside its range is an overflow.
template <typename D>
void TimestampToSeconds(const Vector& source, size_t count, Vector& result,
                        const FunctionContext& context) {
  CastRows<int64_t, D>(source, count, result, context, [](int64_t v, D* out) {
    int64_t seconds = FloorDiv(v, kMicrosPerSecond);
    if (seconds < std::numeric_limits<D>::min() || seconds > std::numeric_limits<D>::max()) {
      return CastStatus::kOverflow;
    }
    *out = static_cast<D>(seconds);
    return CastStatus::kOk;
  });
}

void CastFromTimestampToNumber(const Vector& source, size_t count, Vector& result,
                               const FunctionContext& context) {
  const LogicalType& to = result.type();
  switch (to.id()) {
    case TypeId::kInt8: return TimestampToSeconds<int8_t>(source, count, result, context);
    case TypeId::kInt16: return TimestampToSeconds<int16_t>(source, count, result, context);
    case TypeId::kInt32: return TimestampToSeconds<int32_t>(source, count, result, context);
    case TypeId::kInt64:
      return CastRows<int64_t, int64_t>(source, count, result, context,
                                        [](int64_t v, int64_t* out) {
                                          *out = FloorDiv(v, kMicrosPerSecond);
                                          return CastStatus::kOk;
                                        });
    case TypeId::kFloat:
      return CastRows<int64_t, float>(source, count, result, context, [](int64_t v, float* out) {
        *out = static_cast<float>(static_cast<double>(v) / kMicrosPerSecond);
        return CastStatus::kOk;
      });
    case TypeId::kDouble:
      return CastRows<int64_t, double>(source, count, result, context, [](int64_t v, double* out) {
        *out = static_cast<double>(v) / kMicrosPerSecond;
        return CastStatus::kOk;
      });
    case TypeId::kDecimal:
      return CastRows<int64_t, int128_t>(
          source, count, result, context, [&to](int64_t v, int128_t* out) {
            return RescaleDecimal(v, 6, to.scale(), to.precision(), out) ? CastStatus::kOk
                                                                         : CastStatus::kOverflow;
          });
    default: throw ConversionError("cannot cast \"TIMESTAMP\" to \"" + CastTypeName(to) + "\"");
  }
}

CastStatus SecondsToMicros(int64_t seconds, int64_t* out) {
  return __builtin_mul_overflow(seconds, kMicrosPerSecond, out) ? CastStatus::kOverflow
                                                                : CastStatus::kOk;
}

CastStatus DoubleSecondsToMicros(double seconds, int64_t* out) {
  double micros = std::trunc(seconds * kMicrosPerSecond);
  if (!std::isfinite(micros) || micros >= 9.223372036854775807e18 ||
      micros < -9.223372036854775807e18) {
    return CastStatus::kOverflow;
  }
  *out = static_cast<int64_t>(micros);
  return CastStatus::kOk;
}

void CastFromNumberToTimestamp(const Vector& source, size_t count, Vector& result,
                               const FunctionContext& context) {
  switch (source.type().id()) {
    case TypeId::kInt8:
      return CastRows<int8_t, int64_t>(
          source, count, result, context,
          [](int8_t v, int64_t* out) { return SecondsToMicros(v, out); });
    case TypeId::kInt16:
      return CastRows<int16_t, int64_t>(
          source, count, result, context,
          [](int16_t v, int64_t* out) { return SecondsToMicros(v, out); });
    case TypeId::kInt32:
      return CastRows<int32_t, int64_t>(
          source, count, result, context,
          [](int32_t v, int64_t* out) { return SecondsToMicros(v, out); });
    case TypeId::kInt64:
      return CastRows<int64_t, int64_t>(
          source, count, result, context,
          [](int64_t v, int64_t* out) { return SecondsToMicros(v, out); });
    case TypeId::kFloat:
      return CastRows<float, int64_t>(source, count, result, context, [](float v, int64_t* out) {
        return DoubleSecondsToMicros(v, out);
      });
    case TypeId::kDouble:
      return CastRows<double, int64_t>(source, count, result, context, [](double v, int64_t* out) {
        return DoubleSecondsToMicros(v, out);
      });
    case TypeId::kDecimal: {
      int scale = source.type().scale();
      return CastRows<int128_t, int64_t>(
          source, count, result, context, [scale](int128_t v, int64_t* out) {
            // Truncates sub-microsecond digits (Spark: toLong). Scaling up is checked
            // first: 10^38 * 10^6 would wrap around 128 bits.
            int128_t micros;
            if (scale > 6) {
              micros = v / Pow10(scale - 6);
            } else if (__builtin_mul_overflow(v, Pow10(6 - scale), &micros)) {
              return CastStatus::kOverflow;
            }
            if (micros > INT64_MAX || micros < INT64_MIN) {
              return CastStatus::kOverflow;
            }
            *out = static_cast<int64_t>(micros);
            return CastStatus::kOk;
          });
    }
    default:
      throw ConversionError("cannot cast \"" + CastTypeName(source.type()) + "\" to \"TIMESTAMP\"");
  }
}

template <typename S, typename D, typename Op>
void Convert(const Vector& source, size_t count, Vector& result, const FunctionContext& context,
             Op&& op) {
  CastRows<S, D>(source, count, result, context, [&op](S v, D* out) {
    *out = op(v);
    return CastStatus::kOk;
  });
}

// The microsecond timestamp of the same kind (instant or wall clock) as a nanosecond one.
TypeId MicrosKind(TypeId nanos) {
  return nanos == TypeId::kTimestampNs ? TypeId::kTimestamp : TypeId::kTimestampNtz;
}

// Casts to or from a nanosecond timestamp (Iceberg's DateTimeUtil: nanosToMicros floors,
// microsToNanos is multiplyExact, so out of 1677-09-21..2262-04-11 is an overflow). Other
// types go through the microsecond timestamp of the same kind.
void CastNanos(const Vector& source, size_t count, Vector& result, const FunctionContext& context) {
  const LogicalType& from = source.type();
  const LogicalType& to = result.type();
  const TimeZone& zone = *context.time_zone;
  if (from.IsNanosTimestamp() && to.IsNanosTimestamp()) {  // instant <-> wall clock
    bool to_local = from.id() == TypeId::kTimestampNs;
    return CastRows<int64_t, int64_t>(source, count, result, context,
                                      [&zone, to_local](int64_t v, int64_t* out) {
      int64_t micros = FloorDiv(v, 1000);
      micros = to_local ? zone.ToLocal(micros) : zone.FromLocal(micros);
      __int128 nanos = static_cast<__int128>(micros) * 1000 + FloorMod(v, 1000);
      if (nanos < INT64_MIN || nanos > INT64_MAX) return CastStatus::kOverflow;
      *out = static_cast<int64_t>(nanos);
      return CastStatus::kOk;
    });
  }
  if (from.IsNanosTimestamp()) {
    TypeId micros_type = MicrosKind(from.id());
    Vector micros(micros_type, count);
    Convert<int64_t, int64_t>(source, count, micros, context,
                              [](int64_t v) { return FloorDiv(v, 1000); });
    if (to.id() == micros_type) {
      result.CopyRange(micros, 0, 0, count);
      return;
    }
    return CastTemporal(micros, count, result, context);
  }
  TypeId micros_type = MicrosKind(to.id());
  Vector micros(micros_type, count);
  if (from.id() == micros_type) {
    micros.CopyRange(source, 0, 0, count);
  } else {
    CastTemporal(source, count, micros, context);
  }
  CastRows<int64_t, int64_t>(micros, count, result, context, [](int64_t v, int64_t* out) {
    return __builtin_mul_overflow(v, int64_t{1000}, out) ? CastStatus::kOverflow
                                                         : CastStatus::kOk;
  });
}

}  // namespace

void CastTemporal(const Vector& source, size_t count, Vector& result,
                  const FunctionContext& context) {
  TypeId from = source.type().id(), to = result.type().id();
  const TimeZone& zone = *context.time_zone;
  if (source.type().IsNanosTimestamp() || result.type().IsNanosTimestamp()) {
    return CastNanos(source, count, result, context);
  }
  if (from == TypeId::kTimestamp && result.type().IsNumeric()) {
    return CastFromTimestampToNumber(source, count, result, context);
  }
  if (source.type().IsNumeric() && to == TypeId::kTimestamp) {
    return CastFromNumberToTimestamp(source, count, result, context);
  }
  if (from == TypeId::kDate && to == TypeId::kTimestamp) {
    return Convert<int32_t, int64_t>(source, count, result, context, [&zone](int32_t d) {
      return zone.FromLocal(d * kMicrosPerDay);
    });
  }
  if (from == TypeId::kDate && to == TypeId::kTimestampNtz) {
    return Convert<int32_t, int64_t>(source, count, result, context,
                                     [](int32_t d) { return d * kMicrosPerDay; });
  }
  if (from == TypeId::kTimestamp && to == TypeId::kDate) {
    return Convert<int64_t, int32_t>(source, count, result, context, [&zone](int64_t ts) {
      return static_cast<int32_t>(FloorDiv(zone.ToLocal(ts), kMicrosPerDay));
    });
  }
  if (from == TypeId::kTimestampNtz && to == TypeId::kDate) {
    return Convert<int64_t, int32_t>(source, count, result, context, [](int64_t ts) {
      return static_cast<int32_t>(FloorDiv(ts, kMicrosPerDay));
    });
  }
  if (from == TypeId::kTimestamp && to == TypeId::kTimestampNtz) {
    return Convert<int64_t, int64_t>(source, count, result, context,
                                     [&zone](int64_t ts) { return zone.ToLocal(ts); });
  }
  if (from == TypeId::kTimestampNtz && to == TypeId::kTimestamp) {
    return Convert<int64_t, int64_t>(source, count, result, context,
                                     [&zone](int64_t ts) { return zone.FromLocal(ts); });
  }
  throw ConversionError("cannot cast \"" + CastTypeName(source.type()) + "\" to \"" +
                        CastTypeName(result.type()) + "\"");
}

}  // namespace floe
