#include "statement_splitter.h"

#include <gtest/gtest.h>

namespace floe::shell {
namespace {

TEST(StatementSplitterTest, SplitsAtSemicolonsAcrossLines) {
  StatementSplitter splitter;
  EXPECT_TRUE(splitter.Append("SELECT 1;\n").size() == 1);
  EXPECT_TRUE(splitter.Append("SELECT\n").empty());
  EXPECT_TRUE(splitter.HasPending());
  auto done = splitter.Append("  2; SELECT 3;\n");
  ASSERT_EQ(done.size(), 2u);
  EXPECT_EQ(done[0], "SELECT\n  2");
  EXPECT_EQ(done[1], "SELECT 3");
  EXPECT_FALSE(splitter.HasPending());
}

TEST(StatementSplitterTest, IgnoresSemicolonsInQuotesAndComments) {
  StatementSplitter splitter;
  auto done = splitter.Append("SELECT 'a;b', \"c;d\", `e;f` -- x;y\n");
  EXPECT_TRUE(done.empty());
  done = splitter.Append("/* ; */ , 'it\\'s;';\n");
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0], "SELECT 'a;b', \"c;d\", `e;f` -- x;y\n/* ; */ , 'it\\'s;'");
}

TEST(StatementSplitterTest, DropsBlankStatementsAndKeepsTheLastUnterminatedOne) {
  StatementSplitter splitter;
  EXPECT_TRUE(splitter.Append(";;  -- only a comment\n").empty());
  EXPECT_FALSE(splitter.HasPending());
  EXPECT_TRUE(splitter.Append("SELECT 4\n").empty());
  EXPECT_EQ(splitter.TakePending(), "-- only a comment\nSELECT 4");
  EXPECT_FALSE(splitter.HasPending());
}

}  // namespace
}  // namespace floe::shell
