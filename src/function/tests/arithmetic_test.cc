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

TEST(ArithmeticTest, IntegersKeepTheirTypeAndCheckOverflow) {
  LogicalType type;
  EXPECT_EQ(Call("+", {I32(2), I32(3)}, {}, &type).int32(), 5);
  EXPECT_EQ(type, LogicalType(TypeId::kInt32));
  EXPECT_EQ(Call("*", {I32(2), I64(3)}, {}, &type).int64(), 6);
  EXPECT_EQ(type, LogicalType(TypeId::kInt64));
  try {
    Call("+", {I32(INT32_MAX), I32(1)});
    FAIL();
  } catch (const OutOfRangeError& e) {
    EXPECT_NE(std::string(e.what()).find("[ARITHMETIC_OVERFLOW] integer overflow"),
              std::string::npos);
  }
  EXPECT_THROW(Call("*", {I64(INT64_MAX), I64(2)}), OutOfRangeError);
  EXPECT_THROW(Call("-", {I64(INT64_MIN), I64(1)}), OutOfRangeError);
  EXPECT_THROW(Call("negative", {I32(INT32_MIN)}), OutOfRangeError);
  FunctionContext try_mode;
  try_mode.try_mode = true;
  EXPECT_TRUE(Call("+", {I32(INT32_MAX), I32(1)}, try_mode).is_null());
}

// ArithmeticExpressionSuite "+ (Add)", "- (Subtract)", "* (Multiply)" with ANSI on: a
// byte or short result past its range is BINARY_ARITHMETIC_OVERFLOW (ByteExactNumeric).
TEST(ArithmeticTest, TinyintAndSmallintOverflowAtTheirRange) {
  LogicalType type;
  EXPECT_EQ(Call("+", {Value::Int8(100), Value::Int8(27)}, {}, &type), Value::Int8(127));
  EXPECT_EQ(type, LogicalType(TypeId::kInt8));
  EXPECT_EQ(Call("-", {Value::Int16(-32000), Value::Int16(768)}, {}, &type), Value::Int16(-32768));
  EXPECT_EQ(type, LogicalType(TypeId::kInt16));
  EXPECT_EQ(Call("*", {Value::Int8(2), Value::Int16(300)}, {}, &type), Value::Int16(600));
  try {
    Call("+", {Value::Int8(100), Value::Int8(100)});
    FAIL();
  } catch (const OutOfRangeError& e) {
    EXPECT_NE(
        std::string(e.what()).find("[BINARY_ARITHMETIC_OVERFLOW] 100S + 100S caused overflow"),
        std::string::npos)
        << e.what();
  }
  EXPECT_THROW(Call("*", {Value::Int16(182), Value::Int16(182)}), OutOfRangeError);
  EXPECT_THROW(Call("-", {Value::Int8(-128), Value::Int8(1)}), OutOfRangeError);
  try {
    Call("negative", {Value::Int8(-128)});
    FAIL();
  } catch (const OutOfRangeError& e) {
    EXPECT_NE(std::string(e.what()).find("[ARITHMETIC_OVERFLOW] - -128 caused overflow"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(Call("abs", {Value::Int16(-32768)}), OutOfRangeError);
  EXPECT_EQ(Call("%", {Value::Int8(-128), Value::Int8(-1)}), Value::Int8(0));
  EXPECT_EQ(Call("div", {Value::Int8(-128), Value::Int8(-1)}), Value::Int64(128));
  FunctionContext try_mode;
  try_mode.try_mode = true;
  EXPECT_TRUE(Call("+", {Value::Int8(127), Value::Int8(1)}, try_mode).is_null());
}

TEST(ArithmeticTest, DivisionIsFractionalAndChecksZero) {
  LogicalType type;
  EXPECT_EQ(Call("/", {I32(1), I32(2)}, {}, &type).float64(), 0.5);
  EXPECT_EQ(type, LogicalType(TypeId::kDouble));
  try {
    Call("/", {I32(1), I32(0)});
    FAIL();
  } catch (const DivideByZeroError& e) {
    EXPECT_NE(std::string(e.what()).find("[DIVIDE_BY_ZERO] Division by zero"), std::string::npos);
  }
  EXPECT_THROW(Call("%", {I32(1), I32(0)}), DivideByZeroError);
  // Doubles too (Spark's ANSI mode): no Infinity, no NaN.
  EXPECT_THROW(Call("/", {F64(1), I32(0)}), DivideByZeroError);
  EXPECT_THROW(Call("/", {F64(0), F64(0)}), DivideByZeroError);
  EXPECT_THROW(Call("%", {F64(1), F64(0)}), DivideByZeroError);
  EXPECT_TRUE(Call("try_divide", {I32(1), I32(0)}).is_null());
  EXPECT_TRUE(Call("try_divide", {F64(1), I32(0)}).is_null());
  EXPECT_TRUE(Call("try_add", {I32(INT32_MAX), I32(1)}).is_null());
  EXPECT_EQ(Call("try_subtract", {I32(10), I32(3)}).int32(), 7);
  FunctionContext try_mode;
  try_mode.try_mode = true;
  EXPECT_TRUE(Call("/", {I32(1), I32(0)}, try_mode).is_null());
  EXPECT_EQ(Call("div", {I32(7), I32(2)}, {}, &type).int64(), 3);
  EXPECT_EQ(type, LogicalType(TypeId::kInt64));
  EXPECT_EQ(Call("div", {I32(-7), I32(2)}).int64(), -3);
  EXPECT_EQ(Call("%", {I32(-7), I32(3)}).int32(), -1);
  EXPECT_EQ(Call("pmod", {I32(-7), I32(3)}).int32(), 2);
  EXPECT_EQ(Call("%", {I32(INT32_MIN), I32(-1)}).int32(), 0);
  EXPECT_EQ(Call("%", {F64(5.5), F64(2)}).float64(), 1.5);
}

TEST(ArithmeticTest, DecimalPrecisionAndScale) {
  LogicalType type;
  // A column of int next to decimal(4,2) is decimal(10,0): product decimal(15,2).
  auto rows = CallColumns("*", {{Dec("2.50", 4, 2)}, {I32(2)}},
                          {LogicalType::Decimal(4, 2), TypeId::kInt32}, {}, &type);
  EXPECT_EQ(type, LogicalType::Decimal(15, 2));
  EXPECT_EQ(rows[0].ToString(), "5.00");
  // A literal 2 takes the fewest digits (Spark): decimal(1,0), product decimal(6,2).
  EXPECT_EQ(Call("*", {Dec("2.50", 4, 2), I32(2)}, {}, &type).ToString(), "5.00");
  EXPECT_EQ(type, LogicalType::Decimal(6, 2));
  EXPECT_EQ(Call("+", {Dec("1.5", 2, 1), Dec("2.25", 3, 2)}, {}, &type).ToString(), "3.75");
  EXPECT_EQ(type, LogicalType::Decimal(4, 2));
  EXPECT_EQ(Call("-", {Dec("1.5", 2, 1), Dec("2.25", 3, 2)}).ToString(), "-0.75");
  // decimal(10,2) / decimal(10,2): scale max(6, 2+10+1) = 13, precision 10-2+2+13 = 23.
  EXPECT_EQ(Call("/", {Dec("1", 10, 2), Dec("3", 10, 2)}, {}, &type).ToString(), "0.3333333333333");
  EXPECT_EQ(type, LogicalType::Decimal(23, 13));
  EXPECT_EQ(Call("/", {Dec("2", 10, 2), Dec("3", 10, 2)}).ToString(), "0.6666666666667");
  EXPECT_EQ(Call("%", {Dec("7.5", 2, 1), Dec("2", 1, 0)}).ToString(), "1.5");
  EXPECT_THROW(Call("/", {Dec("1", 10, 2), Dec("0", 10, 2)}), DivideByZeroError);
  // decimal(38,10) * decimal(38,10): precision loss keeps 6 digits of scale.
  EXPECT_EQ(
      Call("*", {Dec("12345678901234567890.5", 38, 10), Dec("2.25", 38, 10)}, {}, &type).ToString(),
      "27777777527777777753.625000");
  EXPECT_EQ(type, LogicalType::Decimal(38, 6));
  EXPECT_THROW(Call("*", {Dec("99999999999999999999999999999999999999", 38, 0), Dec("10", 38, 0)}),
               OutOfRangeError);
  EXPECT_EQ(Call("+", {Dec("1.5", 2, 1), F64(1)}, {}, &type).float64(), 2.5);
  EXPECT_EQ(type, LogicalType(TypeId::kDouble));
  EXPECT_EQ(Call("div", {Dec("7.5", 2, 1), Dec("2", 1, 0)}).int64(), 3);
}

TEST(ArithmeticTest, DatesAndIntervals) {
  FunctionContext context;
  Value date = CastValue(Str("2026-01-31"), TypeId::kDate, context);
  EXPECT_EQ(Call("+", {date, I32(1)}).ToString(), "2026-02-01");
  EXPECT_EQ(Call("+", {I32(1), date}).ToString(), "2026-02-01");
  EXPECT_EQ(Call("-", {date, I32(31)}).ToString(), "2025-12-31");
  Value other = CastValue(Str("2026-01-01"), TypeId::kDate, context);
  EXPECT_EQ(Call("-", {date, other}).int32(), 30);
  Value month = Value::IntervalValue(Interval{1, 0, 0});
  EXPECT_EQ(Call("+", {date, month}).ToString(), "2026-02-28");
  Value ts = CastValue(Str("2026-01-31 10:00:00"), TypeId::kTimestamp, context);
  EXPECT_EQ(Call("+", {ts, Value::IntervalValue(Interval{1, 1, 3600000000})}).ToString(),
            "2026-03-01 11:00:00");
  EXPECT_EQ(Call("-", {ts, Value::IntervalValue(Interval{0, 31, 0})}).ToString(),
            "2025-12-31 10:00:00");
}

TEST(ArithmeticTest, NullsPropagate) {
  auto rows = CallColumns("+", {{I32(1), Value::Null(TypeId::kInt32)}, {I32(2), I32(3)}},
                          {TypeId::kInt32, TypeId::kInt32});
  EXPECT_EQ(rows[0].int32(), 3);
  EXPECT_TRUE(rows[1].is_null());
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(ArithmeticTest, ManyRowsTakeTheFastPathAndStillReportOverflow) {
  std::vector<Value> x, y;
  for (int i = 0; i < 1000; ++i) {
    x.push_back(Value::Int32(i));
    y.push_back(Value::Int32(2 * i));
  }
  auto rows = testing::CallColumns("*", {x, y}, {TypeId::kInt32, TypeId::kInt32});
  EXPECT_EQ(rows[999].int32(), 999 * 1998);
  y[500] = Value::Int32(INT32_MAX);
  EXPECT_THROW(testing::CallColumns("*", {x, y}, {TypeId::kInt32, TypeId::kInt32}),
               OutOfRangeError);
  FunctionContext try_mode;
  try_mode.try_mode = true;
  rows = testing::CallColumns("*", {x, y}, {TypeId::kInt32, TypeId::kInt32}, try_mode);
  EXPECT_TRUE(rows[500].is_null());
  EXPECT_EQ(rows[501].int32(), 501 * 1002);
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

// Sums whose operands, aligned to one scale, pass 128 bits although the result fits the
// reduced scale of Spark's result type.
TEST(ArithmeticTest, DecimalSumsWithPrecisionLoss) {
  using testing::Call;
  using testing::Dec;
  LogicalType type;
  // decimal(38,0) + decimal(38,38) is decimal(38,6).
  EXPECT_EQ(Call("+", {Dec("5", 38, 0), Dec("0.4999995", 38, 38)}, {}, &type).ToString(),
            "5.500000");
  EXPECT_EQ(type, LogicalType::Decimal(38, 6));
  EXPECT_EQ(Call("-", {Dec("5", 38, 0), Dec("0.4999995", 38, 38)}).ToString(), "4.500001");
  EXPECT_EQ(Call("+", {Dec("-5", 38, 0), Dec("0.0000004", 38, 38)}).ToString(), "-5.000000");
  // decimal(38,18) + decimal(38,18) is decimal(38,17): near the top of the range.
  std::string big = "99999999999999999999.999999999999999999";
  EXPECT_EQ(Call("+", {Dec(big, 38, 18), Dec(big, 38, 18)}, {}, &type).ToString(),
            "200000000000000000000.00000000000000000");
  EXPECT_EQ(type, LogicalType::Decimal(38, 17));
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(ArithmeticTest, DecimalDivisionWithAWideScaleGap) {
  using testing::Call;
  using testing::Dec;
  LogicalType type;
  // decimal(38,0) / decimal(38,38) is decimal(38,6): the dividend scales up by 10^44.
  EXPECT_EQ(Call("/", {Dec("1", 38, 0), Dec("0.1", 38, 38)}, {}, &type).ToString(), "10.000000");
  EXPECT_EQ(type, LogicalType::Decimal(38, 6));
  EXPECT_EQ(Call("/", {Dec("2", 38, 0), Dec("0.3", 38, 38)}).ToString(), "6.666667");
  EXPECT_THROW(
      Call("/", {Dec("99999999999999999999999999999999999999", 38, 0), Dec("0.1", 38, 38)}),
      OutOfRangeError);
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(ArithmeticTest, DecimalProductDroppingMoreThan38Digits) {
  using testing::Call;
  using testing::Dec;
  LogicalType type;
  // decimal(38,38) * decimal(38,38) is decimal(38,37): 39 digits of the product's scale go.
  EXPECT_EQ(Call("*", {Dec("0.5", 38, 38), Dec("0.5", 38, 38)}, {}, &type).ToString(),
            "0.2500000000000000000000000000000000000");
  EXPECT_EQ(type, LogicalType::Decimal(38, 37));
  EXPECT_EQ(Call("*", {Dec("0.33333333333333333333333333333333333333", 38, 38),
                       Dec("0.33333333333333333333333333333333333333", 38, 38)})
                .ToString(),
            "0.1111111111111111111111111111111111111");
  EXPECT_EQ(Call("*", {Dec("-0.00000000000000000005", 38, 38), Dec("0.5", 38, 38)}).ToString(),
            "-0.0000000000000000000250000000000000000");
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(ArithmeticTest, DecimalRemainderOfAWideDividend) {
  using testing::Call;
  using testing::Dec;
  LogicalType type;
  // decimal(38,0) % decimal(38,38): the dividend aligned to scale 38 passes 128 bits.
  EXPECT_EQ(Call("%", {Dec("7", 38, 0), Dec("0.3", 38, 38)}, {}, &type).ToString(),
            "0.10000000000000000000000000000000000000");
  EXPECT_EQ(type, LogicalType::Decimal(38, 38));
  EXPECT_EQ(Call("%", {Dec("-7", 38, 0), Dec("0.3", 38, 38)}).ToString(),
            "-0.10000000000000000000000000000000000000");
  EXPECT_EQ(Call("pmod", {Dec("-7", 38, 0), Dec("0.3", 38, 38)}).ToString(),
            "0.20000000000000000000000000000000000000");
}

}  // namespace
}  // namespace floe
