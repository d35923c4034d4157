// Issue 16, write-default: an INSERT that omits a column of a v3 table stores the column's
// write-default (spec "Default values": "write-default ... used to populate the field's value
// for any records written after the field was added ... when the writer does not supply the
// field's value"); a column without one gets NULL. On a copy of
// ../shared/fixtures/iceberg/impala_v3_all_types_defaults (Spark 4.0 + Iceberg 1.10, defaults
// added to its metadata by hand). Skips when the fixtures are absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "iceberg/tests/fixture_paths.h"
#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

class WriteDefaultTest : public testing::WarehouseTest {};

TEST_F(WriteDefaultTest, OmittedColumnsTakeTheirWriteDefault) {
  fs::path fixture = iceberg::testing::FixturesDir() / "impala_v3_all_types_defaults";
  if (!fs::is_directory(fixture)) GTEST_SKIP() << "../shared/fixtures/iceberg/impala_v3_all_types_defaults is absent";
  const std::string prefix = "hdfs://localhost:20500/test-warehouse/iceberg_v3_all_types";
  CopyFixture(fixture, "defaults", prefix);
  Run("SET TIME ZONE 'UTC'");
  Run("CALL floe.system.register_table(table => 'fx.d', metadata_file => '" + prefix + "')");
  Run("INSERT INTO fx.d (id, col_int) VALUES (3, 7)");
  Result r = connection_->Query(
      "SELECT col_boolean, col_int, col_bigint, col_float, col_double, col_decimal, col_string, col_date, "
      "col_timestamp, hex(col_binary), col_timestamp_epoch, col_timestamp_iso FROM fx.d WHERE id = 3");
  ASSERT_FALSE(r.HasError()) << r.error();
  ASSERT_EQ(r.RowCount(), 1u);
  // the metadata's write-defaults; col_int as given; the last two have none (NULL)
  std::vector<std::string> expected = {"true",       "7",          "-999999999",
                                       "9.99",       "8.88",       "999.99",
                                       "write_default", "2024-12-31", "2024-12-31 23:59:59.999999",
                                       "A1B2C3D4E5F60718", "NULL",  "NULL"};
  for (size_t c = 0; c < expected.size(); ++c) EXPECT_EQ(r.GetString(0, c), expected[c]) << "column " << c;
  // the rows written before keep what they had (initial-default for id 1)
  EXPECT_EQ(Count("SELECT col_int FROM fx.d WHERE id = 1"), -1);
  EXPECT_EQ(Count("SELECT count(*) FROM fx.d"), 3);
}

// Spec "Default values": fields added inside structs (and in a list's struct elements) with an
// initial-default read as it where their struct is present, NULL where it is NULL; a struct
// field added with the default {} reads as a struct of its fields' defaults, in every row. The
// table is one floe wrote, its metadata edited as a schema change adding those fields would
// leave it (the files lack them).
TEST_F(WriteDefaultTest, NestedFieldsTakeTheirInitialDefault) {
  Run("CREATE NAMESPACE ns");
  Run("CREATE TABLE ns.t (id INT, s STRUCT<a: INT>, l ARRAY<STRUCT<a: INT>>) TBLPROPERTIES ('format-version' = '3')");
  Run("INSERT INTO ns.t VALUES (1, named_struct('a', 1), array(named_struct('a', 10), NULL)), (2, NULL, NULL)");
  fs::path edited = EditMetadata(dir_ / "warehouse" / "ns" / "t", [](nlohmann::json& m) {
    int next = m["last-column-id"].get<int>();
    auto field = [&](const std::string& name, nlohmann::json type, nlohmann::json initial) {
      return nlohmann::json{{"id", ++next}, {"name", name}, {"required", false}, {"type", type}, {"initial-default", initial}};
    };
    for (auto& schema : m["schemas"]) {
      for (auto& f : schema["fields"]) {
        if (f["name"] == "s") f["type"]["fields"].push_back(field("b", "string", "hi"));
        if (f["name"] == "l") f["type"]["element"]["fields"].push_back(field("c", "long", 7));
      }
      nlohmann::json inner = {{"type", "struct"}, {"fields", {field("x", "int", 5), field("y", "date", nullptr)}}};
      schema["fields"].push_back(field("t", inner, nlohmann::json::object()));
      schema["fields"].push_back(field("u", {{"type", "struct"}, {"fields", {field("z", "int", 9)}}}, nullptr));
    }
    m["last-column-id"] = next;
  });
  Run("CALL floe.system.register_table(table => 'ns.d', metadata_file => '" + edited.string() + "')");
  for (const char* pruning : {"true", "false"}) {
    Run(std::string("SET floe.pruning.enabled = ") + pruning);
    Result r = connection_->Query("SELECT id, s, l, t, u, s.b, t.x FROM ns.d ORDER BY id");
    ASSERT_FALSE(r.HasError()) << r.error();
    ASSERT_EQ(r.RowCount(), 2u);
    EXPECT_EQ(r.GetString(0, 1), "{\"a\":1,\"b\":\"hi\"}");
    EXPECT_EQ(r.GetString(0, 2), "[{\"a\":10,\"c\":7},null]");
    EXPECT_EQ(r.GetString(0, 3), "{\"x\":5,\"y\":null}");
    EXPECT_EQ(r.GetString(0, 4), "NULL");
    EXPECT_EQ(r.GetString(0, 5), "hi");
    EXPECT_EQ(r.GetString(0, 6), "5");
    EXPECT_EQ(r.GetString(1, 1), "NULL");
    EXPECT_EQ(r.GetString(1, 2), "NULL");
    EXPECT_EQ(r.GetString(1, 3), "{\"x\":5,\"y\":null}");
    EXPECT_EQ(r.GetString(1, 5), "NULL");
    EXPECT_EQ(Count("SELECT count(*) FROM ns.d WHERE t.x = 5 AND s.b = 'hi'"), 1);
  }
}

}  // namespace
}  // namespace floe
