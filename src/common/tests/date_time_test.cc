#include <gtest/gtest.h>

#include "common/date_time.h"
#include "common/exception.h"

namespace floe {
namespace {

TEST(DateTimeTest, CivilRoundTrip) {
  EXPECT_EQ(DaysFromCivil(1970, 1, 1), 0);
  EXPECT_EQ(DaysFromCivil(1969, 12, 31), -1);
  EXPECT_EQ(DaysFromCivil(2026, 1, 15), 20468);
  int32_t d;
  ASSERT_TRUE(ParseDate("2026-01-15", &d));
  EXPECT_EQ(FormatDate(d), "2026-01-15");
  EXPECT_FALSE(ParseDate("2026-02-30", &d));
}

TEST(DateTimeTest, TimestampsInZones) {
  int64_t micros;
  ASSERT_TRUE(ParseTimestamp("2026-01-15 00:00:00", TimeZone::Utc(), &micros));
  EXPECT_EQ(micros, int64_t{20468} * kMicrosPerDay);
  TimeZone la;
  ASSERT_TRUE(TimeZone::Load("America/Los_Angeles", &la));
  int64_t local;
  ASSERT_TRUE(ParseTimestamp("2026-01-15 00:00:00", la, &local));
  EXPECT_EQ(local - micros, 8 * kMicrosPerHour);
  EXPECT_EQ(FormatTimestamp(local, la), "2026-01-15 00:00:00");
  EXPECT_EQ(FormatTimestamp(local, TimeZone::Utc()), "2026-01-15 08:00:00");
  ASSERT_TRUE(ParseTimestamp("1969-12-31 23:59:59.5", TimeZone::Utc(), &micros));
  EXPECT_EQ(micros, -500000);
  EXPECT_EQ(FormatTimestamp(micros, TimeZone::Utc()), "1969-12-31 23:59:59.5");
  EXPECT_FALSE(TimeZone::Load("Mars/Olympus", &la));
}

TEST(DateTimeTest, FloorDivision) {
  EXPECT_EQ(FloorDiv(-1, kMicrosPerDay), -1);
  EXPECT_EQ(FloorDiv(kMicrosPerDay, kMicrosPerDay), 1);
  EXPECT_EQ(FloorMod(-1, 10), 9);
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(DateTimeTest, ExtremeInstantsDoNotOverflow) {
  // (found by the variant fuzzer: FloorMod and the day split multiplied past int64)
  EXPECT_EQ(FloorMod(INT64_MIN, kMicrosPerDay), 71945224192);
  EXPECT_EQ(FloorMod(-1, 1000), 999);
  EXPECT_EQ(FloorMod(7, 3), 1);
  EXPECT_EQ(FormatLocalTimestamp(INT64_MIN), "-290308-12-21 19:59:05.224192");
  EXPECT_EQ(FormatLocalTimestamp(INT64_MAX), "+294247-01-10 04:00:54.775807");
  TimeZone kolkata;
  ASSERT_TRUE(TimeZone::Load("Asia/Kolkata", &kolkata));
  EXPECT_THROW(kolkata.ToLocal(INT64_MAX), OutOfRangeError);
}

// Nanosecond timestamps, as Iceberg's literal conversions read them:
// TestStringLiteralConversions.testStringToTimestampLiteralWithNanosecondPrecisionFromNanoseconds,
// TestTimestampLiteralConversions.testTimestampNanosWithoutZoneConversion / ...WithZoneConversion.
TEST(DateTimeTest, TimestampNanos) {
  int64_t n = 0;
  TimeZone la;
  ASSERT_TRUE(TimeZone::Load("America/Los_Angeles", &la));
  ASSERT_TRUE(ParseTimestampNtzNanos("2017-08-18T14:21:01.123456789", &n));
  EXPECT_EQ(n, 1503066061123456789);
  ASSERT_TRUE(ParseTimestampNtzNanos("2017-11-16T14:31:08.000000001", &n));
  EXPECT_EQ(n, 1510842668000000001);
  ASSERT_TRUE(ParseTimestampNanos("2017-11-16T14:31:08.000000001+00:00", TimeZone::Utc(), &n));
  EXPECT_EQ(n, 1510842668000000001);
  ASSERT_TRUE(ParseTimestampNanos("2017-11-16T06:31:08.000000001", la, &n));
  EXPECT_EQ(n, 1510842668000000001);
  ASSERT_TRUE(ParseTimestampNtzNanos("1969-12-31 23:59:59.999999999", &n));
  EXPECT_EQ(n, -1);
  ASSERT_TRUE(ParseTimestampNtzNanos("2017-11-16 14:31:08.5", &n));  // fewer digits: tenths
  EXPECT_EQ(n, 1510842668500000000);
  // the nanosecond range is 1677-09-21 00:12:43.145224192 to 2262-04-11 23:47:16.854775807
  ASSERT_TRUE(ParseTimestampNtzNanos("2262-04-11 23:47:16.854775807", &n));
  EXPECT_EQ(n, INT64_MAX);
  ASSERT_TRUE(ParseTimestampNtzNanos("1677-09-21 00:12:43.145224192", &n));
  EXPECT_EQ(n, INT64_MIN);
  EXPECT_FALSE(ParseTimestampNtzNanos("2262-04-11 23:47:16.854775808", &n));
  EXPECT_FALSE(ParseTimestampNtzNanos("1677-09-21 00:12:43.145224191", &n));
  EXPECT_FALSE(ParseTimestampNtzNanos("2017-11-16 14:31:08.0000000001", &n));  // ten digits
  EXPECT_EQ(FormatLocalTimestampNanos(1510842668000000001), "2017-11-16 14:31:08.000000001");
  EXPECT_EQ(FormatLocalTimestampNanos(1510842668120000000), "2017-11-16 14:31:08.12");
  EXPECT_EQ(FormatLocalTimestampNanos(1510842668000000000), "2017-11-16 14:31:08");
  EXPECT_EQ(FormatLocalTimestampNanos(-1), "1969-12-31 23:59:59.999999999");
  EXPECT_EQ(FormatLocalTimestampNanos(INT64_MIN), "1677-09-21 00:12:43.145224192");
  EXPECT_EQ(FormatLocalTimestampNanos(INT64_MAX), "2262-04-11 23:47:16.854775807");
  EXPECT_EQ(FormatTimestampNanos(1510842668000000001, la),
            "2017-11-16 06:31:08.000000001");
}

}  // namespace
}  // namespace floe
