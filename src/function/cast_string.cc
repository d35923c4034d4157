#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/decimal.h"
#include "common/double_format.h"
#include "function/cast_kernels.h"

// Casts from and to strings: text parsing is trimmed and strict (ANSI), printing follows
// Spark (doubles as Java prints them, decimals with their scale, timestamps in the
// session time zone).

namespace floe {
namespace {

std::string_view TrimAll(std::string_view s) {
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  return s;
}

template <typename T>
CastStatus ParseInteger(std::string_view s, T* out) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty() || s.front() == '+') return CastStatus::kInvalid;
  auto res = std::from_chars(s.data(), s.data() + s.size(), *out);
  if (res.ec != std::errc() || res.ptr != s.data() + s.size()) return CastStatus::kInvalid;
  return CastStatus::kOk;
}

template <typename T>
CastStatus ParseFloating(std::string_view s, T* out) {
  // Spark's special literals, case-insensitive, and Java's optional d/f suffix.
  std::string_view body = s;
  bool negative = false;
  if (!body.empty() && (body.front() == '+' || body.front() == '-')) {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  if (EqualsIgnoreCase(body, "inf") || EqualsIgnoreCase(body, "infinity")) {
    *out = negative ? -INFINITY : INFINITY;
    return CastStatus::kOk;
  }
  if (EqualsIgnoreCase(body, "nan") && s.size() == 3) {
    *out = NAN;
    return CastStatus::kOk;
  }
  if (!body.empty() && std::strchr("dDfF", body.back()) != nullptr) body.remove_suffix(1);
  bool starts_well = !body.empty() && (std::isdigit(static_cast<unsigned char>(body.front())) ||
                                       body.front() == '.');
  if (!starts_well) return CastStatus::kInvalid;
  T v;
  auto res = std::from_chars(body.data(), body.data() + body.size(), v);
  if (res.ptr != body.data() + body.size()) return CastStatus::kInvalid;
  if (res.ec == std::errc::result_out_of_range) {
    // Java rounds to infinity or zero rather than failing; strtod does the same.
    v = static_cast<T>(std::strtod(std::string(body).c_str(), nullptr));
  } else if (res.ec != std::errc()) {
    return CastStatus::kInvalid;
  }
  *out = negative ? -v : v;
  return CastStatus::kOk;
}

CastStatus ParseBoolean(std::string_view s, uint8_t* out) {
  static const char* kTrue[] = {"t", "true", "y", "yes", "1"};
  static const char* kFalse[] = {"f", "false", "n", "no", "0"};
  for (const char* t : kTrue) {
    if (EqualsIgnoreCase(s, t)) return *out = 1, CastStatus::kOk;
  }
  for (const char* f : kFalse) {
    if (EqualsIgnoreCase(s, f)) return *out = 0, CastStatus::kOk;
  }
  return CastStatus::kInvalid;
}

}  // namespace

CastStatus ParseValueAs(std::string_view text, const LogicalType& type,
                        const FunctionContext& context, void* out) {
  std::string_view s = TrimAll(text);
  switch (type.id()) {
    case TypeId::kBoolean: return ParseBoolean(s, static_cast<uint8_t*>(out));
    case TypeId::kInt8: return ParseInteger(s, static_cast<int8_t*>(out));
    case TypeId::kInt16: return ParseInteger(s, static_cast<int16_t*>(out));
    case TypeId::kInt32: return ParseInteger(s, static_cast<int32_t*>(out));
    case TypeId::kInt64: return ParseInteger(s, static_cast<int64_t*>(out));
    case TypeId::kFloat: return ParseFloating(s, static_cast<float*>(out));
    case TypeId::kDouble: return ParseFloating(s, static_cast<double*>(out));
    case TypeId::kDecimal: {
      auto* d = static_cast<int128_t*>(out);
      if (ParseDecimal(s, type.precision(), type.scale(), d)) return CastStatus::kOk;
      // Tell a malformed number from one too large for the precision.
      int128_t probe;
      return ParseDecimal(s, LogicalType::kMaxDecimalPrecision, 0, &probe) ||
                     ParseDecimal(s, LogicalType::kMaxDecimalPrecision, type.scale(), &probe)
                 ? CastStatus::kOverflow
                 : CastStatus::kInvalid;
    }
    case TypeId::kDate:
      return ParseDate(s, static_cast<int32_t*>(out)) ? CastStatus::kOk : CastStatus::kInvalid;
    case TypeId::kTimestamp:
      return ParseTimestamp(s, *context.time_zone, static_cast<int64_t*>(out))
                 ? CastStatus::kOk
                 : CastStatus::kInvalid;
    case TypeId::kTimestampNtz:
      return ParseTimestampNtz(s, static_cast<int64_t*>(out)) ? CastStatus::kOk
                                                              : CastStatus::kInvalid;
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs: {
      // a valid timestamp outside 1677-09-21..2262-04-11 is an overflow, not malformed
      int64_t micros;
      bool ok = type.id() == TypeId::kTimestampNs
                    ? ParseTimestampNanos(s, *context.time_zone, static_cast<int64_t*>(out))
                    : ParseTimestampNtzNanos(s, static_cast<int64_t*>(out));
      if (ok) return CastStatus::kOk;
      return ParseTimestampNtz(s, &micros) ? CastStatus::kOverflow : CastStatus::kInvalid;
    }
    case TypeId::kTime:
      return ParseTime(s, static_cast<int64_t*>(out)) ? CastStatus::kOk : CastStatus::kInvalid;
    default: return CastStatus::kInvalid;
  }
}

void CastFromString(const Vector& source, size_t count, Vector& result,
                    const FunctionContext& context) {
  const LogicalType& to = result.type();
  if (to.IsStringLike()) {  // string <-> binary: the same bytes
    result.CopyRange(source, 0, 0, count);
    return;
  }
  auto parse = [&](auto tag) {
    using D = decltype(tag);
    CastRows<StringRef, D>(source, count, result, context, [&](StringRef s, D* out) {
      return ParseValueAs(s.view(), to, context, out);
    });
  };
  switch (to.id()) {
    case TypeId::kBoolean: return parse(uint8_t{});
    case TypeId::kInt8: return parse(int8_t{});
    case TypeId::kInt16: return parse(int16_t{});
    case TypeId::kInt32:
    case TypeId::kDate: return parse(int32_t{});
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs: return parse(int64_t{});
    case TypeId::kFloat: return parse(float{});
    case TypeId::kDouble: return parse(double{});
    case TypeId::kDecimal: return parse(int128_t{});
    default: throw ConversionError("cannot cast \"STRING\" to \"" + CastTypeName(to) + "\"");
  }
}

namespace {

template <typename S, typename Format>
void FormatRows(const Vector& source, size_t count, Vector& result, Format&& format) {
  const S* in = source.Data<S>();
  result.validity() = source.validity();
  for (size_t i = 0; i < count; ++i) {
    if (!source.IsNull(i)) result.SetString(i, format(in[i]));
  }
}

}  // namespace

void CastToString(const Vector& source, size_t count, Vector& result,
                  const FunctionContext& context) {
  const LogicalType& from = source.type();
  switch (from.id()) {
    case TypeId::kString:
    case TypeId::kBinary: result.CopyRange(source, 0, 0, count); return;
    case TypeId::kBoolean:
      return FormatRows<uint8_t>(source, count, result,
                                 [](uint8_t v) { return std::string(v ? "true" : "false"); });
    case TypeId::kInt8:
      return FormatRows<int8_t>(source, count, result, [](int8_t v) { return std::to_string(v); });
    case TypeId::kInt16:
      return FormatRows<int16_t>(source, count, result,
                                 [](int16_t v) { return std::to_string(v); });
    case TypeId::kInt32:
      return FormatRows<int32_t>(source, count, result,
                                 [](int32_t v) { return std::to_string(v); });
    case TypeId::kInt64:
      return FormatRows<int64_t>(source, count, result,
                                 [](int64_t v) { return std::to_string(v); });
    case TypeId::kFloat: return FormatRows<float>(source, count, result, FormatFloat);
    case TypeId::kDouble: return FormatRows<double>(source, count, result, FormatDouble);
    case TypeId::kDecimal: {
      int scale = from.scale();
      return FormatRows<int128_t>(source, count, result,
                                  [scale](int128_t v) { return DecimalToString(v, scale); });
    }
    case TypeId::kDate: return FormatRows<int32_t>(source, count, result, FormatDate);
    case TypeId::kTimestamp: {
      const TimeZone& zone = *context.time_zone;
      return FormatRows<int64_t>(source, count, result,
                                 [&zone](int64_t v) { return FormatTimestamp(v, zone); });
    }
    case TypeId::kTimestampNtz:
      return FormatRows<int64_t>(source, count, result, FormatLocalTimestamp);
    case TypeId::kTimestampNs: {
      const TimeZone& zone = *context.time_zone;
      return FormatRows<int64_t>(source, count, result,
                                 [&zone](int64_t v) { return FormatTimestampNanos(v, zone); });
    }
    case TypeId::kTimestampNtzNs:
      return FormatRows<int64_t>(source, count, result, FormatLocalTimestampNanos);
    case TypeId::kTime: return FormatRows<int64_t>(source, count, result, FormatTime);
    case TypeId::kInterval:
      return FormatRows<Interval>(source, count, result,
                                  [](Interval v) { return Value::IntervalValue(v).ToString(); });
    default: throw ConversionError("cannot cast \"" + CastTypeName(from) + "\" to \"STRING\"");
  }
}

}  // namespace floe
