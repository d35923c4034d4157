#include "iceberg/avro/avro_value_converter.h"

#include "common/exception.h"

namespace floe::iceberg::avro {

int AvroValueConverter::DecimalRequiredBytes(int precision) {
  // The smallest n with 2^(8n-1) > 10^precision - 1.
  long double need = 1;
  for (int i = 0; i < precision; ++i) need *= 10;
  for (int n = 1; n < 16; ++n) {
    long double cap = 1;
    for (int i = 0; i < 8 * n - 1; ++i) cap *= 2;
    if (cap >= need) return n;
  }
  return 16;
}

// Returns decimal(precision, scale) of an Avro decimal, rejecting attributes out of range.
static TypePtr DecimalType(const AvroSchema& s) {
  if (s.precision() < 1 || s.precision() > 38 || s.scale() < 0 || s.scale() > s.precision()) {
    throw FormatError("Avro decimal has invalid precision " + std::to_string(s.precision()) + " / scale " +
                      std::to_string(s.scale()));
  }
  return Type::Decimal(s.precision(), s.scale());
}

static Value DecimalFromBytes(const std::string& b, int precision, int scale) {
  if (b.empty() || b.size() > 16) throw FormatError("decimal partition value has " + std::to_string(b.size()) + " bytes");
  uint128_t u = (static_cast<uint8_t>(b[0]) & 0x80) ? ~uint128_t{0} : 0;
  for (char c : b) u = (u << 8) | static_cast<uint8_t>(c);
  return Value::Decimal(static_cast<int128_t>(u), precision, scale);
}

AvroDatum AvroValueConverter::ToDatum(const Type& type, const Value& v) {
  if (v.is_null()) return AvroDatum::Null();
  switch (type.kind()) {
    case TypeKind::kBoolean: return AvroDatum::Boolean(v.boolean());
    case TypeKind::kInt:
    case TypeKind::kDate: return AvroDatum::Int(v.int32());
    case TypeKind::kLong:
    case TypeKind::kTime:
    case TypeKind::kTimestamp:
    case TypeKind::kTimestampTz:
    case TypeKind::kTimestampNs:
    case TypeKind::kTimestampTzNs: return AvroDatum::Long(v.int64());
    case TypeKind::kFloat: return AvroDatum::Float(v.float32());
    case TypeKind::kDouble: return AvroDatum::Double(v.float64());
    case TypeKind::kString: return AvroDatum::String(v.str());
    case TypeKind::kBinary: return AvroDatum::Bytes(v.str());
    case TypeKind::kUuid:
    case TypeKind::kFixed: return AvroDatum::Fixed(v.str());
    case TypeKind::kDecimal: {
      // Big-endian two's complement, sign-extended to the fixed size.
      int size = DecimalRequiredBytes(type.precision());
      std::string out(static_cast<size_t>(size), '\0');
      uint128_t u = static_cast<uint128_t>(v.decimal());
      for (int i = size - 1; i >= 0; --i) {
        out[static_cast<size_t>(i)] = static_cast<char>(static_cast<uint8_t>(u & 0xff));
        u >>= 8;
      }
      return AvroDatum::Fixed(out);
    }
    default: throw InvalidInputError("cannot store a value of type " + type.ToString() + " in Avro");
  }
}

Value AvroValueConverter::FromLong(const AvroSchema& s, int64_t v) {
  const std::string& logical = s.logical_type();
  if (logical == "timestamp-micros") return s.adjust_to_utc() ? Value::Timestamp(v) : Value::TimestampNtz(v);
  if (logical == "timestamp-nanos") return s.adjust_to_utc() ? Value::TimestampNs(v) : Value::TimestampNtzNs(v);
  if (logical == "time-micros") return Value::Time(v);
  return Value::Int64(v);
}

TypePtr AvroValueConverter::IcebergType(const AvroSchema& union_or_type) {
  const AvroSchema& s = union_or_type.NonNull();
  const std::string& logical = s.logical_type();
  switch (s.type()) {
    case AvroType::kBoolean: return Type::Primitive(TypeKind::kBoolean);
    case AvroType::kInt: return Type::Primitive(logical == "date" ? TypeKind::kDate : TypeKind::kInt);
    case AvroType::kLong:
      if (logical == "time-micros") return Type::Primitive(TypeKind::kTime);
      if (logical == "timestamp-micros") {
        return Type::Primitive(s.adjust_to_utc() ? TypeKind::kTimestampTz : TypeKind::kTimestamp);
      }
      if (logical == "timestamp-nanos") {
        return Type::Primitive(s.adjust_to_utc() ? TypeKind::kTimestampTzNs : TypeKind::kTimestampNs);
      }
      return Type::Primitive(TypeKind::kLong);
    case AvroType::kFloat: return Type::Primitive(TypeKind::kFloat);
    case AvroType::kDouble: return Type::Primitive(TypeKind::kDouble);
    case AvroType::kString: return Type::Primitive(TypeKind::kString);
    case AvroType::kBytes:
      if (logical == "decimal") return DecimalType(s);
      return Type::Primitive(TypeKind::kBinary);
    case AvroType::kFixed:
      if (logical == "decimal") return DecimalType(s);
      if (logical == "uuid") return Type::Primitive(TypeKind::kUuid);
      return Type::Fixed(s.size());
    default: throw FormatError("partition field has unsupported Avro type " + std::to_string(static_cast<int>(s.type())));
  }
}

Value AvroValueConverter::FromDatum(const AvroSchema& schema, const AvroDatum& d) {
  const AvroSchema& s = schema.NonNull();
  if (d.is_null()) return Value::Null(IcebergType(s)->ToLogicalType());
  const std::string& logical = s.logical_type();
  switch (d.type) {
    case AvroType::kBoolean: return Value::Boolean(d.boolean);
    case AvroType::kInt:
      return logical == "date" ? Value::Date(static_cast<int32_t>(d.long_value))
                               : Value::Int32(static_cast<int32_t>(d.long_value));
    case AvroType::kLong: return FromLong(s, d.long_value);
    case AvroType::kFloat: return Value::Float(static_cast<float>(d.double_value));
    case AvroType::kDouble: return Value::Double(d.double_value);
    case AvroType::kString: return Value::String(d.bytes);
    case AvroType::kBytes:
    case AvroType::kFixed:
      if (logical == "decimal") {
        TypePtr t = DecimalType(s);
        return DecimalFromBytes(d.bytes, t->precision(), t->scale());
      }
      return Value::Binary(d.bytes);
    default: throw FormatError("partition value has an unsupported Avro type");
  }
}

}  // namespace floe::iceberg::avro
