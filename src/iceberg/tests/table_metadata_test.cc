#include "iceberg/table_metadata.h"

#include <gtest/gtest.h>

#include <random>

#include "common/exception.h"
#include "common/date_time.h"
#include "common/tests/torture_scale.h"
#include "iceberg/location_remapper.h"
#include "iceberg/partition_spec_builder.h"
#include "iceberg/tests/fixture_paths.h"

namespace floe::iceberg {
namespace {

using nlohmann::json;
using testing::FirstSetFixtureTables;

TEST(TableMetadataTest, ParsesEveryFixtureMetadataFileAndRoundTrips) {
  auto tables = FirstSetFixtureTables();
  if (tables.empty()) GTEST_SKIP() << "fixtures not found at " << testing::FixturesDir();
  int files = 0;
  for (const auto& table : tables) {
    for (const auto& path : testing::MetadataFiles(table)) {
      SCOPED_TRACE(path.string());
      std::string text = testing::ReadFile(path);
      TableMetadata m = TableMetadata::Parse(text, path.string());
      json raw = json::parse(text);
      EXPECT_EQ(m.format_version, raw["format-version"].get<int>());
      EXPECT_EQ(m.table_uuid, raw["table-uuid"].get<std::string>());
      EXPECT_EQ(m.snapshots.size(), raw["snapshots"].size());
      EXPECT_EQ(m.partition_specs.size(), raw["partition-specs"].size());
      EXPECT_EQ(m.schemas.size(), raw["schemas"].size());
      EXPECT_EQ(m.last_sequence_number, raw["last-sequence-number"].get<int64_t>());
      if (raw.contains("current-snapshot-id") && !raw["current-snapshot-id"].is_null() &&
          raw["current-snapshot-id"].get<int64_t>() != -1) {
        ASSERT_NE(m.CurrentSnapshot(), nullptr);
        EXPECT_FALSE(m.CurrentSnapshot()->manifest_list.empty());
      }
      // Every schema, spec and sort order serializes back to the same JSON it came from.
      for (size_t i = 0; i < m.schemas.size(); ++i) {
        json want = raw["schemas"][i];
        if (want.contains("identifier-field-ids") && want["identifier-field-ids"].empty()) {
          want.erase("identifier-field-ids");
        }
        EXPECT_EQ(m.schemas[i].ToJson(), want);
      }
      for (size_t i = 0; i < m.partition_specs.size(); ++i) {
        EXPECT_EQ(m.partition_specs[i].ToJson(), raw["partition-specs"][i]);
        EXPECT_NO_THROW(m.partition_specs[i].PartitionType(m.CurrentSchema()));
      }
      for (size_t i = 0; i < m.sort_orders.size(); ++i) {
        EXPECT_EQ(m.sort_orders[i].ToJson(), raw["sort-orders"][i]);
      }
      for (size_t i = 0; i < m.snapshots.size(); ++i) {
        EXPECT_EQ(m.snapshots[i].ToJson(), raw["snapshots"][i]);
      }
      // The whole file round-trips through our serializer.
      TableMetadata again = TableMetadata::Parse(m.ToJsonString(), "round trip");
      EXPECT_EQ(again, m);
      ++files;
    }
  }
  EXPECT_GE(files, 40);
}

TEST(TableMetadataTest, PartitionEvolutionFixture) {
  auto dir = testing::FixturesDir() / "cxx_partition_evolution";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "fixture missing";
  auto path = testing::LatestMetadataFile(dir);
  TableMetadata m = TableMetadata::Parse(testing::ReadFile(path), path.string());
  // FIXTURES.md: "0: identity(c1), identity(c2); 1: identity(c3)", 3 snapshots
  ASSERT_EQ(m.partition_specs.size(), 2u);
  EXPECT_EQ(m.default_spec_id, 1);
  EXPECT_EQ(m.SpecById(0)->fields().size(), 2u);
  EXPECT_EQ(m.SpecById(1)->fields()[0].name(), "c3");
  EXPECT_EQ(m.SpecById(1)->fields()[0].field_id(), 1002);
  EXPECT_EQ(m.snapshots.size(), 3u);
  EXPECT_EQ(m.last_partition_id, 1002);
  EXPECT_EQ(m.CurrentSnapshot()->summary.at("total-records"), "7");
  EXPECT_EQ(m.CurrentSnapshot()->operation(), "append");
  EXPECT_EQ(m.SnapshotByRef("main"), m.CurrentSnapshot());
  EXPECT_EQ(m.SnapshotAsOfTime(m.snapshots[1].timestamp_ms), &m.snapshots[1]);
  EXPECT_EQ(m.SnapshotAsOfTime(0), nullptr);
}

TEST(TableMetadataTest, ParsesV1AndRejectsV4) {
  const char* v1 = R"J({
    "format-version": 1, "table-uuid": "d20125c8-7284-442c-9aea-15fee620737c",
    "location": "s3://bucket/test/location", "last-updated-ms": 1602638573874,
    "last-column-id": 3,
    "schema": {"type": "struct", "fields": [
      {"id": 1, "name": "x", "required": true, "type": "long"},
      {"id": 2, "name": "y", "required": true, "type": "long", "doc": "comment"},
      {"id": 3, "name": "z", "required": true, "type": "long"}]},
    "partition-spec": [{"name": "x", "transform": "identity", "source-id": 1}],
    "properties": {}, "current-snapshot-id": -1, "snapshots": []})J";
  TableMetadata m = TableMetadata::Parse(v1, "v1.metadata.json");
  EXPECT_EQ(m.format_version, 1);
  EXPECT_EQ(m.CurrentSchema().fields().size(), 3u);
  ASSERT_EQ(m.DefaultSpec().fields().size(), 1u);
  EXPECT_EQ(m.DefaultSpec().fields()[0].field_id(), 1000);
  EXPECT_EQ(m.last_partition_id, 1000);
  EXPECT_EQ(m.CurrentSnapshot(), nullptr);
  EXPECT_TRUE(m.DefaultSortOrder()->IsUnsorted());

  json v4 = json::parse(v1);
  v4["format-version"] = 4;
  try {
    TableMetadata::Parse(v4.dump(), "v4.metadata.json");
    FAIL() << "v4 must be rejected";
  } catch (const NotImplementedError& e) {
    EXPECT_NE(std::string(e.what()).find("format version 4 is not supported"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("v4.metadata.json"), std::string::npos);
  }
  EXPECT_THROW(TableMetadata::Parse("{not json", "bad.json"), FormatError);
  json missing = json::parse(v1);
  missing.erase("location");
  EXPECT_THROW(TableMetadata::Parse(missing.dump(), "bad.json"), FormatError);
}

// Metadata re-serialized through doubles (impala_trino_variant and
// impala_v3_all_types_defaults of the fixtures: 6097489456815673000 for ...673056) holds
// rounded snapshot ids; the manifest lists' names keep the exact ones, which come back
// everywhere the metadata names them. A name whose id does not round to the snapshot's,
// and ids below 2^53, are left as written.
TEST(TableMetadataTest, SnapshotIdsRoundedThroughDoublesComeBackFromTheManifestListNames) {
  const int64_t exact_parent = 4685659321801244137, exact = 6097489456815673056;
  const auto rounded = [](int64_t id) { return static_cast<int64_t>(static_cast<double>(id)); };
  ASSERT_NE(rounded(exact), exact);
  json m = json::parse(R"J({
    "format-version": 2, "table-uuid": "d20125c8-7284-442c-9aea-15fee620737c",
    "location": "s3://bucket/t", "last-sequence-number": 3, "last-updated-ms": 1602638573874,
    "last-column-id": 1, "current-schema-id": 0,
    "schemas": [{"type": "struct", "schema-id": 0, "fields": [{"id": 1, "name": "x", "required": true, "type": "long"}]}],
    "default-spec-id": 0, "partition-specs": [{"spec-id": 0, "fields": []}], "last-partition-id": 999,
    "default-sort-order-id": 0, "sort-orders": [{"order-id": 0, "fields": []}], "properties": {}})J");
  auto snapshot = [&](int64_t id, std::optional<int64_t> parent, int64_t named, int64_t seq) {
    json s = {{"snapshot-id", id}, {"sequence-number", seq}, {"timestamp-ms", 1602638573874 + seq},
              {"manifest-list", "s3://bucket/t/metadata/snap-" + std::to_string(named) + "-1-e1c1c1a1.avro"},
              {"summary", {{"operation", "append"}}}, {"schema-id", 0}};
    if (parent) s["parent-snapshot-id"] = *parent;
    return s;
  };
  m["snapshots"] = json::array({snapshot(rounded(exact_parent), std::nullopt, exact_parent, 1),
                                snapshot(rounded(exact), rounded(exact_parent), exact, 2),
                                snapshot(12345, rounded(exact), 99999, 3)});  // small: kept
  m["current-snapshot-id"] = rounded(exact);
  m["refs"] = {{"main", {{"snapshot-id", rounded(exact)}, {"type", "branch"}}},
               {"t", {{"snapshot-id", rounded(exact_parent)}, {"type", "tag"}}}};
  m["snapshot-log"] = json::array({{{"timestamp-ms", 1602638573875}, {"snapshot-id", rounded(exact_parent)}},
                                   {{"timestamp-ms", 1602638573876}, {"snapshot-id", rounded(exact)}}});
  TableMetadata t = TableMetadata::Parse(m.dump(), "rounded.metadata.json");
  EXPECT_EQ(t.current_snapshot_id, exact);
  ASSERT_NE(t.SnapshotById(exact), nullptr);
  EXPECT_EQ(t.SnapshotById(exact)->parent_snapshot_id, exact_parent);
  EXPECT_NE(t.SnapshotById(exact_parent), nullptr);
  EXPECT_EQ(t.SnapshotById(12345)->parent_snapshot_id, exact);
  EXPECT_EQ(t.refs.at("t").snapshot_id, exact_parent);
  EXPECT_EQ(t.snapshot_log[1].snapshot_id, exact);

  // A manifest list named for an id that does not round to the snapshot's: left as written.
  m["snapshots"][1]["manifest-list"] = "s3://bucket/t/metadata/snap-6097489456815679999-1-e1c1c1a1.avro";
  TableMetadata other = TableMetadata::Parse(m.dump(), "other.metadata.json");
  EXPECT_EQ(other.current_snapshot_id, rounded(exact));
}

TEST(PartitionSpecTest, PartitionToPathEscapesLikeJava) {
  Schema schema(0, {NestedField::Optional(1, "event_time", Type::Primitive(TypeKind::kTimestampTz)),
                    NestedField::Optional(2, "region", Type::Primitive(TypeKind::kString)),
                    NestedField::Optional(3, "id", Type::Primitive(TypeKind::kLong))});
  PartitionSpec spec(0, {PartitionField(1, 1000, "event_time_day", Transform::Day()),
                         PartitionField(1, 1001, "ts_hour", Transform::Hour()),
                         PartitionField(2, 1002, "region", Transform::Identity()),
                         PartitionField(3, 1003, "id_bucket", Transform::Bucket(16))});
  int64_t ts = 0;
  ASSERT_TRUE(ParseTimestamp("2026-01-15 10:20:30", TimeZone::Utc(), &ts));
  std::vector<Value> tuple;
  for (size_t i = 0; i < 2; ++i) tuple.push_back(spec.fields()[i].transform().Apply(Value::Timestamp(ts)));
  tuple.push_back(Value::String("a b/c=d&é"));
  tuple.push_back(Value::Null(TypeId::kInt32));
  EXPECT_EQ(spec.PartitionToPath(schema, tuple),
            "event_time_day=2026-01-15/ts_hour=2026-01-15-10/region=a+b%2Fc%3Dd%26%C3%A9/id_bucket=null");
  TypePtr type = spec.PartitionType(schema);
  EXPECT_EQ(type->fields()[0].type()->kind(), TypeKind::kDate);
  EXPECT_EQ(type->fields()[1].type()->kind(), TypeKind::kInt);
  EXPECT_EQ(type->fields()[3].id(), 1003);
  EXPECT_TRUE(type->fields()[3].optional());
  PartitionSpec bad(1, {PartitionField(2, 1000, "r_day", Transform::Day())});
  EXPECT_THROW(bad.PartitionType(schema), InvalidInputError);
}

TEST(LocationRemapperTest, LongestPrefixWins) {
  LocationRemapper r = LocationRemapper::FromSetting("s3a://warehouse/=/data/wh/,s3a://warehouse/special/=/fast");
  EXPECT_EQ(r.Remap("s3a://warehouse/t/metadata/a.avro"), "/data/wh/t/metadata/a.avro");
  EXPECT_EQ(r.Remap("s3a://warehouse/special/x.parquet"), "/fast/x.parquet");
  EXPECT_EQ(r.Remap("s3://other/x"), "s3://other/x");
  LocationRemapper no_slash;
  no_slash.Add("s3a://warehouse", "/local/");
  EXPECT_EQ(no_slash.Remap("s3a://warehouse/t/x"), "/local/t/x");
  EXPECT_THROW(LocationRemapper::FromSetting("nonsense"), InvalidInputError);
}

}  // namespace
}  // namespace floe::iceberg

namespace floe::iceberg {
namespace {

TEST(PartitionSpecBuilderTest, DefaultNamesIdsAndErrors) {
  Schema schema(0, {NestedField::Optional(1, "event_time", Type::Primitive(TypeKind::kTimestampTz)),
                    NestedField::Optional(2, "id", Type::Primitive(TypeKind::kLong)),
                    NestedField::Optional(3, "flag", Type::Primitive(TypeKind::kBoolean)),
                    NestedField::Optional(4, "name", Type::Primitive(TypeKind::kString))});
  PartitionSpecBuilder b(schema);
  b.Add("event_time", Transform::Day()).Add("id", Transform::Bucket(16)).Add("name", Transform::Truncate(2));
  b.Add("NAME", Transform::Identity());
  PartitionSpec spec = b.Build(0);
  ASSERT_EQ(spec.fields().size(), 4u);
  EXPECT_EQ(spec.fields()[0].name(), "event_time_day");
  EXPECT_EQ(spec.fields()[0].field_id(), 1000);
  EXPECT_EQ(spec.fields()[1].name(), "id_bucket");
  EXPECT_EQ(spec.fields()[2].name(), "name_trunc");
  EXPECT_EQ(spec.fields()[3].name(), "name");
  EXPECT_EQ(b.last_partition_id(), 1003);
  EXPECT_THROW(b.Add("flag", Transform::Bucket(4)), InvalidInputError);
  EXPECT_THROW(b.Add("missing", Transform::Identity()), InvalidInputError);
  EXPECT_THROW(b.Add("event_time", Transform::Day(), std::string("other_name")), InvalidInputError);
  EXPECT_THROW(b.Add("id", Transform::Hour()), InvalidInputError);
  EXPECT_THROW(b.Add("id", Transform::Identity(), std::string("name")), InvalidInputError);
  // Evolution: a new spec continues the ids after last-partition-id.
  PartitionSpecBuilder next(schema, 1003);
  next.AddWithId(spec.fields()[0]).Add("event_time", Transform::Hour());
  EXPECT_EQ(next.Build(1).fields()[1].field_id(), 1004);
  EXPECT_EQ(next.Build(1).fields()[1].name(), "event_time_hour");
}

}  // namespace
}  // namespace floe::iceberg

namespace floe::iceberg {
namespace {

// Every metadata file of both fixture sets parses, or fails with FormatError or
// NotImplementedError naming the file (a v3 type floe does not read yet), never with a
// JSON library error.
TEST(TableMetadataTest, EveryFixtureMetadataFileParsesOrFailsCleanly) {
  auto tables = testing::FixtureTables();
  if (tables.empty()) GTEST_SKIP() << "fixtures not found at " << testing::FixturesDir();
  int parsed = 0, refused = 0;
  for (const auto& table : tables) {
    for (const auto& path : testing::MetadataFiles(table)) {
      SCOPED_TRACE(path.string());
      try {
        TableMetadata::Parse(testing::ReadFile(path), path.string());
        ++parsed;
      } catch (const Exception& e) {
        ++refused;
        EXPECT_TRUE(e.kind() == ErrorKind::kFormat || e.kind() == ErrorKind::kNotImplemented) << e.what();
        EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
        EXPECT_EQ(std::string(e.what()).find("json.exception"), std::string::npos) << e.what();
      }
    }
  }
  EXPECT_GT(parsed, 0);
  RecordProperty("refused", refused);
}

// Corrupted metadata files either parse or fail with FormatError / NotImplementedError,
// never with another exception or a crash.
TEST(TableMetadataTest, CorruptMetadataFailsCleanly) {
  auto tables = FirstSetFixtureTables();
  if (tables.empty()) GTEST_SKIP() << "fixtures not found";
  std::string good = testing::ReadFile(testing::LatestMetadataFile(tables.front()));
  std::mt19937 rng(7);
  const std::string alphabet = "{}[]\":,-0123456789abcdefxyz \\";
  int failures = 0;
  for (int round = 0; round < 3000 * ::floe::testing::TortureScale(); ++round) {
    std::string bad = good;
    for (int k = 0; k < 2; ++k) bad[rng() % bad.size()] = alphabet[rng() % alphabet.size()];
    try {
      TableMetadata::Parse(bad, "fuzz.metadata.json");
    } catch (const FormatError&) {
      ++failures;
    } catch (const NotImplementedError&) {
      ++failures;
    }
  }
  EXPECT_GT(failures, 100);
}

}  // namespace
}  // namespace floe::iceberg
