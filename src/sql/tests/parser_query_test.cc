#include <gtest/gtest.h>

#include "common/exception.h"
#include "sql/parser.h"
#include "sql/parser_error_report.h"

namespace floe {
namespace {

QueryNodePtr Query(std::string_view sql) {
  StatementPtr statement = Parser::ParseStatement(sql);
  EXPECT_EQ(statement->kind, StatementKind::kSelect);
  return std::move(statement->As<SelectStatement>().query);
}

const SelectNode& Select(const QueryNodePtr& query) {
  EXPECT_EQ(query->kind, QueryNodeKind::kSelect);
  return query->As<SelectNode>();
}

TEST(ParserQueryTest, SeedQueryWithJoinAndGroupBy) {
  auto query = Query(R"(
    SELECT s.product_id, SUM(s.amount)
    FROM sales s
    JOIN dim_date d ON s.date_id = d.date_id
    WHERE d.quarter = 'Q1' AND d.year = 2025
    GROUP BY s.product_id;)");
  const auto& select = Select(query);
  ASSERT_EQ(select.select_list.size(), 2u);
  EXPECT_EQ(select.select_list[1]->ToString(), "sum(amount)");
  ASSERT_EQ(select.from->kind, TableRefKind::kJoin);
  const auto& join = select.from->As<JoinRef>();
  EXPECT_EQ(join.join_type, JoinType::kInner);
  EXPECT_EQ(join.left->alias, "s");
  EXPECT_EQ(join.right->As<BaseTableRef>().name.ToString(), "dim_date");
  EXPECT_EQ(join.condition->ToString(), "(date_id = date_id)");
  EXPECT_EQ(select.where->ToString(), "((quarter = Q1) AND (year = 2025))");
  ASSERT_EQ(select.group_by.expressions.size(), 1u);
  EXPECT_TRUE(select.group_by.grouping_sets.empty());
}

TEST(ParserQueryTest, SeedQueryOnIcebergTable) {
  auto query = Query(R"(
    SELECT
      event_type,
      COUNT(*) AS event_count
    FROM oleander.tutorial.retail_clickstream_events
    WHERE event_time >= TIMESTAMP '2026-01-01 00:00:00'
      AND event_time < TIMESTAMP '2026-01-02 00:00:00'
    GROUP BY event_type
    ORDER BY event_type)");
  const auto& select = Select(query);
  EXPECT_EQ(select.select_list[1]->alias, "event_count");
  const auto& table = select.from->As<BaseTableRef>();
  EXPECT_EQ(table.name.parts,
            (std::vector<std::string>{"oleander", "tutorial", "retail_clickstream_events"}));
  ASSERT_EQ(query->order_by.size(), 1u);
  EXPECT_EQ(query->order_by[0].ToString(), "event_type ASC NULLS FIRST");
}

TEST(ParserQueryTest, SelectListForms) {
  auto query = Query("SELECT DISTINCT *, t.*, a AS x, b y, `c d`, 1 + 2 FROM t");
  const auto& select = Select(query);
  EXPECT_TRUE(select.distinct);
  ASSERT_EQ(select.select_list.size(), 6u);
  EXPECT_EQ(select.select_list[0]->kind, ExpressionKind::kStar);
  EXPECT_EQ(select.select_list[1]->As<StarExpression>().qualifier, std::vector<std::string>{"t"});
  EXPECT_EQ(select.select_list[2]->alias, "x");
  EXPECT_EQ(select.select_list[3]->alias, "y");
  EXPECT_EQ(select.select_list[4]->ToString(), "c d");
  EXPECT_EQ(select.select_list[5]->ToString(), "(1 + 2)");
  auto no_from = Query("SELECT year(DATE '2026-01-15'), 7 / 2, CAST('2.50' AS DECIMAL(4,2)) * 2");
  EXPECT_EQ(Select(no_from).from, nullptr);
  EXPECT_EQ(Select(no_from).select_list[0]->ToString(), "year(DATE '2026-01-15')");
}

TEST(ParserQueryTest, SetOperationPrecedence) {
  auto query = Query("SELECT 1 UNION SELECT 2 INTERSECT SELECT 3");
  ASSERT_EQ(query->kind, QueryNodeKind::kSetOperation);
  const auto& set = query->As<SetOperationNode>();
  EXPECT_EQ(set.set_type, SetOperationType::kUnion);
  EXPECT_FALSE(set.all);
  EXPECT_EQ(set.right->As<SetOperationNode>().set_type, SetOperationType::kIntersect);

  auto left_assoc = Query("SELECT 1 UNION ALL SELECT 2 EXCEPT SELECT 3 MINUS SELECT 4");
  const auto& except = left_assoc->As<SetOperationNode>();
  EXPECT_EQ(except.set_type, SetOperationType::kExcept);
  EXPECT_EQ(except.left->As<SetOperationNode>().set_type, SetOperationType::kExcept);
  const auto& inner = except.left->As<SetOperationNode>().left->As<SetOperationNode>();
  EXPECT_EQ(inner.set_type, SetOperationType::kUnion);
  EXPECT_TRUE(inner.all);

  auto parens = Query("(SELECT 1 UNION SELECT 2) INTERSECT ALL SELECT 3 ORDER BY 1 LIMIT 2");
  const auto& intersect = parens->As<SetOperationNode>();
  EXPECT_EQ(intersect.set_type, SetOperationType::kIntersect);
  EXPECT_TRUE(intersect.all);
  EXPECT_EQ(intersect.left->As<SetOperationNode>().set_type, SetOperationType::kUnion);
  EXPECT_EQ(parens->order_by.size(), 1u);
  EXPECT_NE(parens->limit, nullptr);
  EXPECT_TRUE(intersect.right->order_by.empty());

  auto distinct = Query("SELECT 1 UNION DISTINCT SELECT 2");
  EXPECT_FALSE(distinct->As<SetOperationNode>().all);
}

TEST(ParserQueryTest, OrderLimitOffset) {
  auto query = Query("SELECT a FROM t ORDER BY a DESC NULLS FIRST, b ASC LIMIT 10 OFFSET 5");
  ASSERT_EQ(query->order_by.size(), 2u);
  EXPECT_TRUE(query->order_by[0].descending());
  EXPECT_TRUE(query->order_by[0].nulls_first());
  EXPECT_FALSE(query->order_by[1].descending());
  EXPECT_EQ(query->limit->ToString(), "10");
  EXPECT_EQ(query->offset->ToString(), "5");
  auto offset_first = Query("SELECT a FROM t OFFSET 5 LIMIT 10");
  EXPECT_EQ(offset_first->limit->ToString(), "10");
  EXPECT_EQ(offset_first->offset->ToString(), "5");
  auto all = Query("SELECT a FROM t LIMIT ALL");
  EXPECT_EQ(all->limit, nullptr);
  auto wrapped = Query("(SELECT a FROM t ORDER BY a LIMIT 5) ORDER BY a DESC LIMIT 2");
  EXPECT_EQ(wrapped->limit->ToString(), "2");
  const auto& from = Select(wrapped).from->As<SubqueryRef>();
  EXPECT_EQ(from.query->limit->ToString(), "5");
}

TEST(ParserQueryTest, CommonTableExpressions) {
  auto query = Query(
      "WITH a AS (SELECT 1 AS x), b (y) AS (SELECT x FROM a) SELECT * FROM a JOIN b ON x = y");
  ASSERT_EQ(query->ctes.size(), 2u);
  EXPECT_EQ(query->ctes[0].name, "a");
  EXPECT_EQ(query->ctes[1].column_names, std::vector<std::string>{"y"});
  EXPECT_THROW(Parser::ParseStatement("WITH RECURSIVE r AS (SELECT 1) SELECT * FROM r"),
               ParserError);
  auto in_subquery = Query("SELECT * FROM (WITH c AS (SELECT 1) SELECT * FROM c) s");
  EXPECT_EQ(Select(in_subquery).from->As<SubqueryRef>().query->ctes.size(), 1u);
}

TEST(ParserQueryTest, Values) {
  auto bare = Query("VALUES (1, 'a'), (2, 'b')");
  const auto& select = Select(bare);
  ASSERT_EQ(select.from->kind, TableRefKind::kValues);
  EXPECT_EQ(select.from->As<ValuesRef>().rows.size(), 2u);
  EXPECT_EQ(select.from->As<ValuesRef>().rows[0].size(), 2u);
  auto in_from = Query("SELECT a FROM VALUES (1, 2), (3, 4) AS t(a, b)");
  const auto& values = Select(in_from).from->As<ValuesRef>();
  EXPECT_EQ(values.alias, "t");
  EXPECT_EQ(values.column_aliases, (std::vector<std::string>{"a", "b"}));
  auto single = Query("VALUES 1, 2, 3");
  EXPECT_EQ(Select(single).from->As<ValuesRef>().rows.size(), 3u);
  auto subquery = Query("SELECT * FROM (VALUES (1), (2)) AS v(x)");
  EXPECT_EQ(Select(subquery).from->column_aliases, std::vector<std::string>{"x"});
}

TEST(ParserQueryTest, JoinTypes) {
  struct Case {
    const char* sql;
    JoinType type;
  } cases[] = {
      {"SELECT * FROM a JOIN b ON a.x = b.x", JoinType::kInner},
      {"SELECT * FROM a INNER JOIN b ON a.x = b.x", JoinType::kInner},
      {"SELECT * FROM a LEFT JOIN b ON a.x = b.x", JoinType::kLeft},
      {"SELECT * FROM a LEFT OUTER JOIN b ON a.x = b.x", JoinType::kLeft},
      {"SELECT * FROM a RIGHT OUTER JOIN b ON a.x = b.x", JoinType::kRight},
      {"SELECT * FROM a FULL JOIN b ON a.x = b.x", JoinType::kFull},
      {"SELECT * FROM a FULL OUTER JOIN b USING (x)", JoinType::kFull},
      {"SELECT * FROM a LEFT SEMI JOIN b ON a.x = b.x", JoinType::kSemi},
      {"SELECT * FROM a SEMI JOIN b ON a.x = b.x", JoinType::kSemi},
      {"SELECT * FROM a LEFT ANTI JOIN b ON a.x = b.x", JoinType::kAnti},
      {"SELECT * FROM a ANTI JOIN b ON a.x = b.x", JoinType::kAnti},
      {"SELECT * FROM a CROSS JOIN b", JoinType::kCross},
      {"SELECT * FROM a, b", JoinType::kCross},
  };
  for (const auto& c : cases) {
    auto query = Query(c.sql);
    ASSERT_EQ(Select(query).from->kind, TableRefKind::kJoin) << c.sql;
    EXPECT_EQ(Select(query).from->As<JoinRef>().join_type, c.type) << c.sql;
  }
  auto using_join = Query("SELECT * FROM a JOIN b USING (x, y)");
  EXPECT_EQ(Select(using_join).from->As<JoinRef>().using_columns,
            (std::vector<std::string>{"x", "y"}));
  auto natural = Query("SELECT * FROM a NATURAL LEFT JOIN b");
  EXPECT_TRUE(Select(natural).from->As<JoinRef>().natural);
  auto chain = Query("SELECT * FROM a, b JOIN c ON b.x = c.x");
  const auto& comma = Select(chain).from->As<JoinRef>();
  EXPECT_TRUE(comma.is_comma);
  EXPECT_EQ(comma.right->kind, TableRefKind::kJoin);
  auto nested = Query("SELECT * FROM (a JOIN b ON a.x = b.x) LEFT JOIN c ON c.y = a.y");
  EXPECT_EQ(Select(nested).from->As<JoinRef>().left->kind, TableRefKind::kJoin);
  auto nested_subquery = Query("SELECT * FROM ((SELECT 1 AS x) s JOIN b ON s.x = b.x)");
  EXPECT_EQ(Select(nested_subquery).from->kind, TableRefKind::kJoin);
  auto union_subquery = Query("SELECT * FROM ((SELECT 1) UNION (SELECT 2)) u");
  EXPECT_EQ(Select(union_subquery).from->kind, TableRefKind::kSubquery);
  EXPECT_EQ(Select(union_subquery).from->alias, "u");
}

TEST(ParserQueryTest, TableReferences) {
  auto metadata = Query("SELECT * FROM oleander.tutorial.t.files");
  EXPECT_EQ(Select(metadata).from->As<BaseTableRef>().name.parts.size(), 4u);
  auto snapshots = Query("SELECT * FROM t.snapshots s");
  EXPECT_EQ(Select(snapshots).from->As<BaseTableRef>().name.parts[1], "snapshots");
  EXPECT_EQ(Select(snapshots).from->alias, "s");

  auto version = Query("SELECT * FROM t VERSION AS OF 123456 AS v");
  const auto& v = Select(version).from->As<BaseTableRef>();
  EXPECT_EQ(v.time_travel, TimeTravelKind::kVersion);
  EXPECT_EQ(v.time_travel_value->ToString(), "123456");
  EXPECT_EQ(v.alias, "v");
  auto branch = Query("SELECT * FROM t VERSION AS OF 'audit-branch'");
  EXPECT_EQ(Select(branch).from->As<BaseTableRef>().time_travel, TimeTravelKind::kVersion);
  auto ts = Query("SELECT * FROM t TIMESTAMP AS OF '2026-01-15 00:00:00' x");
  EXPECT_EQ(Select(ts).from->As<BaseTableRef>().time_travel, TimeTravelKind::kTimestamp);
  EXPECT_EQ(Select(ts).from->alias, "x");
  auto system_time = Query("SELECT * FROM t FOR SYSTEM_TIME AS OF TIMESTAMP '2026-01-15'");
  EXPECT_EQ(Select(system_time).from->As<BaseTableRef>().time_travel, TimeTravelKind::kTimestamp);
  auto system_version = Query("SELECT * FROM t FOR SYSTEM_VERSION AS OF 1");
  EXPECT_EQ(Select(system_version).from->As<BaseTableRef>().time_travel, TimeTravelKind::kVersion);

  auto range = Query("SELECT id FROM range(10)");
  const auto& function = Select(range).from->As<TableFunctionRef>();
  EXPECT_EQ(function.function->name, "range");
  EXPECT_EQ(function.function->args.size(), 1u);
  auto parquet =
      Query("SELECT * FROM read_parquet('data/*.parquet', hive_partitioning => true) AS p(a, b)");
  const auto& read = Select(parquet).from->As<TableFunctionRef>();
  EXPECT_EQ(read.function->arg_names[1], "hive_partitioning");
  EXPECT_EQ(read.alias, "p");
  EXPECT_EQ(read.column_aliases.size(), 2u);
  auto subquery = Query("SELECT * FROM (SELECT 1 AS a) t(x)");
  EXPECT_EQ(Select(subquery).from->column_aliases, std::vector<std::string>{"x"});
  auto table = Query("TABLE ns.t");
  EXPECT_EQ(Select(table).from->As<BaseTableRef>().name.ToString(), "ns.t");
}

TEST(ParserQueryTest, GroupingSets) {
  auto plain = Query("SELECT a, b, count(*) FROM t GROUP BY a, b, 1");
  EXPECT_EQ(Select(plain).group_by.expressions.size(), 3u);
  auto all = Query("SELECT a, count(*) FROM t GROUP BY ALL");
  EXPECT_TRUE(Select(all).group_by.all);
  auto rollup = Query("SELECT a, b FROM t GROUP BY ROLLUP(a, b)");
  EXPECT_EQ(Select(rollup).group_by.grouping_sets,
            (std::vector<std::vector<size_t>>{{0, 1}, {0}, {}}));
  auto cube = Query("SELECT a, b FROM t GROUP BY CUBE(a, b)");
  EXPECT_EQ(Select(cube).group_by.grouping_sets,
            (std::vector<std::vector<size_t>>{{0, 1}, {0}, {1}, {}}));
  auto sets = Query("SELECT a, b FROM t GROUP BY GROUPING SETS ((a, b), (a), ())");
  EXPECT_EQ(Select(sets).group_by.grouping_sets,
            (std::vector<std::vector<size_t>>{{0, 1}, {0}, {}}));
  EXPECT_EQ(Select(sets).group_by.expressions.size(), 2u);
  auto mixed = Query("SELECT a, b, c FROM t GROUP BY a, ROLLUP(b, c)");
  EXPECT_EQ(Select(mixed).group_by.grouping_sets,
            (std::vector<std::vector<size_t>>{{0, 1, 2}, {0, 1}, {0}}));
  auto with_rollup = Query("SELECT a, b FROM t GROUP BY a, b WITH ROLLUP");
  EXPECT_EQ(Select(with_rollup).group_by.grouping_sets.size(), 3u);
  auto old_form = Query("SELECT a, b FROM t GROUP BY a, b GROUPING SETS ((a, b), a)");
  EXPECT_EQ(Select(old_form).group_by.grouping_sets,
            (std::vector<std::vector<size_t>>{{0, 1}, {0}}));
}

TEST(ParserQueryTest, HavingWindowQualifyHints) {
  auto query = Query(
      "SELECT /*+ BROADCAST(d), REPARTITION(4, c) */ a, sum(x) OVER w AS s FROM t "
      "GROUP BY a HAVING count(*) > 1 WINDOW w AS (PARTITION BY a) QUALIFY s > 0");
  const auto& select = Select(query);
  ASSERT_EQ(select.hints.size(), 2u);
  EXPECT_EQ(select.hints[0].name, "BROADCAST");
  EXPECT_EQ(select.hints[0].args[0]->ToString(), "d");
  EXPECT_EQ(select.hints[1].name, "REPARTITION");
  EXPECT_EQ(select.hints[1].args.size(), 2u);
  EXPECT_NE(select.having, nullptr);
  ASSERT_EQ(select.windows.size(), 1u);
  EXPECT_EQ(select.windows[0].name, "w");
  EXPECT_NE(select.qualify, nullptr);
  auto lower = Query("select /*+ broadcast(d) */ * from f join d on f.k = d.k");
  EXPECT_EQ(Select(lower).hints[0].name, "BROADCAST");
  auto ignored = Query("SELECT a /*+ BROADCAST(d) */ FROM t");
  EXPECT_TRUE(Select(ignored).hints.empty());
}

TEST(ParserQueryTest, MultipleStatementsKeepTheirText) {
  auto statements = Parser::ParseStatements("SELECT 1;\n  SELECT a FROM t  ;;\nVALUES (1)");
  ASSERT_EQ(statements.size(), 3u);
  EXPECT_EQ(statements[0]->text, "SELECT 1");
  EXPECT_EQ(statements[1]->text, "SELECT a FROM t");
  EXPECT_EQ(statements[1]->position.line, 2);
  EXPECT_EQ(statements[2]->text, "VALUES (1)");
  EXPECT_TRUE(Parser::ParseStatements(" ; -- nothing\n").empty());
  auto explain = Parser::ParseStatement("EXPLAIN FORMATTED SELECT a FROM t");
  ASSERT_EQ(explain->kind, StatementKind::kExplain);
  EXPECT_EQ(explain->As<ExplainStatement>().mode, ExplainMode::kFormatted);
  EXPECT_EQ(explain->As<ExplainStatement>().statement->text, "SELECT a FROM t");
}

ParserError ErrorOf(std::string_view sql) {
  try {
    Parser::ParseStatements(sql);
  } catch (const ParserError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for " << sql;
  return ParserError("none");
}

TEST(ParserQueryTest, SyntaxErrorsPointAtTheToken) {
  ParserError form = ErrorOf("SELECT a FORM t");
  EXPECT_STREQ(form.what(), "syntax error at or near \"FORM\"");
  EXPECT_EQ(form.line(), 1);
  EXPECT_EQ(form.column(), 10);
  EXPECT_EQ(RenderParserError(form, "SELECT a FORM t"),
            "Parser Error: syntax error at or near \"FORM\"\n"
            "LINE 1: SELECT a FORM t\n"
            "                 ^");
  ParserError where = ErrorOf("SELECT a\nFROM t\nWEHRE a = 1");
  EXPECT_STREQ(where.what(), "syntax error at or near \"WEHRE\"");
  EXPECT_EQ(where.line(), 3);
  EXPECT_EQ(RenderParserError(where, "SELECT a\nFROM t\nWEHRE a = 1"),
            "Parser Error: syntax error at or near \"WEHRE\"\n"
            "LINE 3: WEHRE a = 1\n"
            "        ^");
  ParserError second = ErrorOf("SELECT 1;\n\tSELECT a FROM t WHERE a = = 1");
  EXPECT_EQ(second.line(), 2);
  EXPECT_EQ(second.column(), 28);
  EXPECT_EQ(RenderParserError(second, "SELECT 1;\n\tSELECT a FROM t WHERE a = = 1"),
            "Parser Error: syntax error at or near \"=\"\n"
            "LINE 2: \tSELECT a FROM t WHERE a = = 1\n"
            "        \t                          ^");
  EXPECT_STREQ(ErrorOf("SELECT").what(), "syntax error at or near end of input");
  EXPECT_STREQ(ErrorOf("SELECT (1").what(), "syntax error at or near end of input");
  EXPECT_STREQ(ErrorOf("SELECT 1 +").what(), "syntax error at or near end of input");
  EXPECT_STREQ(ErrorOf("SELECT a FROM t WHERE").what(), "syntax error at or near end of input");
  EXPECT_STREQ(ErrorOf("SELECT a, FROM t").what(), "syntax error at or near \"FROM\"");
  EXPECT_STREQ(ErrorOf("SELECT 1 2").what(), "syntax error at or near \"2\"");
  EXPECT_STREQ(ErrorOf("SELEC 1").what(), "syntax error at or near \"SELEC\"");
  EXPECT_STREQ(ErrorOf("SELECT 'abc' 'def FROM t").what(),
               "syntax error: unterminated quoted string");
  EXPECT_STREQ(ErrorOf("SELECT * FROM t ORDER a").what(), "syntax error at or near \"ORDER\"");
}

}  // namespace
}  // namespace floe
