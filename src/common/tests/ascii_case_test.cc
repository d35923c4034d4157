#include "common/ascii_case.h"

#include <gtest/gtest.h>

namespace floe {
namespace {

TEST(AsciiCaseTest, FoldsAsciiLettersOnly) {
  EXPECT_EQ(ToLower("SELECT a_1 FROM Tbl"), "select a_1 from tbl");
  EXPECT_EQ(ToUpper("select a_1 from tbl"), "SELECT A_1 FROM TBL");
  // UTF-8 bytes are kept: É stays É, ß stays ß
  EXPECT_EQ(ToLower("\xC3\x89t\xC3\xA9"), "\xC3\x89t\xC3\xA9");
  EXPECT_EQ(ToUpper("stra\xC3\x9F" "e"), "STRA\xC3\x9F" "E");
  EXPECT_EQ(ToLower(""), "");
}

TEST(AsciiCaseTest, EqualsIgnoreCase) {
  EXPECT_TRUE(EqualsIgnoreCase("Iceberg", "ICEBERG"));
  EXPECT_TRUE(EqualsIgnoreCase("", ""));
  EXPECT_FALSE(EqualsIgnoreCase("iceberg", "icebergs"));
  EXPECT_FALSE(EqualsIgnoreCase("a", "b"));
  // '@' and '`' sit next to 'A' and 'a': only letters fold
  EXPECT_FALSE(EqualsIgnoreCase("@", "`"));
  EXPECT_FALSE(EqualsIgnoreCase("\xC3\x89", "\xC3\xA9"));
}

}  // namespace
}  // namespace floe
