// The temporary views and tables a database's sessions share: case-insensitive names, what
// OR REPLACE and IF NOT EXISTS may replace, and DROP TABLE dropping a view as Spark's
// DropTableCommand does.
#include <gtest/gtest.h>

#include "common/exception.h"
#include "execution/table_sources/temp_catalog.h"

namespace floe {
namespace {

std::shared_ptr<ViewDefinition> View(const std::string& name) {
  auto view = std::make_shared<ViewDefinition>();
  view->name = name;
  view->sql = "SELECT 1";
  return view;
}

std::shared_ptr<MemoryTable> Table(const std::string& name) {
  return std::make_shared<MemoryTable>(name, std::vector<std::string>{"x"}, std::vector<LogicalType>{TypeId::kInt32},
                                       std::vector<bool>{false});
}

TEST(TempCatalogTest, FindsViewsAndTablesByCaseInsensitiveName) {
  TempCatalog temp;
  ASSERT_TRUE(temp.CreateView(View("V1"), false, false));
  ASSERT_TRUE(temp.CreateTable("T1", Table("T1"), false, false));
  EXPECT_NE(temp.FindView("v1"), nullptr);
  EXPECT_NE(temp.FindTable("t1"), nullptr);
  EXPECT_EQ(temp.FindView("t1"), nullptr);
  EXPECT_EQ(temp.FindTable("v1"), nullptr);
  EXPECT_EQ(temp.ViewNames(), std::vector<std::string>{"v1"});
  EXPECT_EQ(temp.TableNames(), std::vector<std::string>{"t1"});
}

TEST(TempCatalogTest, OrReplaceReplacesAViewButNeverATable) {
  TempCatalog temp;
  ASSERT_TRUE(temp.CreateView(View("v"), false, false));
  EXPECT_THROW(temp.CreateView(View("v"), false, false), CatalogError);
  auto replacement = View("V");
  EXPECT_TRUE(temp.CreateView(replacement, true, false));
  EXPECT_EQ(temp.FindView("v"), replacement);
  EXPECT_FALSE(temp.CreateView(View("v"), false, true));  // IF NOT EXISTS: nothing done
  EXPECT_EQ(temp.FindView("v"), replacement);

  ASSERT_TRUE(temp.CreateTable("t", Table("t"), false, false));
  try {
    temp.CreateView(View("t"), true, false);
    FAIL() << "a view replaced a temporary table";
  } catch (const CatalogError& e) {
    EXPECT_NE(std::string(e.what()).find("TEMP_TABLE_OR_VIEW_ALREADY_EXISTS"), std::string::npos) << e.what();
  }
  EXPECT_NE(temp.FindTable("t"), nullptr);
}

TEST(TempCatalogTest, OrReplaceTableReplacesATableOrAView) {
  TempCatalog temp;
  ASSERT_TRUE(temp.CreateView(View("x"), false, false));
  EXPECT_THROW(temp.CreateTable("x", Table("x"), false, false), CatalogError);
  EXPECT_FALSE(temp.CreateTable("x", Table("x"), false, true));
  EXPECT_NE(temp.FindView("x"), nullptr);
  EXPECT_TRUE(temp.CreateTable("X", Table("X"), true, false));
  EXPECT_EQ(temp.FindView("x"), nullptr);
  EXPECT_NE(temp.FindTable("x"), nullptr);
}

TEST(TempCatalogTest, DropTableDropsATableOrAViewDropViewOnlyAView) {
  TempCatalog temp;
  ASSERT_TRUE(temp.CreateView(View("v"), false, false));
  ASSERT_TRUE(temp.CreateTable("t", Table("t"), false, false));
  EXPECT_FALSE(temp.DropView("t"));
  EXPECT_TRUE(temp.DropTableOrView("V"));
  EXPECT_EQ(temp.FindView("v"), nullptr);
  EXPECT_TRUE(temp.DropTableOrView("t"));
  EXPECT_FALSE(temp.DropTableOrView("t"));
  EXPECT_TRUE(temp.ViewNames().empty());
  EXPECT_TRUE(temp.TableNames().empty());
}

}  // namespace
}  // namespace floe
