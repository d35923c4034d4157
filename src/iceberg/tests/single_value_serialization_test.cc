#include "iceberg/single_value_serialization.h"

#include <gtest/gtest.h>

#include "common/exception.h"

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

}  // namespace
}  // namespace floe::iceberg
