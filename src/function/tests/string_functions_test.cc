#include <gtest/gtest.h>

#include "function/tests/call_function.h"

namespace floe {
namespace {

using testing::Call;
using testing::CallColumns;
using testing::I32;
using testing::Str;

std::string S(const std::string& name, const std::vector<Value>& args) {
  Value v = Call(name, args);
  return v.is_null() ? "NULL" : v.str();
}

TEST(StringFunctionsTest, CaseAndLength) {
  EXPECT_EQ(S("lower", {Str("Hello World")}), "hello world");
  EXPECT_EQ(S("upper", {Str("Hello World")}), "HELLO WORLD");
  EXPECT_EQ(S("upper", {Str("h\xc3\xa9llo")}), "H\xc3\x89LLO");
  EXPECT_EQ(Call("length", {Str("h\xc3\xa9llo")}).int32(), 5);
  EXPECT_EQ(Call("length", {Str("")}).int32(), 0);
  EXPECT_EQ(Call("char_length", {Str("abc")}).int32(), 3);
  EXPECT_EQ(Call("length", {Value::Binary("h\xc3\xa9")}).int32(), 3);
  EXPECT_EQ(Call("length", {I32(123)}).int32(), 3);
}

TEST(StringFunctionsTest, SubstringFollowsSpark) {
  EXPECT_EQ(S("substring", {Str("Spark SQL"), I32(5)}), "k SQL");
  EXPECT_EQ(S("substring", {Str("Spark SQL"), I32(5), I32(1)}), "k");
  EXPECT_EQ(S("substring", {Str("Spark SQL"), I32(-3)}), "SQL");
  EXPECT_EQ(S("substring", {Str("Spark SQL"), I32(-3), I32(2)}), "SQ");
  EXPECT_EQ(S("substr", {Str("Spark"), I32(0), I32(2)}), "Sp");
  EXPECT_EQ(S("substring", {Str("Spark"), I32(10)}), "");
  EXPECT_EQ(S("substring", {Str("Spark"), I32(-10), I32(7)}), "Sp");
  EXPECT_EQ(S("substring", {Str("h\xc3\xa9llo"), I32(2), I32(3)}), "\xc3\xa9ll");
  EXPECT_EQ(S("left", {Str("Spark"), I32(2)}), "Sp");
  EXPECT_EQ(S("right", {Str("Spark"), I32(2)}), "rk");
}

TEST(StringFunctionsTest, ConcatAndTrim) {
  EXPECT_EQ(S("concat", {Str("a"), Str("b"), Str("c")}), "abc");
  EXPECT_EQ(S("concat", {Str("a"), Value::Null(TypeId::kString), Str("c")}), "NULL");
  EXPECT_EQ(S("concat", {Str("x"), I32(1), Value::Boolean(true)}), "x1true");
  EXPECT_EQ(S("||", {Str("a"), Str("b")}), "ab");
  EXPECT_EQ(S("concat_ws", {Str("-"), Str("a"), Value::Null(TypeId::kString), Str("b")}), "a-b");
  EXPECT_EQ(S("concat_ws", {Str(", "), Str("one")}), "one");
  EXPECT_EQ(S("concat_ws", {Value::Null(TypeId::kString), Str("a")}), "NULL");
  EXPECT_EQ(S("trim", {Str("  x  ")}), "x");
  EXPECT_EQ(S("ltrim", {Str("  x  ")}), "x  ");
  EXPECT_EQ(S("rtrim", {Str("  x  ")}), "  x");
  // Spark: trim(trimStr, str) but btrim(str, trimStr).
  EXPECT_EQ(S("trim", {Str("SL"), Str("SSparkSQLS")}), "parkSQ");
  EXPECT_EQ(S("ltrim", {Str("SL"), Str("SSparkSQLS")}), "parkSQLS");
  EXPECT_EQ(S("rtrim", {Str("SL"), Str("SSparkSQLS")}), "SSparkSQ");
  EXPECT_EQ(S("btrim", {Str("SSparkSQLS"), Str("SL")}), "parkSQ");
}

TEST(StringFunctionsTest, PadReplaceSplit) {
  EXPECT_EQ(S("lpad", {Str("hi"), I32(5), Str("??")}), "???hi");
  EXPECT_EQ(S("lpad", {Str("hi"), I32(1), Str("?")}), "h");
  EXPECT_EQ(S("lpad", {Str("hi"), I32(4)}), "  hi");
  EXPECT_EQ(S("rpad", {Str("hi"), I32(5), Str("ab")}), "hiaba");
  EXPECT_EQ(S("rpad", {Str("hello"), I32(3), Str("x")}), "hel");
  EXPECT_EQ(S("replace", {Str("ABCabc"), Str("abc"), Str("DEF")}), "ABCDEF");
  EXPECT_EQ(S("replace", {Str("a.b.c"), Str("."), Str("")}), "abc");
  EXPECT_EQ(S("replace", {Str("a.b.c"), Str(".")}), "abc");
  EXPECT_EQ(S("split_part", {Str("11.12.13"), Str("."), I32(3)}), "13");
  EXPECT_EQ(S("split_part", {Str("11.12.13"), Str("."), I32(-1)}), "13");
  EXPECT_EQ(S("split_part", {Str("11.12.13"), Str("."), I32(5)}), "");
  EXPECT_EQ(S("split_part", {Str("a,,b"), Str(","), I32(2)}), "");
  EXPECT_THROW(Call("split_part", {Str("a"), Str(","), I32(0)}), InvalidInputError);
}

TEST(StringFunctionsTest, SearchFunctions) {
  EXPECT_EQ(Call("instr", {Str("SparkSQL"), Str("SQL")}).int32(), 6);
  EXPECT_EQ(Call("instr", {Str("abc"), Str("z")}).int32(), 0);
  EXPECT_EQ(Call("instr", {Str("h\xc3\xa9llo"), Str("l")}).int32(), 3);
  EXPECT_EQ(Call("locate", {Str("b"), Str("abcb"), I32(3)}).int32(), 4);
  EXPECT_TRUE(Call("starts_with", {Str("Spark SQL"), Str("Spark")}).boolean());
  EXPECT_FALSE(Call("startswith", {Str("Spark SQL"), Str("spark")}).boolean());
  EXPECT_TRUE(Call("starts_with", {Value::Null(TypeId::kString), Str("a")}).is_null());
  EXPECT_TRUE(Call("ends_with", {Str("Spark SQL"), Str("SQL")}).boolean());
  EXPECT_TRUE(Call("contains", {Str("Spark SQL"), Str("k S")}).boolean());
  EXPECT_EQ(S("reverse", {Str("h\xc3\xa9y")}), "y\xc3\xa9h");
  EXPECT_EQ(S("repeat", {Str("ab"), I32(3)}), "ababab");
  EXPECT_EQ(S("initcap", {Str("hello wORLD")}), "Hello World");
}

TEST(StringFunctionsTest, ColumnsWithNulls) {
  auto rows = CallColumns("substring",
                          {{Str("apple"), Value::Null(TypeId::kString), Str("")},
                           {I32(2), I32(2), I32(2)},
                           {I32(2), I32(2), I32(2)}},
                          {TypeId::kString, TypeId::kInt32, TypeId::kInt32});
  EXPECT_EQ(rows[0].str(), "pp");
  EXPECT_TRUE(rows[1].is_null());
  EXPECT_EQ(rows[2].str(), "");
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(StringFunctionsTest, TranslateLevenshteinBitLength) {
  using testing::Call;
  using testing::Str;
  EXPECT_EQ(Call("translate", {Str("AaBbCc"), Str("abc"), Str("123")}).str(),
            "A1B2C3");  // Spark docs
  EXPECT_EQ(Call("translate", {Str("abc"), Str("bc"), Str("x")}).str(), "ax");
  EXPECT_EQ(Call("levenshtein", {Str("kitten"), Str("sitting")}).int32(), 3);  // Spark docs
  EXPECT_EQ(Call("levenshtein", {Str(""), Str("abc")}).int32(), 3);
  EXPECT_EQ(Call("bit_length", {Str("Spark SQL")}).int32(), 72);
}

}  // namespace
}  // namespace floe
