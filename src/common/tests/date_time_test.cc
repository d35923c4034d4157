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

}  // namespace
}  // namespace floe
