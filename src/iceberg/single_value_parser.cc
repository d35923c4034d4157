#include "iceberg/single_value_parser.h"

#include "common/date_time.h"
#include "common/decimal.h"
#include "common/exception.h"
#include "common/utf8.h"

namespace floe::iceberg {

namespace {

bool IsHex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

int HexValue(char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

}  // namespace

Value SingleValueParser::FromJson(const Type& type, const nlohmann::json& json, const std::string& what) {
  const LogicalType logical = type.ToLogicalType();
  if (json.is_null()) return Value::Null(logical);
  auto fail = [&]() -> Value {
    std::string text = json.dump();
    throw FormatError(what + ": " + QuoteForMessage(text) + " is not a " + type.ToString() + " value");
  };
  auto text = [&]() -> std::string {
    if (!json.is_string()) fail();
    return json.get<std::string>();
  };
  switch (type.kind()) {
    case TypeKind::kBoolean:
      if (!json.is_boolean()) return fail();
      return Value::Boolean(json.get<bool>());
    case TypeKind::kInt:
    case TypeKind::kLong: {
      if (!json.is_number_integer()) return fail();
      if (type.kind() == TypeKind::kLong) {
        if (json.is_number_unsigned() && json.get<uint64_t>() > uint64_t{INT64_MAX}) return fail();
        return Value::Int64(json.get<int64_t>());
      }
      int64_t v = json.get<int64_t>();
      if (v < INT32_MIN || v > INT32_MAX || (json.is_number_unsigned() && json.get<uint64_t>() > INT32_MAX)) return fail();
      return Value::Int32(static_cast<int32_t>(v));
    }
    case TypeKind::kFloat:
      if (!json.is_number()) return fail();
      return Value::Float(json.get<float>());
    case TypeKind::kDouble:
      if (!json.is_number()) return fail();
      return Value::Double(json.get<double>());
    case TypeKind::kDecimal: {
      // the scale must be the type's ("123.45" for decimal(10, 2))
      std::string t = text();
      size_t dot = t.find('.');
      size_t digits = dot == std::string::npos ? 0 : t.size() - dot - 1;
      int128_t unscaled;
      if (static_cast<int>(digits) != logical.scale() || t.find_first_of("eE") != std::string::npos ||
          !ParseDecimal(t, logical.precision(), logical.scale(), &unscaled)) {
        return fail();
      }
      return Value::Decimal(unscaled, logical.precision(), logical.scale());
    }
    case TypeKind::kDate: {
      int32_t days;
      std::string t = text();
      if (t.size() < 10 || !ParseDate(t, &days)) return fail();
      return Value::Date(days);
    }
    case TypeKind::kTime: {
      int64_t micros;
      if (!ParseTime(text(), &micros)) return fail();
      return Value::Time(micros);
    }
    case TypeKind::kTimestamp:
    case TypeKind::kTimestampTz: {
      std::string t = text();
      int64_t micros;
      bool has_zone = false;
      TimeZone zone;
      if (!ParseTimestampParts(t, &micros, &has_zone, &zone) || t.find('T') == std::string::npos) return fail();
      if (type.kind() == TypeKind::kTimestamp) {
        if (has_zone) return fail();  // without time zone: no offset
        return Value::TimestampNtz(micros);
      }
      if (!has_zone || !ParseTimestamp(t, TimeZone::Utc(), &micros)) return fail();
      return Value::Timestamp(micros);
    }
    case TypeKind::kTimestampNs:
    case TypeKind::kTimestampTzNs: {  // "2017-11-16T22:31:08.000000001[+00:00]"
      std::string t = text();
      int64_t micros, nanos;
      bool has_zone = false;
      TimeZone zone;
      if (!ParseTimestampParts(t, &micros, &has_zone, &zone) || t.find('T') == std::string::npos) return fail();
      bool instant = type.kind() == TypeKind::kTimestampTzNs;
      if (has_zone != instant) return fail();
      // the spec: "must include a zone offset and it must be '+00:00'" (Java's
      // TestSingleValueParser.testInvalidTimestamptzNano refuses +01:00)
      if (instant && zone.FromLocal(micros) != micros) return fail();
      if (!ParseTimestampNanos(t, TimeZone::Utc(), &nanos)) return fail();
      return instant ? Value::TimestampNs(nanos) : Value::TimestampNtzNs(nanos);
    }
    case TypeKind::kString:
      return Value::String(text());
    case TypeKind::kUuid: {
      std::string t = text();
      if (t.size() != 36) return fail();
      return Value::String(t);
    }
    case TypeKind::kBinary:
    case TypeKind::kFixed: {
      std::string t = text();
      if (t.size() % 2) return fail();
      std::string bytes;
      for (size_t i = 0; i < t.size(); i += 2) {
        if (!IsHex(t[i]) || !IsHex(t[i + 1])) return fail();
        bytes.push_back(static_cast<char>(HexValue(t[i]) * 16 + HexValue(t[i + 1])));
      }
      if (type.kind() == TypeKind::kFixed && static_cast<int>(bytes.size()) != type.length()) return fail();
      return Value::Binary(std::move(bytes));
    }
    default:
      throw NotImplementedError(what + ": a default value of type " + type.ToString() + " is not supported");
  }
}

}  // namespace floe::iceberg
