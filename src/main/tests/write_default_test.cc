// Issue 16, write-default: an INSERT that omits a column of a v3 table stores the column's
// write-default (spec "Default values": "write-default ... used to populate the field's value
// for any records written after the field was added ... when the writer does not supply the
// field's value"); a column without one gets NULL. On a copy of
// ../shared/fixtures/iceberg/impala_v3_all_types_defaults (Spark 4.0 + Iceberg 1.10, defaults
// added to its metadata by hand). Skips when the fixtures are absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "iceberg/tests/fixture_paths.h"
#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

class WriteDefaultTest : public testing::WarehouseTest {};

TEST_F(WriteDefaultTest, OmittedColumnsTakeTheirWriteDefault) {
  fs::path fixture = iceberg::testing::FixturesDir() / "impala_v3_all_types_defaults";
  if (!fs::is_directory(fixture)) GTEST_SKIP() << "../shared/fixtures/iceberg/impala_v3_all_types_defaults is absent";
  fs::create_directories(dir_);
  fs::path copy = dir_ / "defaults";
  fs::copy(fixture, copy, fs::copy_options::recursive);
  const std::string prefix = "hdfs://localhost:20500/test-warehouse/iceberg_v3_all_types";
  Run("SET floe.location_map = '" + prefix + "/=" + copy.string() + "/'");
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

}  // namespace
}  // namespace floe
