#include "iceberg/single_value_serialization.h"

#include <cstring>

#include "common/exception.h"
#include "iceberg/transforms/bucket_hash.h"

namespace floe::iceberg {

template <typename T>
static std::string LittleEndian(T v) {
  std::string out(sizeof(T), '\0');
  std::memcpy(out.data(), &v, sizeof(T));  // x86 and arm64 hosts are little-endian
  return out;
}

template <typename T>
static T ReadLittleEndian(std::string_view b) {
  T v;
  std::memcpy(&v, b.data(), sizeof(T));
  return v;
}

std::string SingleValueSerialization::ToBytes(const Type& type, const Value& v) {
  if (v.is_null()) throw InvalidInputError("cannot serialize NULL as an Iceberg single value");
  switch (type.kind()) {
    case TypeKind::kBoolean: return std::string(1, v.boolean() ? '\x01' : '\x00');
    case TypeKind::kInt:
    case TypeKind::kDate: return LittleEndian<int32_t>(v.int32());
    case TypeKind::kLong:
    case TypeKind::kTime:
    case TypeKind::kTimestamp:
    case TypeKind::kTimestampTz:
    case TypeKind::kTimestampNs:
    case TypeKind::kTimestampTzNs: return LittleEndian<int64_t>(v.int64());
    case TypeKind::kFloat: return LittleEndian<float>(v.float32());
    case TypeKind::kDouble: return LittleEndian<double>(v.float64());
    case TypeKind::kDecimal: return DecimalToMinimalBytes(v.decimal());
    case TypeKind::kString:
    case TypeKind::kUuid:
    case TypeKind::kFixed:
    case TypeKind::kBinary: return v.str();
    default: throw InvalidInputError("cannot serialize a value of nested type " + type.ToString());
  }
}

static void CheckLength(const Type& type, std::string_view b, size_t want) {
  if (b.size() != want) {
    throw FormatError("single-value bound of type " + type.ToString() + " has " +
                      std::to_string(b.size()) + " bytes, expected " + std::to_string(want));
  }
}

Value SingleValueSerialization::FromBytes(const Type& type, std::string_view b) {
  switch (type.kind()) {
    case TypeKind::kBoolean:
      CheckLength(type, b, 1);
      return Value::Boolean(b[0] != 0);
    case TypeKind::kInt:
      CheckLength(type, b, 4);
      return Value::Int32(ReadLittleEndian<int32_t>(b));
    case TypeKind::kDate:
      CheckLength(type, b, 4);
      return Value::Date(ReadLittleEndian<int32_t>(b));
    case TypeKind::kLong:
    case TypeKind::kTime:
    case TypeKind::kTimestamp:
    case TypeKind::kTimestampTz:
    case TypeKind::kTimestampNs:
    case TypeKind::kTimestampTzNs: {
      int64_t x;
      if (b.size() == 4 && type.kind() == TypeKind::kLong) {
        x = ReadLittleEndian<int32_t>(b);  // an int column promoted to long
      } else {
        CheckLength(type, b, 8);
        x = ReadLittleEndian<int64_t>(b);
      }
      if (type.kind() == TypeKind::kTimestamp) return Value::TimestampNtz(x);
      if (type.kind() == TypeKind::kTimestampTz) return Value::Timestamp(x);
      if (type.kind() == TypeKind::kTimestampNs) return Value::TimestampNtzNs(x);
      if (type.kind() == TypeKind::kTimestampTzNs) return Value::TimestampNs(x);
      if (type.kind() == TypeKind::kTime) return Value::Time(x);
      return Value::Int64(x);
    }
    case TypeKind::kFloat:
      CheckLength(type, b, 4);
      return Value::Float(ReadLittleEndian<float>(b));
    case TypeKind::kDouble:
      if (b.size() == 4) return Value::Double(ReadLittleEndian<float>(b));  // promoted float
      CheckLength(type, b, 8);
      return Value::Double(ReadLittleEndian<double>(b));
    case TypeKind::kDecimal: {
      if (b.empty() || b.size() > 16) {
        throw FormatError("single-value decimal bound has " + std::to_string(b.size()) + " bytes");
      }
      uint128_t u = (static_cast<uint8_t>(b[0]) & 0x80) ? ~uint128_t{0} : 0;
      for (char c : b) u = (u << 8) | static_cast<uint8_t>(c);
      return Value::Decimal(static_cast<int128_t>(u), type.precision(), type.scale());
    }
    case TypeKind::kString: return Value::String(std::string(b));
    case TypeKind::kUuid:
      CheckLength(type, b, 16);
      return Value::Binary(std::string(b));
    case TypeKind::kFixed:
      CheckLength(type, b, static_cast<size_t>(type.length()));
      return Value::Binary(std::string(b));
    case TypeKind::kBinary: return Value::Binary(std::string(b));
    default: throw FormatError("single-value bound of nested type " + type.ToString());
  }
}

}  // namespace floe::iceberg
