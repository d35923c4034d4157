// Issue 16, format version 3 types other engines write: `unknown` reads as NULL (the spec:
// "always null"; Spark's NullType, shown as void), `geometry` and `geography` read as their
// WKB bytes (BINARY) while DESCRIBE shows the Iceberg type, and filters on them are never
// turned into bound comparisons (their bounds are bounding boxes). The table is one floe
// wrote with a BINARY column, its metadata edited as another writer would have made it.
// floe does not write these types: a write is refused naming the column.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

class V3TypesTest : public testing::WarehouseTest {};

TEST_F(V3TypesTest, UnknownGeometryAndGeographyRead) {
  Run("CREATE NAMESPACE ns");
  Run("CREATE TABLE ns.t (id INT, g BINARY) TBLPROPERTIES ('format-version' = '3')");
  // WKB of POINT (1 2), little-endian
  Run("INSERT INTO ns.t VALUES (1, X'0101000000000000000000F03F0000000000000040'), (2, NULL)");
  fs::path metadata_dir = dir_ / "warehouse" / "ns" / "t" / "metadata";
  fs::path newest;
  for (const auto& e : fs::directory_iterator(metadata_dir)) {
    if (e.path().string().find(".metadata.json") != std::string::npos && e.path() > newest) newest = e.path();
  }
  ASSERT_FALSE(newest.empty());
  nlohmann::json m = nlohmann::json::parse(std::ifstream(newest));
  for (auto& schema : m["schemas"]) {
    for (auto& field : schema["fields"]) {
      if (field["name"] == "g") field["type"] = "geometry(srid:4326)";
    }
    schema["fields"].push_back({{"id", 3}, {"name", "u"}, {"required", false}, {"type", "unknown"}});
    schema["fields"].push_back(
        {{"id", 4}, {"name", "area"}, {"required", false}, {"type", "geography(OGC:CRS84, karney)"}});
  }
  m["last-column-id"] = 4;
  fs::path edited = metadata_dir / "99999-edited.metadata.json";
  std::ofstream(edited) << m.dump();
  Run("CALL floe.system.register_table(table => 'ns.h', metadata_file => '" + edited.string() + "')");

  for (const char* pruning : {"true", "false"}) {
    Run(std::string("SET floe.pruning.enabled = ") + pruning);
    Result r = connection_->Query("SELECT id, hex(g), u, area FROM ns.h ORDER BY id");
    ASSERT_FALSE(r.HasError()) << r.error();
    ASSERT_EQ(r.RowCount(), 2u);
    EXPECT_EQ(r.GetString(0, 1), "0101000000000000000000F03F0000000000000040");
    EXPECT_TRUE(r.GetValue(0, 2).is_null());
    EXPECT_TRUE(r.GetValue(0, 3).is_null());
    EXPECT_TRUE(r.GetValue(1, 1).is_null());
    EXPECT_EQ(Count("SELECT count(*) FROM ns.h WHERE g = X'0101000000000000000000F03F0000000000000040'"), 1);
    EXPECT_EQ(Count("SELECT count(*) FROM ns.h WHERE u IS NULL"), 2);
    EXPECT_EQ(Count("SELECT count(*) FROM ns.h WHERE g IS NOT NULL"), 1);
  }
  Result star = connection_->Query("SELECT * FROM ns.h");
  ASSERT_FALSE(star.HasError()) << star.error();
  EXPECT_EQ(star.ColumnCount(), 4u);
  Result describe = connection_->Query("DESCRIBE ns.h");
  ASSERT_FALSE(describe.HasError()) << describe.error();
  std::map<std::string, std::string> type_of;
  for (size_t i = 0; i < describe.RowCount(); ++i) type_of[describe.GetString(i, 0)] = describe.GetString(i, 1);
  EXPECT_EQ(type_of["g"], "geometry(srid:4326)");
  EXPECT_EQ(type_of["area"], "geography(OGC:CRS84, karney)");
  EXPECT_EQ(type_of["u"], "void");
  // The types survive a metadata change floe makes (written back as read).
  Run("ALTER TABLE ns.h SET TBLPROPERTIES ('k' = 'v')");
  describe = connection_->Query("DESCRIBE ns.h");
  for (size_t i = 0; i < describe.RowCount(); ++i) type_of[describe.GetString(i, 0)] = describe.GetString(i, 1);
  EXPECT_EQ(type_of["g"], "geometry(srid:4326)");
  EXPECT_NE(ErrorOf("INSERT INTO ns.h VALUES (3, NULL, NULL, NULL)").find("writing column g of type geometry(srid:4326) is not supported"),
            std::string::npos);
}

}  // namespace
}  // namespace floe
