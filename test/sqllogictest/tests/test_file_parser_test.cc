#include "test_file_parser.h"

#include <gtest/gtest.h>

namespace floe::sqllogictest {
namespace {

TEST(TestFileParserTest, ParsesStatementsAndQueries) {
  const std::string text =
      "# name: test/sql/sample.test\n"
      "# description: a sample\n"
      "\n"
      "statement ok\n"
      "CREATE TEMPORARY VIEW v AS\n"
      "SELECT * FROM VALUES (1, 'a') AS t(id, name)\n"
      "\n"
      "query IT rowsort\n"
      "SELECT id, name\n"
      "FROM v\n"
      "----\n"
      "1\ta\n"
      "2\tNULL\n"
      "\n"
      "query R\n"
      "SELECT 7 / 2\n"
      "----\n"
      "3.5\n";
  auto records = TestFileParser().Parse(text, "sample.test");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].kind, RecordKind::kStatementOk);
  EXPECT_EQ(records[0].line, 4);
  EXPECT_EQ(records[0].sql, "CREATE TEMPORARY VIEW v AS\nSELECT * FROM VALUES (1, 'a') AS t(id, name)");
  EXPECT_EQ(records[1].kind, RecordKind::kQuery);
  EXPECT_EQ(records[1].column_types, "IT");
  EXPECT_EQ(records[1].sort_mode, SortMode::kRowSort);
  EXPECT_EQ(records[1].sql, "SELECT id, name\nFROM v");
  ASSERT_EQ(records[1].expected_rows.size(), 2u);
  EXPECT_EQ(records[1].expected_rows[1], (std::vector<std::string>{"2", "NULL"}));
  EXPECT_EQ(records[2].sort_mode, SortMode::kNoSort);
  EXPECT_EQ(records[2].expected_rows, (std::vector<std::vector<std::string>>{{"3.5"}}));
}

TEST(TestFileParserTest, ParsesStatementErrorWithAndWithoutMessage) {
  const std::string text =
      "statement error\n"
      "SELECT 1 / 0\n"
      "----\n"
      "Division by zero\n"
      "\n"
      "statement error\n"
      "SELEC 1\n"
      "\n"
      "statement error\n"
      "SELECT x\n"
      "----\n"
      "<REGEX>:.*x.*not found\n";
  auto records = TestFileParser().Parse(text, "errors.test");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].kind, RecordKind::kStatementError);
  EXPECT_EQ(records[0].expected_error, "Division by zero");
  EXPECT_EQ(records[1].sql, "SELEC 1");
  EXPECT_EQ(records[1].expected_error, "");
  EXPECT_TRUE(records[2].error_is_regex);
  EXPECT_EQ(records[2].expected_error, ".*x.*not found");
}

TEST(TestFileParserTest, SplitsOnTabsOrOnSpacesWhenThereIsNoTab) {
  EXPECT_EQ(TestFileParser::SplitExpectedLine("a b\tc", 2), (std::vector<std::string>{"a b", "c"}));
  EXPECT_EQ(TestFileParser::SplitExpectedLine("1   2  3", 3),
            (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_EQ(TestFileParser::SplitExpectedLine("hello world", 1),
            (std::vector<std::string>{"hello world"}));
  EXPECT_EQ(TestFileParser::SplitExpectedLine("x\t", 2), (std::vector<std::string>{"x", ""}));
}

TEST(TestFileParserTest, UnrollsLoopsAndForeach) {
  const std::string text =
      "loop i 0 2\n"
      "query I\n"
      "SELECT ${i} + 1\n"
      "----\n"
      "${i}1\n"
      "\n"
      "endloop\n"
      "\n"
      "foreach t INT BIGINT\n"
      "statement ok\n"
      "SELECT CAST(1 AS ${t})\n"
      "\n"
      "endloop\n";
  auto records = TestFileParser().Parse(text, "loops.test");
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0].sql, "SELECT 0 + 1");
  EXPECT_EQ(records[0].expected_rows[0][0], "01");
  EXPECT_EQ(records[1].sql, "SELECT 1 + 1");
  EXPECT_EQ(records[1].line, 2);
  EXPECT_EQ(records[2].sql, "SELECT CAST(1 AS INT)");
  EXPECT_EQ(records[3].sql, "SELECT CAST(1 AS BIGINT)");
}

TEST(TestFileParserTest, ParsesControlDirectivesAndVariables) {
  const std::string text =
      "require-path ${FIXTURES}/iceberg\n"
      "\n"
      "require floe\n"
      "\n"
      "mode skip\n"
      "\n"
      "mode unskip\n"
      "\n"
      "statement ok\n"
      "CREATE TABLE t LOCATION '__TEST_DIR__/t'\n"
      "\n"
      "halt\n";
  TestFileParser parser({{"FIXTURES", "/f"}, {"TEST_DIR", "/tmp/x"}});
  auto records = parser.Parse(text, "control.test");
  ASSERT_EQ(records.size(), 6u);
  EXPECT_EQ(records[0].kind, RecordKind::kRequirePath);
  EXPECT_EQ(records[0].argument, "/f/iceberg");
  EXPECT_EQ(records[1].kind, RecordKind::kRequire);
  EXPECT_EQ(records[2].kind, RecordKind::kModeSkip);
  EXPECT_EQ(records[3].kind, RecordKind::kModeUnskip);
  EXPECT_EQ(records[4].sql, "CREATE TABLE t LOCATION '/tmp/x/t'");
  EXPECT_EQ(records[5].kind, RecordKind::kHalt);
}

TEST(TestFileParserTest, RejectsMalformedFiles) {
  TestFileParser parser;
  EXPECT_THROW(parser.Parse("query I\nSELECT 1\n\n", "f"), TestFileError);  // no ----
  EXPECT_THROW(parser.Parse("query X\nSELECT 1\n----\n1\n", "f"), TestFileError);
  EXPECT_THROW(parser.Parse("statement maybe\nSELECT 1\n", "f"), TestFileError);
  EXPECT_THROW(parser.Parse("loop i 0 2\nstatement ok\nSELECT 1\n", "f"), TestFileError);
  EXPECT_THROW(parser.Parse("frobnicate\n", "f"), TestFileError);
  EXPECT_THROW(parser.Parse("statement ok\n\n", "f"), TestFileError);
}

}  // namespace
}  // namespace floe::sqllogictest
