// Value: each type reads its one field of the shared storage (a union), so values stay
// small and compare as their type says.
#include <gtest/gtest.h>

#include <limits>

#include "common/value.h"

namespace floe {
namespace {

TEST(ValueTest, IntervalsKeepEveryFieldAndOrderByThem) {
  const int32_t i32_max = std::numeric_limits<int32_t>::max(), i32_min = std::numeric_limits<int32_t>::min();
  const int64_t i64_max = std::numeric_limits<int64_t>::max(), i64_min = std::numeric_limits<int64_t>::min();
  for (Interval in : {Interval{0, 0, 0}, Interval{1, 2, 3}, Interval{-1, -2, -3}, Interval{i32_max, i32_min, i64_max},
                      Interval{i32_min, i32_max, i64_min}, Interval{0, -1, 0}, Interval{-1, 0, -1}}) {
    Interval out = Value::IntervalValue(in).interval();
    EXPECT_EQ(out.months, in.months);
    EXPECT_EQ(out.days, in.days);
    EXPECT_EQ(out.micros, in.micros);
  }
  // months first, then days, then micros, each signed
  EXPECT_LT(Value::IntervalValue({-1, 5, 5}).Compare(Value::IntervalValue({0, -5, -5})), 0);
  EXPECT_LT(Value::IntervalValue({1, -1, 5}).Compare(Value::IntervalValue({1, 0, -5})), 0);
  EXPECT_LT(Value::IntervalValue({1, 1, -1}).Compare(Value::IntervalValue({1, 1, 0})), 0);
  EXPECT_EQ(Value::IntervalValue({1, 2, 3}), Value::IntervalValue({1, 2, 3}));
}

TEST(ValueTest, EachTypeReadsItsOwnValue) {
  EXPECT_EQ(Value::Int64(std::numeric_limits<int64_t>::min()).int64(), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(Value::Int32(-7).int32(), -7);
  EXPECT_TRUE(Value::Boolean(true).boolean());
  EXPECT_FALSE(Value::Boolean(false).boolean());
  EXPECT_EQ(Value::Double(-0.5).float64(), -0.5);
  EXPECT_EQ(Value::Float(1.5f).float32(), 1.5f);
  int128_t big = (int128_t{1} << 100) + 7;
  EXPECT_EQ(Value::Decimal(-big, 38, 2).decimal(), -big);
  EXPECT_EQ(Value::Date(-719162).int32(), -719162);
  EXPECT_EQ(Value::Timestamp(-1).int64(), -1);
  EXPECT_EQ(Value::Decimal(5, 10, 0).Compare(Value::Decimal(-5, 10, 0)), 1);
  EXPECT_TRUE(Value::Null(TypeId::kInt64).is_null());
  // a runtime filter lists up to a million of them
  EXPECT_LE(sizeof(Value), 96u);
}

}  // namespace
}  // namespace floe
