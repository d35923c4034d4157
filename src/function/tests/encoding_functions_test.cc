#include <gtest/gtest.h>

#include "function/tests/call_function.h"

namespace floe {
namespace {

using testing::Call;
using testing::CallColumns;
using testing::Dec;
using testing::I32;
using testing::I64;
using testing::Str;

TEST(EncodingFunctionsTest, HexAndUnhex) {
  EXPECT_EQ(Call("hex", {Value::Binary("AB")}).str(), "4142");
  EXPECT_EQ(Call("hex", {Value::Binary("\xca\xfe")}).str(), "CAFE");
  EXPECT_EQ(Call("hex", {I64(255)}).str(), "FF");
  EXPECT_EQ(Call("hex", {I32(-1)}).str(), "FFFFFFFFFFFFFFFF");
  EXPECT_EQ(Call("unhex", {Str("4142")}).str(), "AB");
  EXPECT_EQ(Call("unhex", {Str("A")}).str(), std::string(1, '\x0a'));
  EXPECT_TRUE(Call("unhex", {Str("ZZ")}).is_null());
}

TEST(EncodingFunctionsTest, TypeofNamesSparkTypes) {
  EXPECT_EQ(Call("typeof", {I32(1)}).str(), "int");
  EXPECT_EQ(Call("typeof", {Dec("1.5", 2, 1)}).str(), "decimal(2,1)");
  EXPECT_EQ(Call("typeof", {Value::Null()}).str(), "void");
  LogicalType type;
  Call("/", {Dec("1.0", 2, 1), I32(3)}, {}, &type);
  EXPECT_EQ(type.ToString(), "decimal(7,6)");  // Spark: typeof(1.0 / 3)
}

TEST(LogicalFunctionsTest, KleeneLogic) {
  Value t = Value::Boolean(true), f = Value::Boolean(false), n = Value::Null(TypeId::kBoolean);
  auto rows = CallColumns("and", {{t, t, f, n, n, f}, {t, f, n, t, n, f}},
                          {TypeId::kBoolean, TypeId::kBoolean});
  EXPECT_TRUE(rows[0].boolean());
  EXPECT_FALSE(rows[1].boolean());
  EXPECT_FALSE(rows[2].is_null());
  EXPECT_FALSE(rows[2].boolean());
  EXPECT_TRUE(rows[3].is_null());
  EXPECT_TRUE(rows[4].is_null());
  rows = CallColumns("or", {{t, f, f, n}, {n, n, f, n}}, {TypeId::kBoolean, TypeId::kBoolean});
  EXPECT_TRUE(rows[0].boolean());
  EXPECT_TRUE(rows[1].is_null());
  EXPECT_FALSE(rows[2].boolean());
  EXPECT_TRUE(rows[3].is_null());
  EXPECT_FALSE(Call("not", {t}).boolean());
  EXPECT_TRUE(Call("isnull", {Value::Null(TypeId::kInt32)}).boolean());
  EXPECT_TRUE(Call("isnotnull", {I32(1)}).boolean());
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(EncodingFunctionsTest, Base64AndCharsets) {
  using testing::Call;
  using testing::Str;
  EXPECT_EQ(Call("base64", {Str("Spark SQL")}).str(), "U3BhcmsgU1FM");  // Spark docs
  EXPECT_EQ(Call("base64", {Str("ab")}).str(), "YWI=");
  EXPECT_EQ(Call("unbase64", {Str("U3BhcmsgU1FM")}).str(), "Spark SQL");
  EXPECT_EQ(Call("unbase64", {Str("YWI=")}).str(), "ab");
  EXPECT_TRUE(Call("unbase64", {Str("*")}).is_null());
  EXPECT_EQ(Call("decode", {Call("encode", {Str("h\xc3\xa9"), Str("utf-8")}), Str("UTF-8")}).str(),
            "h\xc3\xa9");
  EXPECT_THROW(Call("encode", {Str("a"), Str("latin1")}), BinderError);
}

}  // namespace
}  // namespace floe
