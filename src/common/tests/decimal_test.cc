#include <gtest/gtest.h>

#include "common/decimal.h"

namespace floe {
namespace {

TEST(DecimalTest, ParsesAndFormats) {
  int128_t v;
  ASSERT_TRUE(ParseDecimal("2.50", 4, 2, &v));
  EXPECT_EQ(DecimalToString(v, 2), "2.50");
  ASSERT_TRUE(ParseDecimal("-0.125", 10, 2, &v));
  EXPECT_EQ(DecimalToString(v, 2), "-0.13");
  ASSERT_TRUE(ParseDecimal("1e3", 10, 0, &v));
  EXPECT_EQ(DecimalToString(v, 0), "1000");
  EXPECT_FALSE(ParseDecimal("123.4", 3, 1, &v));
  EXPECT_FALSE(ParseDecimal("abc", 10, 0, &v));
}

TEST(DecimalTest, ThirtyEightDigits) {
  int128_t v;
  std::string max = "99999999999999999999999999999999999999";
  ASSERT_TRUE(ParseDecimal(max, 38, 0, &v));
  EXPECT_EQ(Int128ToString(v), max);
  EXPECT_FALSE(ParseDecimal(max + "9", 38, 0, &v));
  EXPECT_EQ(DecimalToString(-Pow10(38) + 1, 38).substr(0, 4), "-0.9");
}

TEST(DecimalTest, RescaleRoundsHalfUp) {
  int128_t v;
  ASSERT_TRUE(RescaleDecimal(125, 2, 1, 10, &v));
  EXPECT_EQ(v, 13);
  ASSERT_TRUE(RescaleDecimal(-125, 2, 1, 10, &v));
  EXPECT_EQ(v, -13);
  EXPECT_FALSE(RescaleDecimal(999, 0, 2, 4, &v));
}

}  // namespace
}  // namespace floe
