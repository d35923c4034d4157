// Issue 16, format version 3 types other engines write: `unknown` reads as NULL (the spec:
// "always null"; Spark's NullType, shown as void), `geometry` and `geography` read as their
// WKB bytes (BINARY) while DESCRIBE shows the Iceberg type, and filters on them are never
// turned into bound comparisons (their bounds are bounding boxes). The table is one floe
// wrote with a BINARY column, its metadata edited as another writer would have made it.
// floe does not write these types: a write is refused naming the column. `variant`
// (unshredded: a group of binary metadata and value) is read at the top level and inside
// structs and lists, from structs of two binaries floe wrote, and written back; shredded
// variants (a typed_value beside them) are rebuilt as read.
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
  fs::path edited = EditMetadata(dir_ / "warehouse" / "ns" / "t", [](nlohmann::json& m) {
    for (auto& schema : m["schemas"]) {
      for (auto& field : schema["fields"]) {
        if (field["name"] == "g") field["type"] = "geometry(srid:4326)";
      }
      schema["fields"].push_back({{"id", 3}, {"name", "u"}, {"required", false}, {"type", "unknown"}});
      schema["fields"].push_back(
          {{"id", 4}, {"name", "area"}, {"required", false}, {"type", "geography(OGC:CRS84, karney)"}});
    }
    m["last-column-id"] = 4;
  });
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

// Turns every struct<metadata: binary, value: binary [, typed_value: ...]> of a table's
// schemas into a variant, as an engine writing variants (shredded, with the typed_value)
// would have typed it.
void StructsToVariants(nlohmann::json& m) {
  auto edit = [](auto& self, nlohmann::json& type) -> void {
    if (!type.is_object()) return;
    auto variant_group = [](const nlohmann::json& fields) {
      return (fields.size() == 2 || fields.size() == 3) && fields[0]["name"] == "metadata" &&
             fields[1]["name"] == "value" && (fields.size() == 2 || fields[2]["name"] == "typed_value");
    };
    if (type["type"] == "struct" && variant_group(type["fields"])) {
      type = "variant";
      return;
    }
    for (const char* key : {"element", "key", "value"}) {
      if (type.contains(key)) self(self, type[key]);
    }
    if (type.contains("fields")) {
      for (auto& f : type["fields"]) self(self, f["type"]);
    }
  };
  for (auto& schema : m["schemas"]) {
    for (auto& field : schema["fields"]) edit(edit, field["type"]);
  }
}

TEST_F(V3TypesTest, VariantsReadAtTheTopAndNested) {
  Run("CREATE NAMESPACE ns");
  Run("CREATE TABLE ns.t (id INT, v STRUCT<metadata: BINARY, value: BINARY>, "
      "s STRUCT<n: INT, w: STRUCT<metadata: BINARY, value: BINARY>>, l ARRAY<STRUCT<metadata: BINARY, value: BINARY>>) "
      "TBLPROPERTIES ('format-version' = '3')");
  // 42 (int8); {"a":42} (dictionary ["a"]); "hi" (short string); a variant null
  Run("INSERT INTO ns.t VALUES "
      "(1, named_struct('metadata', X'010000', 'value', X'0C2A'), "
      " named_struct('n', 7, 'w', named_struct('metadata', X'0101000161', 'value', X'02010000020C2A')), "
      " array(named_struct('metadata', X'010000', 'value', X'096869'), named_struct('metadata', X'010000', 'value', X'00'))), "
      "(2, NULL, named_struct('n', 8, 'w', NULL), NULL)");
  fs::path edited = EditMetadata(dir_ / "warehouse" / "ns" / "t", StructsToVariants);
  Run("CALL floe.system.register_table(table => 'ns.v', metadata_file => '" + edited.string() + "')");
  for (const char* pruning : {"true", "false"}) {
    Run(std::string("SET floe.pruning.enabled = ") + pruning);
    Result r = connection_->Query(
        "SELECT id, v, to_json(s.w), variant_get(s.w, '$.a', 'int'), l, typeof(l), is_variant_null(l[1]) FROM ns.v "
        "ORDER BY id");
    ASSERT_FALSE(r.HasError()) << r.error();
    ASSERT_EQ(r.RowCount(), 2u);
    EXPECT_EQ(r.GetString(0, 1), "42");
    EXPECT_EQ(r.GetString(0, 2), "{\"a\":42}");
    EXPECT_EQ(r.GetString(0, 3), "42");
    EXPECT_EQ(r.GetString(0, 4), "[\"hi\",null]");
    EXPECT_EQ(r.GetString(0, 5), "array<variant>");
    EXPECT_EQ(r.GetString(0, 6), "true");
    EXPECT_EQ(r.GetString(1, 1), "NULL");
    EXPECT_EQ(r.GetString(1, 2), "NULL");
    EXPECT_EQ(Count("SELECT count(*) FROM ns.v WHERE variant_get(v, '$', 'int') = 42"), 1);
  }
  // written back (floe writes variants as Iceberg does), the other writer's values read the same
  Run("INSERT INTO ns.v SELECT id + 10, v, s, l FROM ns.v");
  EXPECT_EQ(Count("SELECT count(*) FROM ns.v a JOIN ns.v b ON b.id = a.id + 10 "
                  "WHERE to_json(named_struct('v', a.v, 's', a.s, 'l', a.l)) = to_json(named_struct('v', b.v, 's', b.s, 'l', b.l))"),
            2);
  // a variant column of a v2 table is refused (Iceberg's Schema.checkCompatibility)
  EXPECT_NE(ErrorOf("CREATE TABLE ns.old (v VARIANT, a ARRAY<VARIANT>)")
                .find("Invalid schema for v2:\n- Invalid type for v: variant is not supported until v3\n"
                      "- Invalid type for a.element: variant is not supported until v3"),
            std::string::npos);
}

// A table whose variant column another writer shredded: objects with fields a and b in
// typed_value, partially shredded (c in value), not an object (typed_value NULL), all NULL
// (a variant null), NULL; read rebuilt, with pruning on and off, and written back unshredded.
TEST_F(V3TypesTest, ShreddedVariantsReadRebuilt) {
  Run("CREATE NAMESPACE ns");
  Run("CREATE TABLE ns.t (id INT, v STRUCT<metadata: BINARY, value: BINARY, typed_value: STRUCT<"
      "a: STRUCT<value: BINARY, typed_value: INT>, b: STRUCT<value: BINARY, typed_value: STRING>>>) "
      "TBLPROPERTIES ('format-version' = '3')");
  // metadata: keys a, b, c; value X'02010200020C05' is the object {c: 5} (an int8)
  const std::string meta = "X'010300010203616263'";
  auto fields = [](const std::string& a, const std::string& b) {
    return "named_struct('a', named_struct('value', CAST(NULL AS BINARY), 'typed_value', " + a +
           "), 'b', named_struct('value', CAST(NULL AS BINARY), 'typed_value', " + b + "))";
  };
  Run("INSERT INTO ns.t VALUES "
      "(1, named_struct('metadata', " + meta + ", 'value', CAST(NULL AS BINARY), 'typed_value', " +
      fields("1", "'x'") + ")), "
      "(2, named_struct('metadata', " + meta + ", 'value', X'02010200020C05', 'typed_value', " +
      fields("2", "CAST(NULL AS STRING)") + ")), "
      "(3, named_struct('metadata', " + meta + ", 'value', X'0C07', 'typed_value', NULL)), "
      "(4, named_struct('metadata', " + meta + ", 'value', CAST(NULL AS BINARY), 'typed_value', NULL)), "
      "(5, NULL)");
  fs::path edited = EditMetadata(dir_ / "warehouse" / "ns" / "t", StructsToVariants);
  Run("CALL floe.system.register_table(table => 'ns.v', metadata_file => '" + edited.string() + "')");
  for (const char* pruning : {"true", "false"}) {
    Run(std::string("SET floe.pruning.enabled = ") + pruning);
    Result r = connection_->Query("SELECT id, v, variant_get(v, '$.a', 'int') FROM ns.v ORDER BY id");
    ASSERT_FALSE(r.HasError()) << r.error();
    ASSERT_EQ(r.RowCount(), 5u);
    EXPECT_EQ(r.GetString(0, 1), "{\"a\":1,\"b\":\"x\"}");
    EXPECT_EQ(r.GetString(1, 1), "{\"a\":2,\"c\":5}");  // b missing: neither value nor typed_value
    EXPECT_EQ(r.GetString(2, 1), "7");
    EXPECT_EQ(r.GetString(3, 1), "null");
    EXPECT_EQ(r.GetString(4, 1), "NULL");
    EXPECT_EQ(r.GetString(1, 2), "2");
    EXPECT_EQ(Count("SELECT count(*) FROM ns.v WHERE variant_get(v, '$.c', 'int') = 5 AND id > 1"), 1);
  }
  // written back: floe writes variants unshredded; the rebuilt values read the same
  Run("INSERT INTO ns.v SELECT id + 10, v FROM ns.v");
  EXPECT_EQ(Count("SELECT count(*) FROM ns.v a JOIN ns.v b ON b.id = a.id + 10 WHERE to_json(a.v) = to_json(b.v)"), 4);
}

// A file's TIMESTAMP(NANOS) column under an Iceberg timestamp (microsecond) column, as
// pyarrow's files added to a table hold: read floored to microseconds, pruned by its
// statistics floored too. The table is floe's with its type edited from timestamp_ns.
TEST_F(V3TypesTest, NanosecondFilesReadAsMicrosecondColumns) {
  Run("CREATE NAMESPACE ns");
  Run("CREATE TABLE ns.t (id INT, ts TIMESTAMP_NTZ_NS) TBLPROPERTIES ('format-version' = '3')");
  Run("INSERT INTO ns.t VALUES (1, CAST('2024-01-01 00:00:00.0000015' AS TIMESTAMP_NTZ_NS)), "
      "(2, CAST('1969-12-31 23:59:59.999999999' AS TIMESTAMP_NTZ_NS))");
  fs::path edited = EditMetadata(dir_ / "warehouse" / "ns" / "t", [](nlohmann::json& m) {
    for (auto& schema : m["schemas"]) {
      for (auto& field : schema["fields"]) {
        if (field["type"] == "timestamp_ns") field["type"] = "timestamp";
      }
    }
  });
  Run("CALL floe.system.register_table(table => 'ns.v', metadata_file => '" + edited.string() + "')");
  Result r = connection_->Query("SELECT id, CAST(ts AS STRING), typeof(ts) FROM ns.v ORDER BY id");
  ASSERT_FALSE(r.HasError()) << r.error();
  ASSERT_EQ(r.RowCount(), 2u);
  EXPECT_EQ(r.GetString(0, 1), "2024-01-01 00:00:00.000001");
  EXPECT_EQ(r.GetString(1, 1), "1969-12-31 23:59:59.999999");
  EXPECT_EQ(r.GetString(0, 2), "timestamp_ntz");
  for (const char* pruning : {"true", "false"}) {
    Run(std::string("SET floe.pruning.enabled = ") + pruning);
    EXPECT_EQ(Count("SELECT count(*) FROM ns.v WHERE ts >= TIMESTAMP_NTZ '2024-01-01 00:00:00.000001'"), 1);
    EXPECT_EQ(Count("SELECT count(*) FROM ns.v WHERE ts < TIMESTAMP_NTZ '1970-01-01 00:00:00'"), 1);
  }
}

TEST_F(V3TypesTest, MalformedVariantsFailTheScanNamingTheColumn) {
  Run("CREATE NAMESPACE ns");
  Run("CREATE TABLE ns.t (id INT, v STRUCT<metadata: BINARY, value: BINARY>) TBLPROPERTIES ('format-version' = '3')");
  // an INT8 value cut short, a metadata of version 2, a value claiming a 5-byte string
  for (const char* row : {"(1, named_struct('metadata', X'010000', 'value', X'18'))",
                          "(2, named_struct('metadata', X'020000', 'value', X'00'))",
                          "(3, named_struct('metadata', X'010000', 'value', X'1561'))",
                          "(4, named_struct('metadata', X'010000', 'value', CAST(NULL AS BINARY)))"}) {
    Run("DELETE FROM ns.t");
    Run(std::string("INSERT INTO ns.t VALUES ") + row);
    fs::path edited = EditMetadata(dir_ / "warehouse" / "ns" / "t", StructsToVariants);
    Run("DROP TABLE IF EXISTS ns.v");
    Run("CALL floe.system.register_table(table => 'ns.v', metadata_file => '" + edited.string() + "')");
    std::string error = ErrorOf("SELECT v FROM ns.v");
    EXPECT_NE(error.find("column \"v\""), std::string::npos) << row << ": " << error;
    EXPECT_TRUE(error.find("malformed variant") != std::string::npos ||
                error.find("without its metadata or value") != std::string::npos)
        << row << ": " << error;
    fs::remove(edited);
  }
}

// The spec: an `unknown` column is always NULL and is not stored in data files (Iceberg's
// TypeToMessageType leaves it out); a write to a table with one, top-level or in a struct,
// writes the other columns and reads the unknown one back as NULL.
TEST_F(V3TypesTest, UnknownColumnsAreWrittenByLeavingThemOut) {
  Run("CREATE NAMESPACE ns");
  Run("CREATE TABLE ns.t (id INT, u INT, s STRUCT<a: INT, v: INT>) TBLPROPERTIES ('format-version' = '3')");
  fs::path edited = EditMetadata(dir_ / "warehouse" / "ns" / "t", [](nlohmann::json& m) {
    for (auto& schema : m["schemas"]) {
      for (auto& field : schema["fields"]) {
        if (field["name"] == "u") field["type"] = "unknown";
        if (field["name"] == "s") field["type"]["fields"][1]["type"] = "unknown";
      }
    }
  });
  Run("CALL floe.system.register_table(table => 'ns.h', metadata_file => '" + edited.string() + "')");
  Run("INSERT INTO ns.h VALUES (1, NULL, named_struct('a', 10, 'v', NULL)), (2, NULL, NULL)");
  Result r = connection_->Query("SELECT id, u, s FROM ns.h ORDER BY id");
  ASSERT_FALSE(r.HasError()) << r.error();
  ASSERT_EQ(r.RowCount(), 2u);
  EXPECT_EQ(r.GetString(0, 1), "NULL");
  EXPECT_EQ(r.GetString(0, 2), "{\"a\":10,\"v\":null}");
  EXPECT_EQ(r.GetString(1, 2), "NULL");
  // the data file holds id and s.a only
  Result schema = connection_->Query("SELECT name FROM parquet_schema('" + (dir_ / "warehouse" / "ns" / "t" / "data").string() +
                                     "/*.parquet') ORDER BY name");
  ASSERT_FALSE(schema.HasError()) << schema.error();
  std::string names;
  for (size_t i = 0; i < schema.RowCount(); ++i) names += schema.GetString(i, 0) + " ";
  EXPECT_EQ(names, "a id s schema ");
}

}  // namespace
}  // namespace floe
