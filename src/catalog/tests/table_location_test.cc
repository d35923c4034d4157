#include <gtest/gtest.h>

#include <set>
#include <string>

#include "catalog/table_location.h"
#include "common/exception.h"

namespace floe {
namespace {

TEST(TableLocationTest, PlainNamesKeepTheirFolders) {
  EXPECT_EQ(DefaultTableLocation("/w", "tutorial", "retail_events"), "/w/tutorial/retail_events");
  EXPECT_EQ(PathSegmentForName("Sales-2026.v2"), "Sales-2026.v2");
  EXPECT_EQ(PathSegmentForName("été"), "été");
  EXPECT_EQ(PathSegmentForName("my table"), "my table");
}

TEST(TableLocationTest, NamesThatWouldLeaveTheirParentAreEscaped) {
  EXPECT_EQ(PathSegmentForName(".."), "%2E%2E");
  EXPECT_EQ(PathSegmentForName("."), "%2E");
  EXPECT_EQ(PathSegmentForName("../../etc"), "..%2F..%2Fetc");
  EXPECT_EQ(PathSegmentForName("x/../../../../y"), "x%2F..%2F..%2F..%2F..%2Fy");
  EXPECT_EQ(PathSegmentForName("a\\b"), "a%5Cb");
  EXPECT_EQ(PathSegmentForName("100%"), "100%25");
  EXPECT_EQ(PathSegmentForName("tab\there"), "tab%09here");
  EXPECT_EQ(DefaultTableLocation("/w", "..", "."), "/w/%2E%2E/%2E");
}

TEST(TableLocationTest, DistinctNamesGiveDistinctFolders) {
  // '%' is escaped itself, so a name spelling an escape differs from the escaped name.
  std::set<std::string> folders;
  for (const char* name : {"a/b", "a%2Fb", "a%252Fb", "..", "%2E%2E", ".", "%2E", "a b", "a%20b"}) {
    EXPECT_TRUE(folders.insert(PathSegmentForName(name)).second) << name;
  }
}

TEST(TableLocationTest, LongNamesAreCutWithAHash) {
  std::string long_a(300, 'a'), long_b = std::string(299, 'a') + "b";
  std::string folder_a = PathSegmentForName(long_a), folder_b = PathSegmentForName(long_b);
  EXPECT_LE(folder_a.size(), 200u);
  EXPECT_TRUE(IsHashedPathSegment(folder_a));
  EXPECT_NE(folder_a, folder_b);
  EXPECT_FALSE(IsHashedPathSegment(PathSegmentForName(std::string(200, 'a'))));
  // A short name spelled like a cut one is escaped ('~' is not kept), so it cannot collide.
  EXPECT_NE(PathSegmentForName(folder_a), folder_a);
  // Cuts never split an escape or a UTF-8 character.
  std::string slashes(300, '/');
  std::string folder = PathSegmentForName(slashes);
  EXPECT_EQ(folder.substr(0, folder.find('~')).size() % 3, 0u);
  std::string accents;
  for (int i = 0; i < 150; ++i) accents += "é";
  folder = PathSegmentForName(accents);
  EXPECT_EQ(folder.substr(0, folder.find('~')).size() % 2, 0u);
}

TEST(TableLocationTest, InvalidNamesAreRefused) {
  EXPECT_THROW(ValidateCatalogName("", "table"), CatalogError);
  EXPECT_THROW(ValidateCatalogName(std::string("a\0b", 3), "table"), CatalogError);
  EXPECT_THROW(ValidateCatalogName("a\xff", "namespace"), CatalogError);
  EXPECT_THROW(ValidateCatalogName("\xc0\xaf", "table"), CatalogError);  // overlong '/'
  EXPECT_NO_THROW(ValidateCatalogName("été_2026", "table"));
  try {
    ValidateCatalogName("bad\xff", "table");
  } catch (const CatalogError& e) {
    EXPECT_NE(std::string(e.what()).find("'bad\\xFF' is not a valid table name: it is not valid UTF-8"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace floe
