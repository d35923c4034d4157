#include <gtest/gtest.h>

#include "function/tests/call_function.h"

namespace floe {
namespace {

using testing::Call;
using testing::CallColumns;
using testing::I32;
using testing::Str;

bool Like(const std::string& op, const std::string& s, const std::string& p) {
  return Call(op, {Str(s), Str(p)}).boolean();
}

TEST(RegexpFunctionsTest, Like) {
  EXPECT_TRUE(Like("like", "abc", "a%"));
  EXPECT_FALSE(Like("like", "abc", "A%"));
  EXPECT_TRUE(Like("like", "abc", "_b_"));
  EXPECT_FALSE(Like("like", "abc", "%z%"));
  EXPECT_TRUE(Like("like", "abc", "%c"));
  EXPECT_TRUE(Like("like", "abc", "abc"));
  EXPECT_TRUE(Like("like", "abc", "%"));
  EXPECT_TRUE(Like("like", "", "%"));
  EXPECT_TRUE(Like("like", "a_c", "a\\_c"));
  EXPECT_FALSE(Like("like", "abc", "a\\_c"));
  EXPECT_TRUE(Like("like", "abcbcd", "a%bc%d"));
  EXPECT_FALSE(Like("like", "abcbce", "a%bc%d"));
  EXPECT_TRUE(Like("like", "h\xc3\xa9llo", "h_llo"));
  EXPECT_TRUE(Like("like", "100%", "100\\%"));
  EXPECT_TRUE(Like("ilike", "ABC", "a%c"));
  EXPECT_TRUE(Like("ilike", "Alice", "%A%"));
  // A pattern from a column is compiled per distinct value.
  auto rows =
      CallColumns("like", {{Str("abc"), Str("abc"), Str("xyz")}, {Str("a%"), Str("b%"), Str("%z")}},
                  {TypeId::kString, TypeId::kString});
  EXPECT_TRUE(rows[0].boolean());
  EXPECT_FALSE(rows[1].boolean());
  EXPECT_TRUE(rows[2].boolean());
}

TEST(RegexpFunctionsTest, Rlike) {
  EXPECT_TRUE(Like("rlike", "abc", "^a.c$"));
  EXPECT_TRUE(Like("rlike", "abc123", "[0-9]+"));
  EXPECT_FALSE(Like("rlike", "abc", "^b"));
  EXPECT_TRUE(Like("regexp", "abc", "b"));
  EXPECT_THROW(Call("rlike", {Str("a"), Str("(")}), InvalidInputError);
}

TEST(RegexpFunctionsTest, ExtractAndReplace) {
  EXPECT_EQ(Call("regexp_extract", {Str("100-200"), Str("([0-9]+)-([0-9]+)"), I32(1)}).str(),
            "100");
  EXPECT_EQ(Call("regexp_extract", {Str("100-200"), Str("([0-9]+)-([0-9]+)"), I32(2)}).str(),
            "200");
  EXPECT_EQ(Call("regexp_extract", {Str("100-200"), Str("([0-9]+)-([0-9]+)"), I32(0)}).str(),
            "100-200");
  EXPECT_EQ(Call("regexp_extract", {Str("foo"), Str("([0-9]+)"), I32(1)}).str(), "");
  EXPECT_EQ(Call("regexp_extract", {Str("order 42 of 7"), Str("[0-9]+"), I32(0)}).str(), "42");
  EXPECT_EQ(Call("regexp_extract", {Str("ann@example.com"), Str("@(.*)$")}).str(), "example.com");
  EXPECT_THROW(Call("regexp_extract", {Str("a"), Str("(a)"), I32(2)}), InvalidInputError);
  EXPECT_EQ(Call("regexp_replace", {Str("100-200"), Str("[0-9]+"), Str("num")}).str(), "num-num");
  EXPECT_EQ(
      Call("regexp_replace", {Str("John Smith"), Str("([a-zA-Z]+) ([a-zA-Z]+)"), Str("$2, $1")})
          .str(),
      "Smith, John");
  EXPECT_EQ(Call("regexp_replace", {Str("aaa"), Str("b"), Str("c")}).str(), "aaa");
  EXPECT_EQ(Call("regexp_replace", {Str("a.b"), Str("\\."), Str("\\$")}).str(), "a$b");
  EXPECT_TRUE(Call("regexp_replace", {Value::Null(TypeId::kString), Str("a"), Str("b")}).is_null());
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(RegexpFunctionsTest, CountSubstrInstr) {
  using testing::Call;
  using testing::Str;
  // Spark docs: regexp_count('Steven Jones and Stephen Smith are the best players', 'Ste(v|ph)en')
  // = 2.
  EXPECT_EQ(Call("regexp_count",
                 {Str("Steven Jones and Stephen Smith are the best players"), Str("Ste(v|ph)en")})
                .int32(),
            2);
  EXPECT_EQ(Call("regexp_count", {Str("abc"), Str("z")}).int32(), 0);
  EXPECT_EQ(Call("regexp_substr",
                 {Str("Steven Jones and Stephen Smith are the best players"), Str("Ste(v|ph)en")})
                .str(),
            "Steven");
  EXPECT_TRUE(Call("regexp_substr", {Str("abc"), Str("z")}).is_null());
  EXPECT_EQ(Call("regexp_instr", {Str("h\xc3\xa9llo 42"), Str("[0-9]+")}).int32(), 7);
  EXPECT_EQ(Call("regexp_instr", {Str("abc"), Str("z")}).int32(), 0);
}

TEST(BitwiseFunctionsTest, Operators) {
  using testing::Call;
  using testing::I32;
  using testing::I64;
  EXPECT_EQ(Call("&", {I32(3), I32(5)}).int32(), 1);
  EXPECT_EQ(Call("|", {I32(3), I32(5)}).int32(), 7);
  EXPECT_EQ(Call("^", {I32(3), I64(5)}).int64(), 6);
  EXPECT_EQ(Call("~", {I32(0)}).int32(), -1);
  EXPECT_EQ(Call("shiftleft", {I32(2), I32(1)}).int32(), 4);
  EXPECT_EQ(Call("shiftright", {I32(-4), I32(1)}).int32(), -2);
  EXPECT_EQ(Call("shiftrightunsigned", {I32(-4), I32(28)}).int32(), 15);
  EXPECT_EQ(Call("bit_count", {I32(0)}).int32(), 0);
  EXPECT_EQ(Call("bit_count", {I32(-1)}).int32(), 64);
  EXPECT_EQ(Call("bit_count", {I64(7)}).int32(), 3);
  EXPECT_TRUE(
      Call("equal_null", {Value::Null(TypeId::kInt32), Value::Null(TypeId::kInt32)}).boolean());
}

}  // namespace
}  // namespace floe
