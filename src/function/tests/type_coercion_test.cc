#include "function/type_coercion.h"

#include <gtest/gtest.h>

namespace floe {
namespace {

LogicalType Common(LogicalType a, LogicalType b) {
  auto t = CommonSuperType(a, b);
  return t ? *t : LogicalType(TypeId::kInterval);
}

TEST(TypeCoercionTest, NumericWidening) {
  EXPECT_EQ(Common(TypeId::kInt32, TypeId::kInt64), LogicalType(TypeId::kInt64));
  EXPECT_EQ(Common(TypeId::kInt64, TypeId::kFloat), LogicalType(TypeId::kFloat));
  EXPECT_EQ(Common(TypeId::kFloat, TypeId::kDouble), LogicalType(TypeId::kDouble));
  EXPECT_EQ(Common(TypeId::kInt32, LogicalType::Decimal(5, 2)), LogicalType::Decimal(12, 2));
  EXPECT_EQ(Common(TypeId::kInt64, LogicalType::Decimal(5, 2)), LogicalType::Decimal(22, 2));
  EXPECT_EQ(Common(LogicalType::Decimal(10, 2), LogicalType::Decimal(5, 4)),
            LogicalType::Decimal(12, 4));
  EXPECT_EQ(Common(LogicalType::Decimal(38, 0), LogicalType::Decimal(38, 10)),
            LogicalType::Decimal(38, 10));
  EXPECT_EQ(Common(LogicalType::Decimal(10, 2), TypeId::kDouble), LogicalType(TypeId::kDouble));
  EXPECT_EQ(Common(TypeId::kNull, TypeId::kDate), LogicalType(TypeId::kDate));
}

TEST(TypeCoercionTest, TinyintAndSmallintWiden) {
  EXPECT_EQ(Common(TypeId::kInt8, TypeId::kInt8), LogicalType(TypeId::kInt8));
  EXPECT_EQ(Common(TypeId::kInt8, TypeId::kInt16), LogicalType(TypeId::kInt16));
  EXPECT_EQ(Common(TypeId::kInt16, TypeId::kInt32), LogicalType(TypeId::kInt32));
  EXPECT_EQ(Common(TypeId::kInt8, TypeId::kInt64), LogicalType(TypeId::kInt64));
  EXPECT_EQ(Common(TypeId::kInt16, TypeId::kFloat), LogicalType(TypeId::kFloat));
  // DecimalType.forType: ByteDecimal (3,0), ShortDecimal (5,0)
  EXPECT_EQ(Common(TypeId::kInt8, LogicalType::Decimal(5, 2)), LogicalType::Decimal(5, 2));
  EXPECT_EQ(Common(TypeId::kInt16, LogicalType::Decimal(2, 1)), LogicalType::Decimal(6, 1));
  EXPECT_EQ(Common(TypeId::kString, TypeId::kInt8), LogicalType(TypeId::kInt8));
  EXPECT_TRUE(CanImplicitCast(TypeId::kInt8, TypeId::kInt16));
  EXPECT_TRUE(CanImplicitCast(TypeId::kInt16, LogicalType::Decimal(5, 0)));
  EXPECT_TRUE(CanImplicitCast(TypeId::kInt16, TypeId::kInt32));
  EXPECT_FALSE(CanImplicitCast(TypeId::kInt32, TypeId::kInt8));
  EXPECT_FALSE(CanImplicitCast(TypeId::kInt64, TypeId::kInt16));
}

TEST(TypeCoercionTest, TemporalAndStrings) {
  EXPECT_EQ(Common(TypeId::kDate, TypeId::kTimestamp), LogicalType(TypeId::kTimestamp));
  EXPECT_EQ(Common(TypeId::kString, TypeId::kDate), LogicalType(TypeId::kDate));
  EXPECT_EQ(Common(TypeId::kTimestamp, TypeId::kString), LogicalType(TypeId::kTimestamp));
  EXPECT_EQ(Common(TypeId::kString, TypeId::kInt32), LogicalType(TypeId::kInt32));
  EXPECT_EQ(Common(TypeId::kString, LogicalType::Decimal(4, 1)), LogicalType(TypeId::kDouble));
  EXPECT_FALSE(CommonSuperType(TypeId::kBoolean, TypeId::kInt32));
  EXPECT_EQ(*WiderType(TypeId::kString, TypeId::kInt32), LogicalType(TypeId::kString));
  EXPECT_EQ(*WiderType(TypeId::kInt32, TypeId::kDouble), LogicalType(TypeId::kDouble));
}

TEST(TypeCoercionTest, ImplicitCasts) {
  EXPECT_TRUE(CanImplicitCast(TypeId::kInt32, TypeId::kInt64));
  EXPECT_TRUE(CanImplicitCast(TypeId::kInt64, TypeId::kInt32));  // range checked by the cast
  EXPECT_FALSE(CanImplicitCast(TypeId::kDouble, TypeId::kInt32));
  EXPECT_TRUE(CanImplicitCast(TypeId::kInt32, LogicalType::Decimal(10, 0)));
  EXPECT_TRUE(CanImplicitCast(TypeId::kString, TypeId::kDate));
  EXPECT_TRUE(CanImplicitCast(TypeId::kInt32, TypeId::kString));
  EXPECT_TRUE(CanImplicitCast(TypeId::kTimestamp, TypeId::kDate));
  EXPECT_FALSE(CanImplicitCast(TypeId::kBoolean, TypeId::kInt32));
}

}  // namespace
}  // namespace floe
