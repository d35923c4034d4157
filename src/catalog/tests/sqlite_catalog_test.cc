#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "catalog/sqlite_catalog.h"
#include "common/exception.h"

namespace floe {
namespace {

std::string TempCatalogPath() {
  auto dir = std::filesystem::temp_directory_path() / ("floe_catalog_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / "catalog.db";
  std::filesystem::remove(path);
  return path.string();
}

TEST(SqliteCatalogTest, NamespacesAndTables) {
  std::string path = TempCatalogPath();
  SqliteCatalog catalog(path, "floe");
  EXPECT_TRUE(catalog.CreateNamespace("tutorial", {{"owner", "me"}}));
  EXPECT_FALSE(catalog.CreateNamespace("tutorial", {}));
  EXPECT_TRUE(catalog.NamespaceExists("tutorial"));
  EXPECT_EQ(catalog.NamespaceProperties("tutorial").at("owner"), "me");
  EXPECT_TRUE(catalog.CreateTable("tutorial", "t", "/w/t/metadata/00000.metadata.json"));
  EXPECT_FALSE(catalog.CreateTable("tutorial", "t", "/elsewhere"));
  ASSERT_TRUE(catalog.LoadTable("tutorial", "t").has_value());
  EXPECT_EQ(catalog.ListTables("tutorial"), std::vector<std::string>{"t"});
  EXPECT_THROW(catalog.DropNamespace("tutorial"), CatalogError);
}

TEST(SqliteCatalogTest, CompareAndSwapCommits) {
  std::string path = TempCatalogPath();
  SqliteCatalog a(path, "floe");
  SqliteCatalog b(path, "floe");  // a second connection, as another process would have
  ASSERT_TRUE(a.CreateTable("ns", "t", "v1"));
  EXPECT_TRUE(a.CommitTable("ns", "t", "v1", "v2"));
  EXPECT_FALSE(b.CommitTable("ns", "t", "v1", "v3"));  // lost the race: must re-read
  EXPECT_TRUE(b.CommitTable("ns", "t", "v2", "v3"));
  auto entry = a.LoadTable("ns", "t");
  EXPECT_EQ(entry->metadata_location, "v3");
  EXPECT_EQ(entry->previous_metadata_location, "v2");
}

TEST(SqliteCatalogTest, CatalogsAreSeparatedByName) {
  std::string path = TempCatalogPath();
  SqliteCatalog floe(path, "floe");
  SqliteCatalog oleander(path, "oleander");
  ASSERT_TRUE(oleander.CreateTable("tutorial", "events", "m"));
  EXPECT_FALSE(floe.LoadTable("tutorial", "events").has_value());
  EXPECT_TRUE(oleander.RenameTable("tutorial", "events", "tutorial", "events2"));
  EXPECT_TRUE(oleander.LoadTable("tutorial", "events2").has_value());
  EXPECT_TRUE(oleander.DropTable("tutorial", "events2"));
  EXPECT_FALSE(oleander.DropTable("tutorial", "events2"));
}

}  // namespace
}  // namespace floe
