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

TEST(SqliteCatalogTest, FileTablesShareTheNamesOfTables) {
  std::string path = TempCatalogPath();
  SqliteCatalog catalog(path, "floe");
  ASSERT_TRUE(catalog.CreateFileTable({"ns", "p", "parquet", "/data/p"}));
  EXPECT_FALSE(catalog.CreateFileTable({"ns", "p", "parquet", "/data/other"}));
  EXPECT_FALSE(catalog.CreateTable("ns", "p", "/w/p/metadata/00000.metadata.json"));  // one name, one table
  ASSERT_TRUE(catalog.CreateTable("ns", "t", "v1"));
  EXPECT_FALSE(catalog.CreateFileTable({"ns", "t", "parquet", "/data/t"}));
  EXPECT_THROW(catalog.RenameFileTable("ns", "p", "ns", "t"), CatalogError);
  EXPECT_THROW(catalog.RenameTable("ns", "t", "ns", "p"), CatalogError);
  EXPECT_EQ(catalog.ListTables("ns"), (std::vector<std::string>{"p", "t"}));
  EXPECT_TRUE(catalog.NamespaceExists("ns"));
  EXPECT_EQ(catalog.LoadFileTable("ns", "p")->location, "/data/p");
  EXPECT_FALSE(catalog.LoadTable("ns", "p").has_value());
  EXPECT_TRUE(catalog.RenameFileTable("ns", "p", "ns2", "q"));
  EXPECT_EQ(catalog.ListNamespaces(), (std::vector<std::string>{"ns", "ns2"}));
  EXPECT_TRUE(catalog.DropFileTable("ns2", "q"));
  EXPECT_FALSE(catalog.DropFileTable("ns2", "q"));
}

TEST(SqliteCatalogTest, ATableReplacesAFileTableInOneTransaction) {
  std::string path = TempCatalogPath();
  SqliteCatalog catalog(path, "floe");
  ASSERT_TRUE(catalog.CreateFileTable({"ns", "p", "parquet", "/data/p"}));
  ASSERT_TRUE(catalog.CreateFileTable({"ns", "p_BACKUP_", "parquet", "/data/old"}));
  // the backup name taken: nothing changes
  FileTableBackup backup{"p_BACKUP_", false};
  EXPECT_THROW(catalog.CreateTable("ns", "p", "v1", &backup), CatalogError);
  EXPECT_FALSE(catalog.LoadTable("ns", "p").has_value());
  EXPECT_EQ(catalog.LoadFileTable("ns", "p")->location, "/data/p");
  // the parquet table renamed and the table created together
  backup.backup_table = "p_saved";
  ASSERT_TRUE(catalog.CreateTable("ns", "p", "v1", &backup));
  EXPECT_EQ(catalog.LoadTable("ns", "p")->metadata_location, "v1");
  EXPECT_EQ(catalog.LoadFileTable("ns", "p_saved")->location, "/data/p");
  EXPECT_FALSE(catalog.LoadFileTable("ns", "p").has_value());
  // no parquet table of the name left to replace
  EXPECT_THROW(catalog.CreateTable("ns", "p", "v2", &backup), CatalogError);
  // drop: the parquet table leaves the catalog
  FileTableBackup drop{"", true};
  ASSERT_TRUE(catalog.CreateFileTable({"ns", "q", "parquet", "/data/q"}));
  ASSERT_TRUE(catalog.CreateTable("ns", "q", "v3", &drop));
  EXPECT_FALSE(catalog.LoadFileTable("ns", "q").has_value());
  EXPECT_EQ(catalog.LoadTable("ns", "q")->metadata_location, "v3");
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
