#include <gtest/gtest.h>

#include <cmath>

#include "function/tests/call_function.h"

namespace floe {
namespace {

using testing::Call;
using testing::CallColumns;
using testing::Dec;
using testing::F64;
using testing::I32;
using testing::I64;
using testing::Str;

bool Is(const std::string& op, const Value& a, const Value& b) {
  Value v = Call(op, {a, b});
  EXPECT_FALSE(v.is_null());
  return v.boolean();
}

TEST(ComparisonTest, NumbersOfDifferentTypes) {
  EXPECT_TRUE(Is("=", I32(1), I64(1)));
  EXPECT_TRUE(Is("<", I32(1), F64(1.5)));
  EXPECT_TRUE(Is("=", Dec("1.50", 3, 2), Dec("1.5", 2, 1)));
  EXPECT_TRUE(Is("<", Dec("1.49", 3, 2), Dec("1.5", 2, 1)));
  EXPECT_TRUE(Is(">", Dec("99999999999999999999999999999999999999", 38, 0), Dec("1.5", 38, 10)));
  EXPECT_TRUE(Is("=", I32(2), Dec("2.00", 3, 2)));
  EXPECT_TRUE(Is(">=", I64(3), I64(3)));
  EXPECT_TRUE(Is("<>", I64(3), I64(4)));
}

TEST(ComparisonTest, NaNIsEqualToItselfAndGreatest) {
  EXPECT_TRUE(Is("=", F64(NAN), F64(NAN)));
  EXPECT_TRUE(Is(">", F64(NAN), F64(INFINITY)));
  EXPECT_FALSE(Is("<", F64(NAN), F64(1)));
  EXPECT_TRUE(Is("=", F64(0.0), F64(-0.0)));
}

TEST(ComparisonTest, StringsDatesAndCoercion) {
  EXPECT_TRUE(Is("<", Str("a"), Str("b")));
  EXPECT_TRUE(Is("<", Str("Z"), Str("a")));
  EXPECT_TRUE(Is("<", Str("abc"), Str("abcd")));
  EXPECT_TRUE(Is("<", Str("z"), Str("\xc3\xa9")));  // U+00E9 after ASCII
  FunctionContext context;
  Value date = CastValue(Str("2026-01-15"), TypeId::kDate, context);
  EXPECT_TRUE(Is("=", date, Str("2026-01-15")));
  Value ts = CastValue(Str("2026-01-15 00:00:00"), TypeId::kTimestamp, context);
  EXPECT_TRUE(Is("=", date, ts));
  EXPECT_TRUE(Is("=", Str("10"), I32(10)));
  EXPECT_TRUE(Is("<", Str("9"), I32(10)));  // read as a number, not as text
}

TEST(ComparisonTest, NullsAndNullSafeEqual) {
  auto rows = CallColumns("=", {{I32(1), Value::Null(TypeId::kInt32)}, {I32(1), I32(1)}},
                          {TypeId::kInt32, TypeId::kInt32});
  EXPECT_TRUE(rows[0].boolean());
  EXPECT_TRUE(rows[1].is_null());
  rows = CallColumns("<=>",
                     {{I32(1), Value::Null(TypeId::kInt32), Value::Null(TypeId::kInt32)},
                      {I32(1), I32(1), Value::Null(TypeId::kInt32)}},
                     {TypeId::kInt32, TypeId::kInt32});
  EXPECT_TRUE(rows[0].boolean());
  EXPECT_FALSE(rows[1].is_null());
  EXPECT_FALSE(rows[1].boolean());
  EXPECT_TRUE(rows[2].boolean());
  EXPECT_THROW(Call("=", {Value::Boolean(true), I32(1)}), BinderError);
}

}  // namespace
}  // namespace floe
