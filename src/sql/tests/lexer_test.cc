#include "sql/lexer.h"

#include <gtest/gtest.h>

#include "common/exception.h"

namespace floe {
namespace {

std::vector<Token> Lex(std::string_view sql) { return Lexer(sql).Tokenize(); }

TEST(LexerTest, SplitsWordsNumbersStringsAndOperators) {
  auto tokens = Lex("SELECT a1, 42, 'x' FROM t WHERE b <=> 1.5e3;");
  ASSERT_EQ(tokens.size(), 14u);
  EXPECT_EQ(tokens[0].type, TokenType::kWord);
  EXPECT_EQ(tokens[0].text, "SELECT");
  EXPECT_EQ(tokens[1].text, "a1");
  EXPECT_EQ(tokens[3].type, TokenType::kNumber);
  EXPECT_EQ(tokens[5].type, TokenType::kString);
  EXPECT_EQ(tokens[5].text, "x");
  EXPECT_EQ(tokens[10].text, "<=>");
  EXPECT_EQ(tokens[11].text, "1.5e3");
  EXPECT_EQ(tokens[12].text, ";");
  EXPECT_EQ(tokens[13].type, TokenType::kEnd);
}

TEST(LexerTest, TracksLineColumnAndOffset) {
  auto tokens = Lex("SELECT\n  a,\n\tb");
  EXPECT_EQ(tokens[1].position.line, 2);
  EXPECT_EQ(tokens[1].position.column, 3);
  EXPECT_EQ(tokens[1].position.offset, 9u);
  EXPECT_EQ(tokens[3].position.line, 3);
  EXPECT_EQ(tokens[3].position.column, 2);
}

TEST(LexerTest, StringsFollowSparkEscapes) {
  auto tokens = Lex(R"('a\'b' "dq" 'tab\there' 'pct\%' r'raw\n' '\u0041')");
  EXPECT_EQ(tokens[0].text, "a'b");
  EXPECT_EQ(tokens[1].type, TokenType::kString);  // Spark reads "dq" as a string
  EXPECT_EQ(tokens[1].text, "dq");
  EXPECT_EQ(tokens[2].text, "tab\there");
  EXPECT_EQ(tokens[3].text, "pct\\%");
  EXPECT_EQ(tokens[4].text, "raw\\n");
  EXPECT_EQ(tokens[5].text, "A");
}

TEST(LexerTest, RawStringsKeepBackslashes) {
  auto tokens = Lex(R"(r'a\' 'b')");
  EXPECT_EQ(tokens[0].text, "a\\");
  EXPECT_EQ(tokens[1].text, "b");
}

TEST(LexerTest, UnicodeSpacesSeparateTokens) {
  auto tokens =
      Lex("\xEF\xBB\xBF"
          "SELECT"
          "\xC2\xA0"
          "a,"
          "\xE2\x80\x83"
          "b"
          "\xE3\x80\x80"
          "FROM t");
  ASSERT_EQ(tokens.size(), 7u);
  EXPECT_EQ(tokens[0].text, "SELECT");
  EXPECT_EQ(tokens[1].text, "a");
  EXPECT_EQ(tokens[3].text, "b");
  EXPECT_EQ(tokens[4].text, "FROM");
}

TEST(LexerTest, BackquotedIdentifiers) {
  auto tokens = Lex("`a b` `x``y`");
  EXPECT_EQ(tokens[0].type, TokenType::kQuotedIdentifier);
  EXPECT_EQ(tokens[0].text, "a b");
  EXPECT_EQ(tokens[1].text, "x`y");
}

TEST(LexerTest, NumbersWithSuffixesAndBinaryStrings) {
  auto tokens = Lex("42L 1.5D 1.5BD .5 1. 7Y X'0aFF' 1st");
  EXPECT_EQ(tokens[0].text, "42L");
  EXPECT_EQ(tokens[1].text, "1.5D");
  EXPECT_EQ(tokens[2].text, "1.5BD");
  EXPECT_EQ(tokens[3].text, ".5");
  EXPECT_EQ(tokens[4].text, "1.");
  EXPECT_EQ(tokens[5].text, "7Y");
  EXPECT_EQ(tokens[6].type, TokenType::kBinaryString);
  EXPECT_EQ(tokens[6].text, "0aFF");
  EXPECT_EQ(tokens[7].type, TokenType::kWord);  // Spark reads 1st as an identifier
}

TEST(LexerTest, CommentsAndHints) {
  Lexer lexer("SELECT /*+ BROADCAST(d) */ a -- trailing\n/* outer /* nested */ still */ FROM t");
  auto tokens = lexer.Tokenize();
  ASSERT_EQ(tokens.size(), 5u);
  EXPECT_EQ(tokens[2].text, "FROM");
  ASSERT_EQ(lexer.hints().size(), 1u);
  EXPECT_EQ(lexer.hints()[0].text, " BROADCAST(d) ");
}

TEST(LexerTest, ErrorsCarryPositions) {
  try {
    Lex("SELECT\n  'abc");
    FAIL();
  } catch (const ParserError& e) {
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.column(), 3);
    EXPECT_STREQ(e.what(), "syntax error: unterminated quoted string");
  }
  EXPECT_THROW(Lex("/* never closed"), ParserError);
  EXPECT_THROW(Lex("`open"), ParserError);
  EXPECT_THROW(Lex("SELECT #"), ParserError);
  EXPECT_THROW(Lex("X'0G'"), ParserError);
}

}  // namespace
}  // namespace floe
