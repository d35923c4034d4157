#include <gtest/gtest.h>

#include "common/exception.h"
#include "sql/parser.h"

namespace floe {
namespace {

std::string Name(std::string_view sql) { return Parser::ParseExpression(sql)->ToString(); }

template <class T>
const T& As(const ExpressionPtr& expr, ExpressionKind kind) {
  EXPECT_EQ(expr->kind, kind);
  return expr->As<T>();
}

TEST(ParserExpressionTest, ArithmeticPrecedenceAndSparkNames) {
  EXPECT_EQ(Name("1 + 2 * 3"), "(1 + (2 * 3))");
  EXPECT_EQ(Name("(1 + 2) * 3"), "((1 + 2) * 3)");
  EXPECT_EQ(Name("7 / 2"), "(7 / 2)");
  EXPECT_EQ(Name("a - b - c"), "((a - b) - c)");
  EXPECT_EQ(Name("a % 3 + b DIV 2"), "((a % 3) + (b div 2))");
  EXPECT_EQ(Name("-a * b"), "((- a) * b)");
  EXPECT_EQ(Name("a || b || c"), "concat(concat(a, b), c)");
  EXPECT_EQ(Name("a & b | c ^ d"), "((a & b) | (c ^ d))");
  EXPECT_EQ(Name("a + 1 = b * 2"), "((a + 1) = (b * 2))");
  EXPECT_EQ(Name("~a"), "~a");
}

TEST(ParserExpressionTest, BooleanPrecedence) {
  EXPECT_EQ(Name("a = 1 AND b = 2 OR c"), "(((a = 1) AND (b = 2)) OR c)");
  EXPECT_EQ(Name("a OR b AND c"), "(a OR (b AND c))");
  EXPECT_EQ(Name("NOT a = b"), "(NOT (a = b))");
  EXPECT_EQ(Name("NOT a AND b"), "((NOT a) AND b)");
  EXPECT_EQ(Name("! a"), "(NOT a)");
  EXPECT_EQ(Name("a <> b"), "(NOT (a = b))");
  EXPECT_EQ(Name("a != b"), "(NOT (a = b))");
  EXPECT_EQ(Name("a == b"), "(a = b)");
  EXPECT_EQ(Name("a <=> b"), "(a <=> b)");
}

TEST(ParserExpressionTest, Predicates) {
  EXPECT_EQ(Name("a BETWEEN 1 AND 2 AND c"), "(((a >= 1) AND (a <= 2)) AND c)");
  EXPECT_EQ(Name("a NOT BETWEEN 1 AND 2"), "(NOT ((a >= 1) AND (a <= 2)))");
  EXPECT_EQ(Name("a IN (1, 2, 3)"), "(a IN (1, 2, 3))");
  EXPECT_EQ(Name("a NOT IN (1, 2)"), "(NOT (a IN (1, 2)))");
  EXPECT_EQ(Name("a IS NULL"), "(a IS NULL)");
  EXPECT_EQ(Name("a IS NOT NULL"), "(a IS NOT NULL)");
  EXPECT_EQ(Name("a IS TRUE"), "(a <=> true)");
  EXPECT_EQ(Name("a IS NOT FALSE"), "(NOT (a <=> false))");
  EXPECT_EQ(Name("a IS DISTINCT FROM b"), "(NOT (a <=> b))");
  EXPECT_EQ(Name("a IS NOT DISTINCT FROM b"), "(a <=> b)");
  EXPECT_EQ(Name("s LIKE 'x%'"), "s LIKE x%");
  EXPECT_EQ(Name("s NOT LIKE 'x%'"), "(NOT s LIKE x%)");
  EXPECT_EQ(Name("s ILIKE 'x%'"), "ilike(s, x%)");
  EXPECT_EQ(Name("s RLIKE '^a'"), "s RLIKE ^a");
  EXPECT_EQ(Name("s REGEXP '^a'"), "s RLIKE ^a");
  auto like = Parser::ParseExpression("s LIKE 'a!%' ESCAPE '!'");
  EXPECT_NE(As<LikeExpression>(like, ExpressionKind::kLike).escape, nullptr);
  auto in = Parser::ParseExpression("a NOT IN (1, 2)");
  const auto& in_list = As<InListExpression>(in, ExpressionKind::kInList);
  EXPECT_TRUE(in_list.negated);
  EXPECT_EQ(in_list.list.size(), 2u);
}

TEST(ParserExpressionTest, Literals) {
  auto check = [](std::string_view sql, LiteralKind kind, const std::string& text) {
    auto expr = Parser::ParseExpression(sql);
    ASSERT_EQ(expr->kind, ExpressionKind::kConstant) << sql;
    EXPECT_EQ(expr->As<ConstantExpression>().literal_kind, kind) << sql;
    EXPECT_EQ(expr->As<ConstantExpression>().text, text) << sql;
  };
  check("42", LiteralKind::kInteger, "42");
  check("-42", LiteralKind::kInteger, "-42");
  check("- 9223372036854775808", LiteralKind::kInteger, "-9223372036854775808");
  check("4.2", LiteralKind::kDecimal, "4.2");
  check("1e3", LiteralKind::kDouble, "1e3");
  check("42L", LiteralKind::kBigint, "42");
  check("3S", LiteralKind::kSmallint, "3");
  check("3Y", LiteralKind::kTinyint, "3");
  check("1.5D", LiteralKind::kDouble, "1.5");
  check("1.5F", LiteralKind::kFloat, "1.5");
  check("1.5BD", LiteralKind::kDecimal, "1.5");
  check("'x'", LiteralKind::kString, "x");
  check("\"x\"", LiteralKind::kString, "x");
  check("'it' 's'", LiteralKind::kString, "its");
  check("TRUE", LiteralKind::kBoolean, "true");
  check("false", LiteralKind::kBoolean, "false");
  check("NULL", LiteralKind::kNull, "NULL");
  check("X'0A'", LiteralKind::kBinary, "0A");
  check("DATE '2026-01-15'", LiteralKind::kDate, "2026-01-15");
  check("TIMESTAMP '2026-01-15 00:00:00'", LiteralKind::kTimestamp, "2026-01-15 00:00:00");
  check("timestamp_ntz '2026-01-15 00:00:00'", LiteralKind::kTimestampNtz, "2026-01-15 00:00:00");
  EXPECT_EQ(Name("1e3"), "1000.0");
  EXPECT_EQ(Name("42L"), "42");
  EXPECT_EQ(Name(".5"), "0.5");
  EXPECT_EQ(Name("DATE '2026-01-15'"), "DATE '2026-01-15'");
  EXPECT_THROW(Parser::ParseExpression("1.5L"), ParserError);
}

// Spark sql-tests literals.sql "out of range byte / short / long": the parser checks a
// suffixed literal against its type (INVALID_NUMERIC_LITERAL_RANGE), the sign included.
TEST(ParserExpressionTest, SuffixedIntegerLiteralsMustFitTheirType) {
  for (const char* sql : {"127Y", "-128Y", "32767S", "-32768S", "9223372036854775807L",
                          "-9223372036854775808L", "0007Y"}) {
    EXPECT_NO_THROW(Parser::ParseExpression(sql)) << sql;
  }
  for (const char* sql : {"128Y", "-129Y", "300Y", "32768S", "-32769S", "9223372036854775808L",
                          "-9223372036854775809L", "99999999999999999999999Y"}) {
    EXPECT_THROW(Parser::ParseExpression(sql), ParserError) << sql;
  }
  try {
    Parser::ParseExpression("300Y");
    FAIL();
  } catch (const ParserError& e) {
    EXPECT_NE(std::string(e.what()).find(
                  "[INVALID_NUMERIC_LITERAL_RANGE] Numeric literal 300 is outside the valid range "
                  "for tinyint with minimum value of -128 and maximum value of 127"),
              std::string::npos)
        << e.what();
  }
}

TEST(ParserExpressionTest, Intervals) {
  auto fields = [](std::string_view sql) {
    auto expr = Parser::ParseExpression(sql);
    EXPECT_EQ(expr->As<ConstantExpression>().literal_kind, LiteralKind::kInterval);
    return expr->As<ConstantExpression>().interval_fields;
  };
  auto one = fields("INTERVAL '1' DAY");
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].value, "1");
  EXPECT_EQ(one[0].unit, "DAY");
  auto bare = fields("INTERVAL 3 hours");
  EXPECT_EQ(bare[0].value, "3");
  EXPECT_EQ(bare[0].unit, "HOUR");
  EXPECT_FALSE(bare[0].quoted);
  auto range = fields("INTERVAL '1 2' DAY TO HOUR");
  EXPECT_EQ(range[0].to_unit, "HOUR");
  auto multi = fields("INTERVAL 1 DAY 2 HOURS");
  ASSERT_EQ(multi.size(), 2u);
  EXPECT_EQ(multi[1].unit, "HOUR");
  auto text = fields("INTERVAL '1 day'");
  EXPECT_EQ(text[0].unit, "");
  EXPECT_EQ(Name("INTERVAL '1' DAY"), "INTERVAL '1' DAY");
  EXPECT_EQ(Name("ts - INTERVAL 1 DAY - 1"), "((ts - INTERVAL '1' DAY) - 1)");
  EXPECT_EQ(Name("interval + 1"), "(interval + 1)");  // a column named interval
}

TEST(ParserExpressionTest, ColumnsAndKeywordsAsNames) {
  auto expr = Parser::ParseExpression("t.`a b`.c");
  const auto& column = As<ColumnRefExpression>(expr, ExpressionKind::kColumnRef);
  ASSERT_EQ(column.names.size(), 3u);
  EXPECT_EQ(column.names[1], "a b");
  EXPECT_EQ(column.ToString(), "c");
  for (const char* name : {"date",    "year",      "month",     "day",      "hour",    "key",
                           "value",   "type",      "comment",   "location", "options", "first",
                           "last",    "range",     "rows",      "format",   "files",   "partitions",
                           "history", "snapshots", "timestamp", "interval", "limit",   "filter"}) {
    auto parsed = Parser::ParseExpression(name);
    EXPECT_EQ(parsed->kind, ExpressionKind::kColumnRef) << name;
  }
  EXPECT_EQ(Name("year(date)"), "year(date)");
  EXPECT_THROW(Parser::ParseExpression("select"), ParserError);
}

TEST(ParserExpressionTest, FunctionCalls) {
  EXPECT_EQ(Name("count(*)"), "count(1)");
  EXPECT_EQ(Name("COUNT(DISTINCT a)"), "count(DISTINCT a)");
  EXPECT_EQ(Name("sum(amount)"), "sum(amount)");
  EXPECT_EQ(Name("SUM(s.amount)"), "sum(amount)");
  EXPECT_EQ(Name("year(DATE '2026-01-15')"), "year(DATE '2026-01-15')");
  EXPECT_EQ(Name("concat('a', 'b')"), "concat(a, b)");
  EXPECT_EQ(Name("left('abc', 2)"), "left(abc, 2)");
  EXPECT_EQ(Name("count(a) FILTER (WHERE a > 1)"), "count(a) FILTER (WHERE (a > 1))");
  EXPECT_EQ(Name("current_date"), "current_date()");
  auto count = Parser::ParseExpression("count(*)");
  EXPECT_TRUE(As<FunctionExpression>(count, ExpressionKind::kFunction).is_star);
  auto first = Parser::ParseExpression("first(x) IGNORE NULLS");
  EXPECT_TRUE(first->As<FunctionExpression>().ignore_nulls);
  auto first_inside = Parser::ParseExpression("first(x IGNORE NULLS)");
  EXPECT_TRUE(first_inside->As<FunctionExpression>().ignore_nulls);
  auto named = Parser::ParseExpression("f(1, table => 't', options => map('k', 'v'))");
  const auto& call = named->As<FunctionExpression>();
  ASSERT_EQ(call.args.size(), 3u);
  EXPECT_EQ(call.arg_names[0], "");
  EXPECT_EQ(call.arg_names[1], "table");
  EXPECT_EQ(call.arg_names[2], "options");
  auto qualified = Parser::ParseExpression("system.f(1)");
  EXPECT_EQ(qualified->As<FunctionExpression>().qualifiers.size(), 1u);
  EXPECT_EQ(Name("extract(YEAR FROM ts)"), "extract(YEAR FROM ts)");
  auto within = Parser::ParseExpression("percentile_cont(0.5) WITHIN GROUP (ORDER BY x DESC)");
  EXPECT_EQ(within->As<FunctionExpression>().within_group.size(), 1u);
  EXPECT_EQ(within->ToString(), "percentile_cont(0.5) WITHIN GROUP (ORDER BY x DESC NULLS LAST)");
}

TEST(ParserExpressionTest, WindowFunctions) {
  EXPECT_EQ(Name("row_number() OVER (PARTITION BY a ORDER BY b DESC)"),
            "row_number() OVER (PARTITION BY a ORDER BY b DESC NULLS LAST ROWS BETWEEN "
            "UNBOUNDED PRECEDING AND CURRENT ROW)");
  EXPECT_EQ(Name("sum(x) OVER (ORDER BY b)"),
            "sum(x) OVER (ORDER BY b ASC NULLS FIRST RANGE BETWEEN UNBOUNDED PRECEDING AND "
            "CURRENT ROW)");
  EXPECT_EQ(Name("sum(x) OVER ()"),
            "sum(x) OVER (ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)");
  auto framed = Parser::ParseExpression(
      "avg(x) OVER (PARTITION BY a, b ORDER BY c ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING)");
  const auto& window = *framed->As<FunctionExpression>().window;
  EXPECT_EQ(window.partitions.size(), 2u);
  ASSERT_NE(window.frame, nullptr);
  EXPECT_EQ(window.frame->unit, FrameUnit::kRows);
  EXPECT_EQ(window.frame->start.kind, FrameBoundKind::kPreceding);
  EXPECT_EQ(window.frame->end.kind, FrameBoundKind::kFollowing);
  auto short_frame = Parser::ParseExpression("sum(x) OVER (ORDER BY c RANGE UNBOUNDED PRECEDING)");
  EXPECT_EQ(short_frame->As<FunctionExpression>().window->frame->end.kind,
            FrameBoundKind::kCurrentRow);
  auto named = Parser::ParseExpression("sum(x) OVER w");
  EXPECT_EQ(named->As<FunctionExpression>().window->base_name, "w");
  auto lag = Parser::ParseExpression("lag(x, 1) OVER (ORDER BY t)");
  EXPECT_EQ(lag->As<FunctionExpression>().args.size(), 2u);
}

TEST(ParserExpressionTest, CaseCastSubscriptLambda) {
  EXPECT_EQ(Name("CASE WHEN a > 1 THEN 'x' ELSE 'y' END"), "CASE WHEN (a > 1) THEN x ELSE y END");
  EXPECT_EQ(Name("CASE a WHEN 1 THEN 'x' END"), "CASE WHEN (a = 1) THEN x END");
  EXPECT_EQ(Name("CAST('2.50' AS DECIMAL(4,2)) * 2"), "(CAST(2.50 AS DECIMAL(4,2)) * 2)");
  EXPECT_EQ(Name("TRY_CAST(a AS int)"), "TRY_CAST(a AS INT)");
  EXPECT_EQ(Name("a::bigint"), "CAST(a AS BIGINT)");
  EXPECT_EQ(Name("CAST(a AS ARRAY<ARRAY<INT>>)"), "CAST(a AS ARRAY<ARRAY<INT>>)");
  EXPECT_EQ(Name("CAST(a AS MAP<STRING, STRUCT<x: INT, y: DOUBLE>>)"),
            "CAST(a AS MAP<STRING, STRUCT<x: INT, y: DOUBLE>>)");
  EXPECT_EQ(Name("arr[0]"), "arr[0]");
  auto lambda = Parser::ParseExpression("transform(xs, x -> x + 1)");
  const auto& args = lambda->As<FunctionExpression>().args;
  ASSERT_EQ(args.size(), 2u);
  EXPECT_EQ(args[1]->kind, ExpressionKind::kLambda);
  auto two = Parser::ParseExpression("aggregate(xs, 0, (acc, x) -> acc + x)");
  EXPECT_EQ(two->As<FunctionExpression>().args[2]->As<LambdaExpression>().params.size(), 2u);
  auto cast = Parser::ParseExpression("CAST(x AS decimal(10, 2))");
  const auto& type = cast->As<CastExpression>().type;
  EXPECT_EQ(type.name, "decimal");
  EXPECT_EQ(type.params, (std::vector<int64_t>{10, 2}));
  EXPECT_EQ(Parser::ParseTypeName("timestamp_ntz").ToString(), "TIMESTAMP_NTZ");
}

TEST(ParserExpressionTest, Subqueries) {
  auto scalar = Parser::ParseExpression("(SELECT max(a) FROM t) + 1");
  const auto& add = scalar->As<BinaryExpression>();
  EXPECT_EQ(add.left->kind, ExpressionKind::kSubquery);
  auto nested = Parser::ParseExpression("((SELECT 1) + 1)");
  EXPECT_EQ(nested->kind, ExpressionKind::kBinary);
  auto union_subquery = Parser::ParseExpression("((SELECT 1) UNION (SELECT 2))");
  EXPECT_EQ(union_subquery->kind, ExpressionKind::kSubquery);
  auto exists = Parser::ParseExpression("NOT EXISTS (SELECT 1 FROM u WHERE u.a = t.a)");
  const auto& not_expr = exists->As<UnaryExpression>();
  EXPECT_EQ(not_expr.child->As<SubqueryExpression>().subquery_kind, SubqueryKind::kExists);
  auto in = Parser::ParseExpression("a NOT IN (SELECT b FROM u)");
  const auto& in_subquery = in->As<SubqueryExpression>();
  EXPECT_EQ(in_subquery.subquery_kind, SubqueryKind::kIn);
  EXPECT_TRUE(in_subquery.negated);
  EXPECT_NE(in_subquery.input, nullptr);
  auto row = Parser::ParseExpression("(a, b)");
  EXPECT_EQ(row->As<FunctionExpression>().name, "struct");
  auto exists_fn = Parser::ParseExpression("exists(xs, x -> x > 1)");
  EXPECT_EQ(exists_fn->kind, ExpressionKind::kFunction);
}

TEST(ParserExpressionTest, PositionsPointAtTokens) {
  EXPECT_EQ(Parser::ParseExpression("  -5")->position.column, 3);
  auto expr = Parser::ParseExpression("a +\n  foo(b)");
  const auto& add = expr->As<BinaryExpression>();
  EXPECT_EQ(add.right->position.line, 2);
  EXPECT_EQ(add.right->position.column, 3);
  EXPECT_EQ(add.right->position.offset, 6u);
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(ParserExpressionTest, SpecialFunctionForms) {
  auto args = [](std::string_view sql) {
    auto expr = Parser::ParseExpression(sql);
    const auto& function = expr->As<FunctionExpression>();
    std::string out = function.name + ":";
    for (const auto& arg : function.args) out += " " + arg->ToString();
    EXPECT_EQ(function.args.size(), function.arg_names.size());
    return out;
  };
  EXPECT_EQ(args("trim(s)"), "trim: s");
  EXPECT_EQ(args("TRIM(BOTH FROM s)"), "TRIM: s");
  EXPECT_EQ(args("trim(BOTH 'x' FROM s)"), "trim: x s");
  EXPECT_EQ(args("trim('x' FROM s)"), "trim: x s");
  EXPECT_EQ(args("trim(LEADING 'x' FROM s)"), "ltrim: x s");
  EXPECT_EQ(args("trim(TRAILING FROM s)"), "rtrim: s");
  EXPECT_EQ(args("position('a' IN s)"), "position: a s");
  EXPECT_EQ(args("position('a', s, 2)"), "position: a s 2");
  EXPECT_EQ(args("substring(s FROM 2 FOR 3)"), "substring: s 2 3");
  EXPECT_EQ(args("substring(s, 2)"), "substring: s 2");
  EXPECT_EQ(args("overlay(s PLACING 'ab' FROM 2 FOR 1)"), "overlay: s ab 2 1");
  EXPECT_EQ(args("extract(YEAR FROM ts)"), "extract: YEAR ts");
}

TEST(ParserExpressionTest, SparkNamesOfSpecialFunctions) {
  EXPECT_EQ(Name("extract(year FROM ts)"), "extract(year FROM ts)");
  EXPECT_EQ(Name("if(a > 1, 'x', 'y')"), "(IF((a > 1), x, y))");
  EXPECT_EQ(Name("lag(x) OVER (ORDER BY t)"),
            "lag(x, 1, NULL) OVER (ORDER BY t ASC NULLS FIRST ROWS BETWEEN -1 FOLLOWING AND -1 "
            "FOLLOWING)");
  EXPECT_EQ(Name("lead(x, 2, 0) OVER (ORDER BY t)"),
            "lead(x, 2, 0) OVER (ORDER BY t ASC NULLS FIRST ROWS BETWEEN 2 FOLLOWING AND 2 "
            "FOLLOWING)");
  EXPECT_EQ(Name("ntile(4) OVER (ORDER BY t)"),
            "ntile(4) OVER (ORDER BY t ASC NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND "
            "CURRENT ROW)");
}

}  // namespace
}  // namespace floe
