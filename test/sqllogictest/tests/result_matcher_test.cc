#include "result_matcher.h"

#include <gtest/gtest.h>

namespace floe::sqllogictest {
namespace {

TestRecord Query(std::string types, SortMode mode, ResultMatcher::Rows expected) {
  TestRecord record;
  record.kind = RecordKind::kQuery;
  record.column_types = std::move(types);
  record.sort_mode = mode;
  record.expected_rows = std::move(expected);
  return record;
}

TEST(ResultMatcherTest, MatchesInOrderWithNoSort) {
  auto record = Query("IT", SortMode::kNoSort, {{"1", "a"}, {"2", "NULL"}});
  EXPECT_FALSE(ResultMatcher::Match(record, "IT", {{"1", "a"}, {"2", "NULL"}}));
  auto problem = ResultMatcher::Match(record, "IT", {{"2", "NULL"}, {"1", "a"}});
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("row 1 differs"), std::string::npos);
  EXPECT_NE(problem->find("-- actual (IT):\n2\tNULL\n1\ta\n"), std::string::npos);
}

TEST(ResultMatcherTest, RowSortIgnoresOrder) {
  auto record = Query("IT", SortMode::kRowSort, {{"1", "a"}, {"2", "NULL"}});
  EXPECT_FALSE(ResultMatcher::Match(record, "IT", {{"2", "NULL"}, {"1", "a"}}));
}

TEST(ResultMatcherTest, ValueSortComparesValues) {
  auto record = Query("II", SortMode::kValueSort, {{"1", "4"}, {"3", "2"}});
  EXPECT_FALSE(ResultMatcher::Match(record, "II", {{"2", "1"}, {"4", "3"}}));
}

TEST(ResultMatcherTest, RegexValuesMatchWholeValues) {
  auto record = Query("T", SortMode::kNoSort, {{"<REGEX>:.*row groups: read 1, skipped [1-9].*"}});
  EXPECT_FALSE(ResultMatcher::Match(record, "T", {{"Scan\\n  row groups: read 1, skipped 9\\n"}}));
  EXPECT_TRUE(ResultMatcher::Match(record, "T", {{"row groups: read 1, skipped 0"}}));
  auto negated = Query("T", SortMode::kNoSort, {{"<!REGEX>:.*skipped 0.*"}});
  EXPECT_FALSE(ResultMatcher::Match(negated, "T", {{"skipped 3"}}));
  EXPECT_TRUE(ResultMatcher::Match(negated, "T", {{"skipped 0"}}));
}

TEST(ResultMatcherTest, AcceptsOneValuePerLine) {
  auto record = Query("II", SortMode::kNoSort, {{"1"}, {"2"}, {"3"}, {"4"}});
  EXPECT_FALSE(ResultMatcher::Match(record, "II", {{"1", "2"}, {"3", "4"}}));
}

TEST(ResultMatcherTest, ReportsColumnCountRowCountAndTypes) {
  auto record = Query("I", SortMode::kNoSort, {{"1"}});
  EXPECT_TRUE(ResultMatcher::Match(record, "II", {{"1", "2"}}));
  EXPECT_TRUE(ResultMatcher::Match(record, "I", {{"1"}, {"1"}}));
  auto problem = ResultMatcher::Match(record, "R", {{"1"}});
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("column types differ"), std::string::npos);
}

TEST(ResultMatcherTest, ComparesDoublesExactlyAsText) {
  auto record = Query("R", SortMode::kNoSort, {{"1.0E10"}});
  EXPECT_TRUE(ResultMatcher::Match(record, "R", {{"10000000000"}}));
  EXPECT_FALSE(ResultMatcher::Match(record, "R", {{"1.0E10"}}));
}

TEST(ResultMatcherTest, SortOrdersRowsAsStrings) {
  ResultMatcher::Rows rows = {{"b", "1"}, {"a", "2"}};
  ResultMatcher::Sort(SortMode::kRowSort, &rows);
  EXPECT_EQ(rows[0][0], "a");
}

}  // namespace
}  // namespace floe::sqllogictest
