#include "iceberg/single_value_serialization.h"

#include <gtest/gtest.h>

#include "common/exception.h"
#include "iceberg/single_value_parser.h"

namespace floe::iceberg {
namespace {

TEST(SingleValueSerializationTest, EncodesPerSpec) {
  auto bytes = [](TypeKind k, const Value& v) { return SingleValueSerialization::ToBytes(*Type::Primitive(k), v); };
  EXPECT_EQ(bytes(TypeKind::kBoolean, Value::Boolean(true)), std::string("\x01", 1));
  EXPECT_EQ(bytes(TypeKind::kInt, Value::Int32(1)), std::string("\x01\x00\x00\x00", 4));
  EXPECT_EQ(bytes(TypeKind::kLong, Value::Int64(2)), std::string("\x02\0\0\0\0\0\0\0", 8));
  EXPECT_EQ(bytes(TypeKind::kDate, Value::Date(20150)), std::string("\xb6\x4e\x00\x00", 4));
  EXPECT_EQ(bytes(TypeKind::kFloat, Value::Float(1.0f)), std::string("\x00\x00\x80\x3f", 4));
  EXPECT_EQ(bytes(TypeKind::kString, Value::String("some-string")), "some-string");
  // decimal(12, 2) 3.00 from the bucket fixture's lower bound 0x012c
  EXPECT_EQ(SingleValueSerialization::ToBytes(*Type::Decimal(12, 2), Value::Decimal(300, 12, 2)), "\x01\x2c");
  // TestConversions.testByteBufferConversions: 400000000 nanoseconds, 8 bytes little-endian
  EXPECT_EQ(bytes(TypeKind::kTimestampNs, Value::TimestampNtzNs(400000000)), std::string("\x00\x84\xd7\x17\0\0\0\0", 8));
  EXPECT_EQ(bytes(TypeKind::kTimestampTzNs, Value::TimestampNs(400000000)), std::string("\x00\x84\xd7\x17\0\0\0\0", 8));
}

TEST(SingleValueSerializationTest, RoundTripsEveryPrimitive) {
  std::vector<std::pair<TypePtr, Value>> cases = {
      {Type::Primitive(TypeKind::kBoolean), Value::Boolean(false)},
      {Type::Primitive(TypeKind::kInt), Value::Int32(-7)},
      {Type::Primitive(TypeKind::kLong), Value::Int64(-1234567890123)},
      {Type::Primitive(TypeKind::kFloat), Value::Float(-2.5f)},
      {Type::Primitive(TypeKind::kDouble), Value::Double(3.25)},
      {Type::Decimal(38, 4), Value::Decimal(-(static_cast<int128_t>(1) << 100), 38, 4)},
      {Type::Decimal(9, 2), Value::Decimal(-129, 9, 2)},
      {Type::Primitive(TypeKind::kDate), Value::Date(-365)},
      {Type::Primitive(TypeKind::kTime), Value::Time(81068000000)},
      {Type::Primitive(TypeKind::kTimestamp), Value::TimestampNtz(-1)},
      {Type::Primitive(TypeKind::kTimestampTz), Value::Timestamp(1510871468000000)},
      {Type::Primitive(TypeKind::kTimestampNs), Value::TimestampNtzNs(-1)},
      {Type::Primitive(TypeKind::kTimestampTzNs), Value::TimestampNs(1510871468000001001)},
      {Type::Primitive(TypeKind::kString), Value::String("\xc3\xa9t\xc3\xa9")},
      {Type::Primitive(TypeKind::kUuid), Value::Binary(std::string(16, '\x5a'))},
      {Type::Fixed(3), Value::Binary("abc")},
      {Type::Primitive(TypeKind::kBinary), Value::Binary(std::string("\0\1", 2))},
  };
  for (const auto& [type, value] : cases) {
    std::string b = SingleValueSerialization::ToBytes(*type, value);
    EXPECT_EQ(SingleValueSerialization::FromBytes(*type, b), value) << type->ToString();
  }
}

TEST(SingleValueSerializationTest, WidensPromotedAndRejectsBadLengths) {
  auto long_type = Type::Primitive(TypeKind::kLong);
  EXPECT_EQ(SingleValueSerialization::FromBytes(*long_type, std::string("\xff\xff\xff\xff", 4)), Value::Int64(-1));
  auto double_type = Type::Primitive(TypeKind::kDouble);
  EXPECT_EQ(SingleValueSerialization::FromBytes(*double_type, std::string("\x00\x00\x80\x3f", 4)), Value::Double(1.0));
  EXPECT_THROW(SingleValueSerialization::FromBytes(*Type::Primitive(TypeKind::kInt), "abc"), FormatError);
  EXPECT_THROW(SingleValueSerialization::FromBytes(*Type::Decimal(9, 2), ""), FormatError);
  EXPECT_THROW(SingleValueSerialization::FromBytes(*Type::Primitive(TypeKind::kUuid), "short"), FormatError);
}

// TestSingleValueParser.testValidDefaults (timestamp_ns, timestamptz_ns) and
// testInvalidTimestamptzNano: nine digits kept; a zone only on timestamptz_ns, and UTC.
TEST(SingleValueParserTest, TimestampNanos) {
  auto parse = [](TypeKind k, const char* text) {
    return SingleValueParser::FromJson(*Type::Primitive(k), nlohmann::json(text), "default");
  };
  EXPECT_EQ(parse(TypeKind::kTimestampNs, "2007-12-03T10:15:30.123456789"), Value::TimestampNtzNs(1196676930123456789));
  EXPECT_EQ(parse(TypeKind::kTimestampTzNs, "2007-12-03T10:15:30.123456789+00:00"), Value::TimestampNs(1196676930123456789));
  EXPECT_EQ(parse(TypeKind::kTimestampNs, "1969-12-31T23:59:59.999999999"), Value::TimestampNtzNs(-1));
  EXPECT_THROW(parse(TypeKind::kTimestampTzNs, "2007-12-03T10:15:30+01:00"), FormatError);
  EXPECT_THROW(parse(TypeKind::kTimestampTzNs, "2007-12-03T10:15:30.123456789"), FormatError);
  EXPECT_THROW(parse(TypeKind::kTimestampNs, "2007-12-03T10:15:30.123456789+00:00"), FormatError);
  EXPECT_THROW(parse(TypeKind::kTimestampNs, "2300-01-01T00:00:00"), FormatError);  // beyond 2262-04-11
}

}  // namespace
}  // namespace floe::iceberg
