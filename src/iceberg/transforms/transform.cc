#include "iceberg/transforms/transform.h"

#include <cctype>
#include <cstdint>
#include <cstdio>

#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/decimal.h"
#include "common/double_format.h"
#include "common/exception.h"

namespace floe::iceberg {

Transform Transform::Bucket(int num_buckets) {
  if (num_buckets <= 0) {
    throw InvalidInputError("invalid bucket[" + std::to_string(num_buckets) +
                            "]: the number of buckets must be positive");
  }
  return Transform(TransformKind::kBucket, num_buckets);
}

Transform Transform::Truncate(int width) {
  if (width <= 0) {
    throw InvalidInputError("invalid truncate[" + std::to_string(width) +
                            "]: the width must be positive");
  }
  return Transform(TransformKind::kTruncate, width);
}

// Returns the decimal digits of `s` as a number, or nothing when they are not one or
// pass int64 (the caller checks the transform's own range).
static std::optional<int64_t> ParseNumber(std::string_view s) {
  std::string t(TrimSpace(s));
  if (t.empty() || t.size() > 18) return std::nullopt;
  for (char c : t) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  }
  return std::stoll(t);
}

// Returns the argument of bucket[N] / truncate[W] as an int: the spec's transforms take
// a positive 32-bit integer.
static int TransformArgument(std::string_view transform, int64_t value) {
  if (value <= 0 || value > INT32_MAX) {
    throw InvalidInputError("invalid " + std::string(transform) + "[" + std::to_string(value) + "]: " +
                            (transform == "bucket" ? "the number of buckets" : "the width") +
                            " must be between 1 and 2147483647");
  }
  return static_cast<int>(value);
}

Transform Transform::FromString(std::string_view text) {
  std::string t = ToLower(TrimSpace(text));
  if (t == "identity") return Identity();
  if (t == "year") return Year();
  if (t == "month") return Month();
  if (t == "day") return Day();
  if (t == "hour") return Hour();
  if (t == "void") return Void();
  for (const char* prefix : {"bucket[", "truncate["}) {
    size_t n = std::string_view(prefix).size();
    if (t.rfind(prefix, 0) == 0 && t.size() > n && t.back() == ']') {
      auto param = ParseNumber(std::string_view(t).substr(n, t.size() - n - 1));
      if (!param) break;
      return prefix[0] == 'b' ? Bucket(TransformArgument("bucket", *param))
                              : Truncate(TransformArgument("truncate", *param));
    }
  }
  throw InvalidInputError("unknown partition transform \"" + std::string(text) + "\"");
}

Transform Transform::FromSparkFunction(std::string_view name, std::optional<int64_t> argument) {
  std::string n = ToLower(TrimSpace(name));
  auto no_argument = [&](Transform t) {
    if (argument) throw InvalidInputError("partition transform " + n + " takes no number argument");
    return t;
  };
  if (n == "identity") return no_argument(Identity());
  if (n == "years" || n == "year") return no_argument(Year());
  if (n == "months" || n == "month") return no_argument(Month());
  if (n == "days" || n == "day" || n == "date") return no_argument(Day());
  if (n == "hours" || n == "hour" || n == "date_hour") return no_argument(Hour());
  if (n == "void") return no_argument(Void());
  if (n == "bucket" || n == "truncate") {
    if (!argument) throw InvalidInputError("partition transform " + n + " needs a number argument");
    return n == "bucket" ? Bucket(TransformArgument(n, *argument)) : Truncate(TransformArgument(n, *argument));
  }
  throw InvalidInputError("unknown partition transform \"" + std::string(name) + "\"");
}

static std::string Unquote(std::string s) {
  if (s.size() >= 2 && ((s.front() == '`' && s.back() == '`') || (s.front() == '"' && s.back() == '"'))) {
    return s.substr(1, s.size() - 2);
  }
  return s;
}

Transform Transform::ParseSparkExpression(std::string_view text, std::string* column) {
  std::string t(TrimSpace(text));
  size_t open = t.find('(');
  if (open == std::string::npos) {
    if (t.empty()) throw InvalidInputError("empty partition expression");
    *column = Unquote(t);
    return Identity();
  }
  if (t.back() != ')') throw InvalidInputError("malformed partition expression \"" + t + "\"");
  std::string name(TrimSpace(std::string_view(t).substr(0, open)));
  std::string inner = t.substr(open + 1, t.size() - open - 2);
  std::vector<std::string> args;
  size_t pos = 0;
  while (true) {
    size_t comma = inner.find(',', pos);
    args.emplace_back(TrimSpace(std::string_view(inner).substr(pos, comma == std::string::npos ? std::string::npos : comma - pos)));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  std::optional<int64_t> number;
  std::string col;
  for (const auto& a : args) {
    if (auto n = ParseNumber(a); n && !number && args.size() == 2) {
      number = n;
    } else if (col.empty() && !a.empty()) {
      col = Unquote(a);
    } else {
      throw InvalidInputError("malformed partition expression \"" + t + "\"");
    }
  }
  if (col.empty()) throw InvalidInputError("partition expression \"" + t + "\" names no column");
  *column = col;
  return FromSparkFunction(name, number);
}

std::string Transform::ToString() const {
  switch (kind_) {
    case TransformKind::kIdentity: return "identity";
    case TransformKind::kYear: return "year";
    case TransformKind::kMonth: return "month";
    case TransformKind::kDay: return "day";
    case TransformKind::kHour: return "hour";
    case TransformKind::kBucket: return "bucket[" + std::to_string(param_) + "]";
    case TransformKind::kTruncate: return "truncate[" + std::to_string(param_) + "]";
    case TransformKind::kVoid: return "void";
  }
  return "?";
}

std::string Transform::DefaultNameSuffix() const {
  switch (kind_) {
    case TransformKind::kBucket: return "bucket";
    case TransformKind::kTruncate: return "trunc";
    case TransformKind::kVoid: return "null";
    case TransformKind::kIdentity: return "";
    default: return ToString();
  }
}

bool Transform::CanTransform(const Type& source) const {
  TypeKind k = source.kind();
  // (a variant is no primitive in Iceberg's Java: no transform but void takes one)
  if (k == TypeKind::kVariant) return kind_ == TransformKind::kVoid;
  switch (kind_) {
    case TransformKind::kIdentity:
    case TransformKind::kVoid: return source.IsPrimitive() || kind_ == TransformKind::kVoid;
    case TransformKind::kYear:
    case TransformKind::kMonth:
    case TransformKind::kDay:
      return k == TypeKind::kDate || k == TypeKind::kTimestamp || k == TypeKind::kTimestampTz ||
             k == TypeKind::kTimestampNs || k == TypeKind::kTimestampTzNs;
    case TransformKind::kHour:
      return k == TypeKind::kTimestamp || k == TypeKind::kTimestampTz || k == TypeKind::kTimestampNs ||
             k == TypeKind::kTimestampTzNs;
    case TransformKind::kBucket:
      return source.IsPrimitive() && k != TypeKind::kBoolean && k != TypeKind::kFloat &&
             k != TypeKind::kDouble;
    case TransformKind::kTruncate:
      return k == TypeKind::kInt || k == TypeKind::kLong || k == TypeKind::kDecimal ||
             k == TypeKind::kString || k == TypeKind::kBinary;
  }
  return false;
}

void Transform::CheckCanTransform(const Type& source, const std::string& column) const {
  if (!CanTransform(source)) {
    throw InvalidInputError("cannot partition column " + column + " of type " + source.ToString() +
                            " by " + ToString() + ": " + ToString() + " does not accept " +
                            source.ToString());
  }
}

TypePtr Transform::ResultType(const TypePtr& source) const {
  switch (kind_) {
    case TransformKind::kYear:
    case TransformKind::kMonth:
    case TransformKind::kHour:
    case TransformKind::kBucket: return Type::Primitive(TypeKind::kInt);
    case TransformKind::kDay: return Type::Primitive(TypeKind::kDate);
    default: return source;
  }
}

bool Transform::PreservesOrder() const {
  return kind_ != TransformKind::kBucket && kind_ != TransformKind::kVoid;
}

static std::string Base64(std::string_view bytes) {
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    uint32_t n = (static_cast<uint8_t>(bytes[i]) << 16) | (static_cast<uint8_t>(bytes[i + 1]) << 8) |
                 static_cast<uint8_t>(bytes[i + 2]);
    for (int s = 18; s >= 0; s -= 6) out += kAlphabet[(n >> s) & 63];
  }
  if (i + 1 == bytes.size()) {
    uint32_t n = static_cast<uint8_t>(bytes[i]) << 16;
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += "==";
  } else if (i + 2 == bytes.size()) {
    uint32_t n = (static_cast<uint8_t>(bytes[i]) << 16) | (static_cast<uint8_t>(bytes[i + 1]) << 8);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += kAlphabet[(n >> 6) & 63];
    out += '=';
  }
  return out;
}

// Formats a time of day as Java's LocalTime.toString: HH:mm, then :ss and a fraction of
// 3, 6 or 9 digits only when they are not zero.
static std::string JavaTimeOfDay(int64_t micros_of_day) {
  char buf[48];
  int64_t secs = micros_of_day / kMicrosPerSecond;
  int64_t frac = micros_of_day % kMicrosPerSecond;
  int h = static_cast<int>(secs / 3600), m = static_cast<int>(secs / 60 % 60), s = static_cast<int>(secs % 60);
  std::snprintf(buf, sizeof(buf), "%02d:%02d", h, m);
  std::string out = buf;
  if (s != 0 || frac != 0) {
    std::snprintf(buf, sizeof(buf), ":%02d", s);
    out += buf;
    if (frac != 0) {
      if (frac % 1000 == 0) {
        std::snprintf(buf, sizeof(buf), ".%03d", static_cast<int>(frac / 1000));
      } else {
        std::snprintf(buf, sizeof(buf), ".%06d", static_cast<int>(frac));
      }
      out += buf;
    }
  }
  return out;
}

static std::string JavaDate(int64_t days) {
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%04lld-%02u-%02u", static_cast<long long>(y), m, d);
  return buf;
}

static std::string JavaLocalDateTime(int64_t micros) {
  return JavaDate(FloorDiv(micros, kMicrosPerDay)) + "T" + JavaTimeOfDay(FloorMod(micros, kMicrosPerDay));
}

// DateTimeUtil.nanosToIsoTimestamp: ISO_LOCAL_DATE_TIME, whose seconds are always shown
// and whose fraction has its trailing zeros dropped (0 to 9 digits): floe's own form of a
// nanosecond wall clock with a 'T' for the space (the years of the nanosecond range need
// no sign either way).
static std::string JavaIsoNanos(int64_t nanos) {
  std::string out = FormatLocalTimestampNanos(nanos);
  out[out.find(' ')] = 'T';
  return out;
}

static std::string FormatUuid(const std::string& b) {
  if (b.size() != 16) return Base64(b);
  static const char* kHex = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out += '-';
    out += kHex[static_cast<uint8_t>(b[i]) >> 4];
    out += kHex[static_cast<uint8_t>(b[i]) & 15];
  }
  return out;
}

std::string HumanValueString(const Type& type, const Value& v) {
  if (v.is_null()) return "null";
  switch (type.kind()) {
    case TypeKind::kBoolean: return v.boolean() ? "true" : "false";
    case TypeKind::kInt: return std::to_string(v.int32());
    case TypeKind::kLong: return std::to_string(v.int64());
    case TypeKind::kFloat: return FormatFloat(v.float32());
    case TypeKind::kDouble: return FormatDouble(v.float64());
    case TypeKind::kDecimal: return DecimalToString(v.decimal(), type.scale());
    case TypeKind::kDate: return JavaDate(v.int32());
    case TypeKind::kTime: return JavaTimeOfDay(v.int64());
    case TypeKind::kTimestamp: return JavaLocalDateTime(v.int64());
    case TypeKind::kTimestampTz: return JavaLocalDateTime(v.int64()) + "Z";
    case TypeKind::kTimestampNs: return JavaIsoNanos(v.int64());
    case TypeKind::kTimestampTzNs: return JavaIsoNanos(v.int64()) + "+00:00";
    case TypeKind::kString: return v.str();
    case TypeKind::kUuid: return FormatUuid(v.str());
    case TypeKind::kFixed:
    case TypeKind::kBinary: return Base64(v.str());
    default: return v.ToString();
  }
}

std::string Transform::ToHumanString(const Type& source, const Value& v) const {
  if (v.is_null()) return "null";
  char buf[48];
  switch (kind_) {
    case TransformKind::kIdentity:
    case TransformKind::kTruncate: return HumanValueString(source, v);
    case TransformKind::kVoid: return "null";
    case TransformKind::kBucket: return std::to_string(v.int32());
    case TransformKind::kYear:
      std::snprintf(buf, sizeof(buf), "%04lld", static_cast<long long>(1970 + int64_t{v.int32()}));
      return buf;
    case TransformKind::kMonth: {
      int64_t months = v.int32();
      std::snprintf(buf, sizeof(buf), "%04lld-%02lld", static_cast<long long>(1970 + FloorDiv(months, 12)),
                    static_cast<long long>(FloorMod(months, 12) + 1));
      return buf;
    }
    case TransformKind::kDay: return JavaDate(v.int32());
    case TransformKind::kHour: {
      int64_t hours = v.int32();
      std::snprintf(buf, sizeof(buf), "%s-%02lld", JavaDate(FloorDiv(hours, 24)).c_str(),
                    static_cast<long long>(FloorMod(hours, 24)));
      return buf;
    }
  }
  return "null";
}

}  // namespace floe::iceberg
