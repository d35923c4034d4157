#include "function/cast.h"

#include <gtest/gtest.h>

#include <cmath>

#include "common/decimal.h"
#include "function/tests/call_function.h"

namespace floe {
namespace {

using testing::Dec;
using testing::Str;

Value Cast(const Value& v, const LogicalType& to, bool try_mode = false,
           const TimeZone* zone = &TimeZone::Utc()) {
  FunctionContext context;
  context.try_mode = try_mode;
  context.time_zone = zone;
  return CastValue(v, to, context);
}

TEST(CastTest, StringToNumbers) {
  EXPECT_EQ(Cast(Str(" 42 "), TypeId::kInt32).int32(), 42);
  EXPECT_EQ(Cast(Str("+7"), TypeId::kInt32).int32(), 7);
  EXPECT_EQ(Cast(Str("-9223372036854775808"), TypeId::kInt64).int64(), INT64_MIN);
  EXPECT_EQ(Cast(Str("1.5"), TypeId::kDouble).float64(), 1.5);
  EXPECT_EQ(Cast(Str("1e3"), TypeId::kDouble).float64(), 1000.0);
  EXPECT_TRUE(std::isnan(Cast(Str("NaN"), TypeId::kDouble).float64()));
  EXPECT_EQ(Cast(Str("-Infinity"), TypeId::kDouble).float64(), -INFINITY);
  Value d = Cast(Str("2.345"), LogicalType::Decimal(4, 2));
  EXPECT_EQ(d.ToString(), "2.35");  // HALF_UP
}

TEST(CastTest, InvalidStringRaisesOrIsNullInTryMode) {
  try {
    Cast(Str("abc"), TypeId::kInt32);
    FAIL();
  } catch (const ConversionError& e) {
    EXPECT_NE(std::string(e.what()).find("[CAST_INVALID_INPUT] The value 'abc' of the type "
                                         "\"STRING\" cannot be cast to \"INT\""),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(Cast(Str("1.5"), TypeId::kInt32), ConversionError);  // ANSI: no fractions
  EXPECT_THROW(Cast(Str("99999999999"), TypeId::kInt32), ConversionError);
  EXPECT_THROW(Cast(Str(""), TypeId::kInt64), ConversionError);
  EXPECT_THROW(Cast(Str("2026-13-01"), TypeId::kDate), ConversionError);
  EXPECT_TRUE(Cast(Str("abc"), TypeId::kInt32, true).is_null());
  EXPECT_TRUE(Cast(Str("x"), TypeId::kDate, true).is_null());
  EXPECT_THROW(Cast(Str("123.456"), LogicalType::Decimal(4, 2)), OutOfRangeError);
  EXPECT_TRUE(Cast(Str("123.456"), LogicalType::Decimal(4, 2), true).is_null());
}

TEST(CastTest, NumericOverflowAndTruncation) {
  EXPECT_EQ(Cast(Value::Double(-3.9), TypeId::kInt32).int32(), -3);
  EXPECT_EQ(Cast(Value::Double(3.9), TypeId::kInt64).int64(), 3);
  try {
    Cast(Value::Double(1e10), TypeId::kInt32);
    FAIL();
  } catch (const OutOfRangeError& e) {
    EXPECT_NE(
        std::string(e.what()).find("[CAST_OVERFLOW] The value 1.0E10D of the type \"DOUBLE\""),
        std::string::npos)
        << e.what();
  }
  EXPECT_THROW(Cast(Value::Double(NAN), TypeId::kInt64), OutOfRangeError);
  EXPECT_THROW(Cast(Value::Int64(1LL << 40), TypeId::kInt32), OutOfRangeError);
  EXPECT_TRUE(Cast(Value::Int64(1LL << 40), TypeId::kInt32, true).is_null());
  EXPECT_EQ(Cast(Dec("-7.99", 5, 2), TypeId::kInt32).int32(), -7);
  EXPECT_EQ(Cast(Value::Int32(5), LogicalType::Decimal(4, 2)).ToString(), "5.00");
  EXPECT_THROW(Cast(Value::Int32(500), LogicalType::Decimal(4, 2)), OutOfRangeError);
  EXPECT_EQ(Cast(Value::Double(2.675), LogicalType::Decimal(5, 2)).ToString(), "2.68");
  EXPECT_EQ(Cast(Dec("1.25", 3, 2), LogicalType::Decimal(2, 1)).ToString(), "1.3");
  EXPECT_EQ(Cast(Dec("-1.25", 3, 2), LogicalType::Decimal(2, 1)).ToString(), "-1.3");
  EXPECT_EQ(Cast(Dec("0.1", 2, 1), TypeId::kDouble).float64(), 0.1);
  EXPECT_EQ(Cast(Value::Int32(0), TypeId::kBoolean).boolean(), false);
  EXPECT_EQ(Cast(Value::Boolean(true), TypeId::kInt64).int64(), 1);
}

// CastWithAnsiOnSuite "ANSI mode: Throw exception on casting out-of-range value to byte
// type" / "... to short type" / "... to decimal type".
TEST(CastTest, NarrowIntegersAndDecimalsCheckTheirRange) {
  EXPECT_EQ(Cast(Value::Int32(-128), TypeId::kInt8), Value::Int8(-128));
  EXPECT_EQ(Cast(Value::Int64(32767), TypeId::kInt16), Value::Int16(32767));
  EXPECT_EQ(Cast(Value::Double(127.9), TypeId::kInt8), Value::Int8(127));
  EXPECT_EQ(Cast(Str(" -5 "), TypeId::kInt8), Value::Int8(-5));
  EXPECT_EQ(Cast(Value::Int8(-7), TypeId::kInt64), Value::Int64(-7));
  EXPECT_EQ(Cast(Value::Int16(300), TypeId::kString), Str("300"));
  try {
    Cast(Value::Int32(300), TypeId::kInt8);
    FAIL();
  } catch (const OutOfRangeError& e) {
    EXPECT_NE(std::string(e.what()).find("[CAST_OVERFLOW] The value 300 of the type \"INT\" "
                                         "cannot be cast to \"TINYINT\" due to an overflow"),
              std::string::npos)
        << e.what();
  }
  try {
    Cast(Value::Int16(200), TypeId::kInt8);
    FAIL();
  } catch (const OutOfRangeError& e) {
    EXPECT_NE(std::string(e.what()).find("The value 200S of the type \"SMALLINT\""),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(Cast(Value::Int32(100000), TypeId::kInt16), OutOfRangeError);
  EXPECT_THROW(Cast(Value::Double(128.0), TypeId::kInt8), OutOfRangeError);
  EXPECT_THROW(Cast(Value::Float(-32769.0f), TypeId::kInt16), OutOfRangeError);
  EXPECT_THROW(Cast(Dec("128.5", 4, 1), TypeId::kInt8), OutOfRangeError);
  EXPECT_THROW(Cast(Str("128"), TypeId::kInt8), ConversionError);  // toByteExact: malformed
  EXPECT_TRUE(Cast(Value::Int32(300), TypeId::kInt8, true).is_null());
  // 3 * 10^38 passes 2^127: the digits are checked before scaling
  EXPECT_THROW(Cast(Value::Int32(3), LogicalType::Decimal(38, 38)), OutOfRangeError);
  EXPECT_THROW(Cast(Value::Int64(INT64_MAX), LogicalType::Decimal(38, 20)), OutOfRangeError);
  EXPECT_THROW(Cast(Value::Int64(INT64_MIN), LogicalType::Decimal(38, 20)), OutOfRangeError);
  EXPECT_THROW(Cast(Value::Int8(-128), LogicalType::Decimal(38, 37)), OutOfRangeError);
  EXPECT_TRUE(Cast(Value::Int32(3), LogicalType::Decimal(38, 38), true).is_null());
  EXPECT_EQ(Cast(Value::Int64(99999999999999999), LogicalType::Decimal(38, 20)).ToString(),
            "99999999999999999.00000000000000000000");
  EXPECT_EQ(Cast(Value::Int8(-128), LogicalType::Decimal(3, 0)).ToString(), "-128");
}

TEST(CastTest, NumbersToString) {
  EXPECT_EQ(Cast(Value::Double(1.0), TypeId::kString).str(), "1.0");
  EXPECT_EQ(Cast(Value::Double(1e10), TypeId::kString).str(), "1.0E10");
  EXPECT_EQ(Cast(Value::Float(0.1f), TypeId::kString).str(), "0.1");
  EXPECT_EQ(Cast(Dec("5", 4, 2), TypeId::kString).str(), "5.00");
  EXPECT_EQ(Cast(Value::Int64(-12), TypeId::kString).str(), "-12");
  EXPECT_EQ(Cast(Value::Boolean(true), TypeId::kString).str(), "true");
}

TEST(CastTest, Booleans) {
  for (const char* t : {"true", "T", "yes", "Y", "1", " TRUE "}) {
    EXPECT_TRUE(Cast(Str(t), TypeId::kBoolean).boolean()) << t;
  }
  for (const char* f : {"false", "f", "no", "N", "0"}) {
    EXPECT_FALSE(Cast(Str(f), TypeId::kBoolean).boolean()) << f;
  }
  EXPECT_THROW(Cast(Str("maybe"), TypeId::kBoolean), ConversionError);
}

TEST(CastTest, DatesAndTimestampsUseTheSessionZone) {
  TimeZone la;
  ASSERT_TRUE(TimeZone::Load("America/Los_Angeles", &la));
  Value ts = Cast(Str("2026-01-15 10:30:00"), TypeId::kTimestamp, false, &la);
  // 10:30 in Los Angeles (PST, UTC-8) is 18:30 UTC.
  EXPECT_EQ(Cast(ts, TypeId::kString).str(), "2026-01-15 18:30:00");
  EXPECT_EQ(Cast(ts, TypeId::kString, false, &la).str(), "2026-01-15 10:30:00");
  Value late = Cast(Str("2026-01-15 23:30:00"), TypeId::kTimestamp, false, &la);
  EXPECT_EQ(Cast(late, TypeId::kDate, false, &la).ToString(), "2026-01-15");
  EXPECT_EQ(Cast(late, TypeId::kDate).ToString(), "2026-01-16");
  Value date = Cast(Str("2026-03-01"), TypeId::kDate);
  EXPECT_EQ(Cast(Cast(date, TypeId::kTimestamp, false, &la), TypeId::kString).str(),
            "2026-03-01 08:00:00");
  EXPECT_EQ(Cast(Cast(date, TypeId::kTimestampNtz), TypeId::kString).str(), "2026-03-01 00:00:00");
  // Before 1970: floor, not truncation.
  Value early = Cast(Str("1969-12-31 23:59:59.5"), TypeId::kTimestamp);
  EXPECT_EQ(Cast(early, TypeId::kDate).ToString(), "1969-12-31");
  EXPECT_EQ(Cast(early, TypeId::kInt64).int64(), -1);
  EXPECT_EQ(Cast(early, TypeId::kDouble).float64(), -0.5);
  EXPECT_EQ(Cast(Value::Int64(86400), TypeId::kTimestamp).ToString(), "1970-01-02 00:00:00");
}

TEST(CastTest, BinaryAndStringShareBytes) {
  Value b = Cast(Str("hi"), TypeId::kBinary);
  EXPECT_EQ(b.type().id(), TypeId::kBinary);
  EXPECT_EQ(b.str(), "hi");
  EXPECT_EQ(Cast(b, TypeId::kString).str(), "hi");
}

TEST(CastTest, CanCast) {
  EXPECT_TRUE(CanCast(TypeId::kString, TypeId::kDate));
  EXPECT_TRUE(CanCast(TypeId::kInt32, LogicalType::Decimal(10, 2)));
  EXPECT_TRUE(CanCast(TypeId::kDate, TypeId::kTimestamp));
  EXPECT_FALSE(CanCast(TypeId::kDate, TypeId::kInt32));
  EXPECT_FALSE(CanCast(TypeId::kBinary, TypeId::kInt32));
  EXPECT_TRUE(CanCast(TypeId::kNull, TypeId::kBinary));
}

}  // namespace
}  // namespace floe
