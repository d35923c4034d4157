#include <gtest/gtest.h>

#include <string>

#include "common/utf8.h"

namespace floe {
namespace {

TEST(Utf8Test, ValidatesWellFormedSequences) {
  EXPECT_TRUE(IsValidUtf8(""));
  EXPECT_TRUE(IsValidUtf8("plain ascii"));
  EXPECT_TRUE(IsValidUtf8("été \xe2\x82\xac \xf0\x9f\x98\x80"));  // é, €, an emoji
  EXPECT_FALSE(IsValidUtf8("\xff"));
  EXPECT_FALSE(IsValidUtf8("\xc3"));              // truncated
  EXPECT_FALSE(IsValidUtf8("\xc0\xaf"));          // overlong '/'
  EXPECT_FALSE(IsValidUtf8("\xe0\x80\xaf"));      // overlong '/'
  EXPECT_FALSE(IsValidUtf8("\xed\xa0\x80"));      // a surrogate
  EXPECT_FALSE(IsValidUtf8("\xf4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_TRUE(IsValidUtf8(std::string("a\0b", 3)));
}

TEST(Utf8Test, QuotesForMessagesWithoutRawBytes) {
  EXPECT_EQ(QuoteForMessage("name"), "'name'");
  EXPECT_EQ(QuoteForMessage("été"), "'été'");
  EXPECT_EQ(QuoteForMessage("a\xff" "b"), "'a\\xFFb'");
  EXPECT_EQ(QuoteForMessage(std::string("a\0b", 3)), "'a\\x00b'");
  EXPECT_EQ(QuoteForMessage("it's"), "'it\\'s'");
  EXPECT_EQ(QuoteForMessage(std::string(200, 'x'), 10), "'xxxxxxxxxx'...");
}

TEST(Utf8Test, ReplaceInvalidUtf8AsJavaDecodes) {
  // each maximal ill-formed subpart becomes one U+FFFD (Unicode's recommended practice, which
  // Java's UTF-8 decoder follows)
  const std::string r = "\xEF\xBF\xBD";
  EXPECT_EQ(ReplaceInvalidUtf8("ok \xC3\xA9"), "ok \xC3\xA9");
  EXPECT_EQ(ReplaceInvalidUtf8("a\xFF" "b"), "a" + r + "b");
  EXPECT_EQ(ReplaceInvalidUtf8("\xE2\x82" "A"), r + "A");
  EXPECT_EQ(ReplaceInvalidUtf8("\xF0\x9F"), r);
  EXPECT_EQ(ReplaceInvalidUtf8("\xED\xA0\x80"), r + r + r);
  EXPECT_EQ(ReplaceInvalidUtf8("\xC0\xAF"), r + r);
}

}  // namespace
}  // namespace floe
