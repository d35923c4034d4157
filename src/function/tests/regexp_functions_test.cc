#include <gtest/gtest.h>

#include "function/tests/function_test_util.h"

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
  auto rows = CallColumns("like", {{Str("abc"), Str("abc"), Str("xyz")}, {Str("a%"), Str("b%"), Str("%z")}},
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
  EXPECT_EQ(Call("regexp_extract", {Str("100-200"), Str("([0-9]+)-([0-9]+)"), I32(1)}).str(), "100");
  EXPECT_EQ(Call("regexp_extract", {Str("100-200"), Str("([0-9]+)-([0-9]+)"), I32(2)}).str(), "200");
  EXPECT_EQ(Call("regexp_extract", {Str("100-200"), Str("([0-9]+)-([0-9]+)"), I32(0)}).str(), "100-200");
  EXPECT_EQ(Call("regexp_extract", {Str("foo"), Str("([0-9]+)"), I32(1)}).str(), "");
  EXPECT_EQ(Call("regexp_extract", {Str("order 42 of 7"), Str("[0-9]+"), I32(0)}).str(), "42");
  EXPECT_EQ(Call("regexp_extract", {Str("ann@example.com"), Str("@(.*)$")}).str(), "example.com");
  EXPECT_THROW(Call("regexp_extract", {Str("a"), Str("(a)"), I32(2)}), InvalidInputError);
  EXPECT_EQ(Call("regexp_replace", {Str("100-200"), Str("[0-9]+"), Str("num")}).str(), "num-num");
  EXPECT_EQ(Call("regexp_replace", {Str("John Smith"), Str("([a-zA-Z]+) ([a-zA-Z]+)"), Str("$2, $1")}).str(),
            "Smith, John");
  EXPECT_EQ(Call("regexp_replace", {Str("aaa"), Str("b"), Str("c")}).str(), "aaa");
  EXPECT_EQ(Call("regexp_replace", {Str("a.b"), Str("\\."), Str("\\$")}).str(), "a$b");
  EXPECT_TRUE(Call("regexp_replace", {Value::Null(TypeId::kString), Str("a"), Str("b")}).is_null());
}

}  // namespace
}  // namespace floe
