#include <gtest/gtest.h>

#include <cmath>

#include "function/scalar/rounding.h"
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

TEST(MathFunctionsTest, RoundIsHalfUpOnTheDecimalValue) {
  EXPECT_EQ(Call("round", {F64(2.5)}).float64(), 3.0);
  EXPECT_EQ(Call("round", {F64(-2.5)}).float64(), -3.0);
  EXPECT_EQ(Call("round", {F64(2.675), I32(2)}).float64(), 2.68);
  EXPECT_EQ(Call("round", {F64(1234.5), I32(-2)}).float64(), 1200.0);
  EXPECT_EQ(Call("bround", {F64(2.5)}).float64(), 2.0);
  EXPECT_EQ(Call("bround", {F64(3.5)}).float64(), 4.0);
  EXPECT_EQ(Call("round", {I32(1250), I32(-2)}).int32(), 1300);
  LogicalType type;
  EXPECT_EQ(Call("round", {Dec("3.14159", 6, 5), I32(2)}, {}, &type).ToString(), "3.14");
  EXPECT_EQ(type, LogicalType::Decimal(4, 2));
  EXPECT_EQ(Call("round", {Dec("-2.5", 2, 1)}, {}, &type).ToString(), "-3");
  EXPECT_EQ(type, LogicalType::Decimal(2, 0));
  EXPECT_EQ(Call("round", {Dec("99.5", 3, 1)}).ToString(), "100");
}

// The scale of java.math.BigDecimal.valueOf(double), which decides when Spark's round
// cannot rescale a double.
TEST(MathFunctionsTest, JavaDecimalScaleOfADouble) {
  EXPECT_EQ(JavaDecimalScale(1.5), 1);        // "1.5"
  EXPECT_EQ(JavaDecimalScale(100.0), 1);      // "100.0"
  EXPECT_EQ(JavaDecimalScale(0.001), 3);      // "0.001"
  EXPECT_EQ(JavaDecimalScale(1e20), -19);     // "1.0E20"
  EXPECT_EQ(JavaDecimalScale(1.25e-5), 7);    // "1.25E-5"
  EXPECT_EQ(JavaDecimalScale(-1234567.0), 1); // "-1234567.0"
  EXPECT_EQ(JavaDecimalScale(12345678.0), 0);   // "1.2345678E7"
}

// round(x, -2147483648) dropped -scale as an int (15 for 1.5); Spark's BigDecimal.setScale
// raises for a nonzero value there.
TEST(MathFunctionsTest, RoundAtExtremeScales) {
  EXPECT_THROW(Call("round", {Dec("1.5", 2, 1), I32(INT32_MIN)}), OutOfRangeError);
  EXPECT_THROW(Call("round", {I32(15), I32(INT32_MIN)}), OutOfRangeError);
  EXPECT_THROW(Call("round", {F64(1.5), I32(INT32_MIN)}), OutOfRangeError);
  EXPECT_THROW(Call("round", {F64(1.5), I32(INT32_MAX)}), OutOfRangeError);
  EXPECT_EQ(Call("round", {Dec("0.0", 1, 1), I32(INT32_MIN)}).ToString(), "0");
  EXPECT_EQ(Call("round", {I64(15), I32(-1000)}), I64(0));
  EXPECT_EQ(Call("round", {Value::Int8(-35), I32(-1)}), Value::Int8(-40));
  EXPECT_THROW(Call("round", {Value::Int8(125), I32(-1)}), OutOfRangeError);
  EXPECT_EQ(Call("round", {F64(1.5), I32(-1000)}).float64(), 0.0);
  FunctionContext try_mode;
  try_mode.try_mode = true;
  EXPECT_TRUE(Call("round", {I32(15), I32(INT32_MIN)}, try_mode).is_null());
}

TEST(MathFunctionsTest, FloorCeilTypes) {
  LogicalType type;
  EXPECT_EQ(Call("floor", {F64(-1.5)}, {}, &type).int64(), -2);
  EXPECT_EQ(type, LogicalType(TypeId::kInt64));
  EXPECT_EQ(Call("ceil", {F64(1.2)}).int64(), 2);
  EXPECT_EQ(Call("ceiling", {I32(5)}, {}, &type).int64(), 5);
  EXPECT_EQ(type, LogicalType(TypeId::kInt64));
  EXPECT_EQ(Call("floor", {Dec("-1.25", 5, 2)}, {}, &type).ToString(), "-2");
  EXPECT_EQ(type, LogicalType::Decimal(4, 0));
  EXPECT_EQ(Call("ceil", {Dec("1.25", 5, 2)}).ToString(), "2");
}

TEST(MathFunctionsTest, AbsPowerLogs) {
  EXPECT_EQ(Call("abs", {I32(-3)}).int32(), 3);
  EXPECT_EQ(Call("abs", {Dec("-1.50", 3, 2)}).ToString(), "1.50");
  EXPECT_THROW(Call("abs", {I32(INT32_MIN)}), OutOfRangeError);
  EXPECT_EQ(Call("power", {I32(2), I32(10)}).float64(), 1024.0);
  EXPECT_EQ(Call("pow", {F64(4), F64(0.5)}).float64(), 2.0);
  EXPECT_EQ(Call("sqrt", {I32(16)}).float64(), 4.0);
  EXPECT_TRUE(std::isnan(Call("sqrt", {I32(-1)}).float64()));
  EXPECT_TRUE(Call("ln", {I32(0)}).is_null());
  EXPECT_EQ(Call("log10", {I32(1000)}).float64(), 3.0);
  EXPECT_EQ(Call("log2", {I32(8)}).float64(), 3.0);
  EXPECT_NEAR(Call("log", {I32(2), I32(8)}).float64(), 3.0, 1e-12);
  EXPECT_NEAR(Call("exp", {I32(1)}).float64(), M_E, 1e-12);
  EXPECT_EQ(Call("sign", {I32(-5)}).float64(), -1.0);
  EXPECT_EQ(Call("signum", {F64(0)}).float64(), 0.0);
  EXPECT_EQ(Call("mod", {I32(7), I32(3)}).int32(), 1);
  EXPECT_EQ(Call("pmod", {I32(-7), I32(3)}).int32(), 2);
}

TEST(MathFunctionsTest, GreatestLeastSkipNulls) {
  EXPECT_EQ(Call("greatest", {I32(1), Value::Null(TypeId::kInt32), I32(3)}).int32(), 3);
  EXPECT_EQ(Call("least", {I32(1), Value::Null(TypeId::kInt32), I32(3)}).int32(), 1);
  EXPECT_TRUE(
      Call("greatest", {Value::Null(TypeId::kInt32), Value::Null(TypeId::kInt32)}).is_null());
  LogicalType type;
  EXPECT_EQ(Call("greatest", {I32(1), F64(2.5)}, {}, &type).float64(), 2.5);
  EXPECT_EQ(type, LogicalType(TypeId::kDouble));
  EXPECT_EQ(Call("least", {Str("b"), Str("a")}).str(), "a");
  EXPECT_TRUE(std::isnan(Call("greatest", {F64(NAN), F64(1)}).float64()));
}

TEST(MathFunctionsTest, IsNanAndNanvl) {
  EXPECT_TRUE(Call("isnan", {F64(NAN)}).boolean());
  EXPECT_FALSE(Call("isnan", {Value::Null(TypeId::kDouble)}).boolean());
  EXPECT_EQ(Call("nanvl", {F64(NAN), F64(1)}).float64(), 1.0);
  EXPECT_EQ(Call("nanvl", {F64(2), F64(1)}).float64(), 2.0);
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

// Cases of test/sql/functions/math/math_functions.test whose types hinge on decimal literals.
TEST(MathFunctionsTest, DecimalLiteralsKeepDecimalResults) {
  using testing::Call;
  using testing::Dec;
  using testing::I32;
  EXPECT_EQ(Call("abs", {Dec("-1.5", 2, 1)}).ToString(), "1.5");
  EXPECT_EQ(Call("round", {Dec("2.5", 2, 1)}).ToString(), "3");
  EXPECT_EQ(Call("round", {Dec("2.345", 4, 3), I32(2)}).ToString(), "2.35");
  EXPECT_EQ(Call("bround", {Dec("2.5", 2, 1)}).ToString(), "2");
  EXPECT_EQ(Call("floor", {Dec("3.7", 2, 1)}).ToString(), "3");
  EXPECT_EQ(Call("ceil", {Dec("3.2", 2, 1)}).ToString(), "4");
  EXPECT_EQ(Call("mod", {Dec("7.5", 2, 1), I32(2)}).ToString(), "1.5");
  EXPECT_EQ(Call("greatest", {I32(1), Dec("2.5", 2, 1)}).ToString(), "2.5");
  EXPECT_EQ(Call("round", {Value::Double(0.125), I32(2)}).float64(), 0.13);
  EXPECT_EQ(Call("ln", {Call("exp", {I32(2)})}).float64(), 2.0);
  EXPECT_EQ(Call("pow", {I32(2), I32(-1)}).float64(), 0.5);
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(MathFunctionsTest, FormatNumber) {
  using testing::Call;
  using testing::Dec;
  using testing::I32;
  EXPECT_EQ(Call("format_number", {Value::Double(12332.123456), I32(4)}).str(),
            "12,332.1235");  // Spark docs
  EXPECT_EQ(Call("format_number", {Dec("12332.123456", 11, 6), I32(4)}).str(), "12,332.1235");
  EXPECT_EQ(Call("format_number", {I32(1234567), I32(0)}).str(), "1,234,567");
  EXPECT_EQ(Call("format_number", {I32(-1234), I32(2)}).str(), "-1,234.00");
  EXPECT_EQ(Call("format_number", {Dec("2.5", 2, 1), I32(0)}).str(), "2");  // HALF_EVEN
  EXPECT_EQ(Call("format_number", {Value::Double(0.5), I32(0)}).str(), "0");
  EXPECT_EQ(Call("format_number", {Value::Double(123.0), I32(2)}).str(), "123.00");
  EXPECT_TRUE(Call("format_number", {I32(1), I32(-1)}).is_null());
}

}  // namespace
}  // namespace floe
