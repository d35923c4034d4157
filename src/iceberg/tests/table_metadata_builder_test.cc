#include "iceberg/table_metadata_builder.h"

#include <gtest/gtest.h>

#include <regex>

#include "common/exception.h"
#include "iceberg/partition_spec_builder.h"
#include "iceberg/uuid.h"

namespace floe::iceberg {
namespace {

Schema EventsSchema() {
  return Schema(7, {NestedField::Required(1, "id", Type::Primitive(TypeKind::kLong)),
                    NestedField::Optional(2, "event_time", Type::Primitive(TypeKind::kTimestampTz)),
                    NestedField::Optional(3, "region", Type::Primitive(TypeKind::kString))});
}

Snapshot MakeSnapshot(int64_t id, std::optional<int64_t> parent, int64_t seq, int64_t ts) {
  Snapshot s;
  s.snapshot_id = id;
  s.parent_snapshot_id = parent;
  s.sequence_number = seq;
  s.timestamp_ms = ts;
  s.manifest_list = "/wh/t/metadata/snap-" + std::to_string(id) + ".avro";
  s.summary = {{"operation", "append"}};
  s.schema_id = 0;
  return s;
}

TEST(UuidTest, RandomVersion4) {
  std::string a = Uuid::Random(), b = Uuid::Random();
  EXPECT_NE(a, b);
  EXPECT_TRUE(std::regex_match(a, std::regex("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"))) << a;
}

TEST(TableMetadataBuilderTest, NewTableAppendsAndEvolvesPartitioning) {
  Schema schema = EventsSchema();
  TableMetadata v0 = TableMetadataBuilder::NewTable(schema, PartitionSpec::Unpartitioned(), SortOrder::Unsorted(),
                                                    "/wh/t", {{"write.metadata.previous-versions-max", "2"}})
                         .Build(1000);
  EXPECT_EQ(v0.format_version, 2);
  EXPECT_EQ(v0.current_schema_id, 0);
  EXPECT_EQ(v0.last_column_id, 3);
  EXPECT_EQ(v0.last_partition_id, 999);
  EXPECT_EQ(v0.CurrentSnapshot(), nullptr);
  EXPECT_TRUE(v0.metadata_log.empty());
  EXPECT_EQ(TableMetadata::Parse(v0.ToJsonString(), "v0"), v0);

  TableMetadataBuilder b1(v0, "/wh/t/metadata/00000.metadata.json");
  EXPECT_EQ(b1.NextSequenceNumber(), 1);
  b1.AddSnapshot(MakeSnapshot(11, std::nullopt, 1, 2000));
  EXPECT_THROW(b1.AddSnapshot(MakeSnapshot(12, 11, 5, 2001)), InternalError);
  TableMetadata v1 = b1.Build(2000);
  EXPECT_EQ(v1.current_snapshot_id, 11);
  EXPECT_EQ(v1.last_sequence_number, 1);
  EXPECT_EQ(v1.refs.at("main").snapshot_id, 11);
  ASSERT_EQ(v1.snapshot_log.size(), 1u);
  EXPECT_EQ(v1.snapshot_log[0].timestamp_ms, 2000);
  ASSERT_EQ(v1.metadata_log.size(), 1u);
  EXPECT_EQ(v1.metadata_log[0].metadata_file, "/wh/t/metadata/00000.metadata.json");
  EXPECT_EQ(v1.metadata_log[0].timestamp_ms, 1000);

  // ADD PARTITION FIELD day(event_time): a new spec 1 with field id 1000.
  TableMetadataBuilder b2(v1, "/wh/t/metadata/00001.metadata.json");
  PartitionSpec day = PartitionSpecBuilder(v1.CurrentSchema(), v1.last_partition_id)
                          .Add("event_time", Transform::Day())
                          .Build(-1);
  EXPECT_EQ(b2.SetDefaultPartitionSpec(day), 1);
  TableMetadata v2 = b2.Build(3000);
  EXPECT_EQ(v2.default_spec_id, 1);
  EXPECT_EQ(v2.last_partition_id, 1000);
  EXPECT_EQ(v2.DefaultSpec().fields()[0].name(), "event_time_day");
  EXPECT_EQ(v2.SpecById(0)->fields().size(), 0u);

  // Going back to an identical earlier spec reuses its id; the metadata log is trimmed to 2.
  TableMetadataBuilder b3(v2, "/wh/t/metadata/00002.metadata.json");
  EXPECT_EQ(b3.SetDefaultPartitionSpec(PartitionSpec::Unpartitioned()), 0);
  EXPECT_EQ(b3.SetDefaultPartitionSpec(day), 1);
  b3.AddSnapshot(MakeSnapshot(12, 11, 2, 4000));
  b3.SetRef("before", SnapshotRef{11, false, {}, {}, {}});
  EXPECT_THROW(b3.SetRef("bad", SnapshotRef{999, false, {}, {}, {}}), InvalidInputError);
  b3.SetProperties({{"k", "v"}});
  b3.RemoveProperties({"write.metadata.previous-versions-max"});
  TableMetadata v3 = b3.Build(4000);
  EXPECT_EQ(v3.partition_specs.size(), 2u);
  EXPECT_EQ(v3.metadata_log.size(), 3u);  // the limit was removed with the property
  EXPECT_EQ(v3.SnapshotByRef("before")->snapshot_id, 11);
  EXPECT_EQ(v3.CurrentSnapshot()->snapshot_id, 12);
  EXPECT_EQ(v3.snapshot_log.size(), 2u);
  EXPECT_EQ(v3.Property("k", ""), "v");
  EXPECT_EQ(TableMetadata::Parse(v3.ToJsonString(), "v3"), v3);

  TableMetadataBuilder trimmed(v2, "/wh/t/metadata/00002.metadata.json");
  EXPECT_EQ(trimmed.Build(5000).metadata_log.size(), 2u);
}

TEST(TableMetadataBuilderTest, SchemaEvolutionAndSortOrders) {
  TableMetadataBuilder b = TableMetadataBuilder::NewTable(
      EventsSchema(), PartitionSpec::Unpartitioned(),
      SortOrder(5, {SortField{Transform::Identity(), 1, SortDirection::kDescending, NullOrder::kNullsLast}}), "/wh/t",
      {});
  TableMetadata v0 = b.Build(1);
  EXPECT_EQ(v0.default_sort_order_id, 1);
  EXPECT_EQ(v0.sort_orders.size(), 2u);
  TableMetadataBuilder b1(v0, "m0.json");
  std::vector<NestedField> fields = v0.CurrentSchema().fields();
  fields.push_back(NestedField::Optional(4, "score", Type::Primitive(TypeKind::kDouble)));
  EXPECT_EQ(b1.SetCurrentSchema(Schema(0, fields)), 1);
  EXPECT_EQ(b1.SetCurrentSchema(v0.CurrentSchema()), 0);  // an equal schema is reused
  EXPECT_EQ(b1.SetCurrentSchema(Schema(0, fields)), 1);
  EXPECT_EQ(b1.SetDefaultSortOrder(SortOrder::Unsorted()), 0);
  TableMetadata v1 = b1.Build(2);
  EXPECT_EQ(v1.last_column_id, 4);
  EXPECT_EQ(v1.CurrentSchema().FindFieldByName("score")->id(), 4);
  EXPECT_EQ(v1.default_sort_order_id, 0);
}

TEST(TableMetadataBuilderTest, ReplacementKeepsTheTableAndRemovesMain) {
  Schema schema = EventsSchema();
  PartitionSpec by_region = PartitionSpecBuilder(schema).Add("region", Transform::Identity()).Build(0);
  TableMetadata v0 = TableMetadataBuilder::NewTable(schema, by_region, SortOrder::Unsorted(), "/wh/t", {{"a", "1"}})
                         .Build(1000);
  TableMetadataBuilder b1(v0, "/wh/t/metadata/00000.metadata.json");
  b1.AddSnapshot(MakeSnapshot(11, std::nullopt, 1, 2000));
  b1.SetRef("tagged", SnapshotRef{11, false, {}, {}, {}});
  TableMetadata v1 = b1.Build(2000);

  // The new table: region (same name, keeps id 3), amount (new: id 4), bucket on amount.
  Schema next(0, {NestedField::Optional(1, "region", Type::Primitive(TypeKind::kString)),
                  NestedField::Optional(2, "amount", Type::Primitive(TypeKind::kLong))});
  PartitionSpec by_amount = PartitionSpecBuilder(next).Add("amount", Transform::Bucket(4)).Build(0);
  TableMetadata r = TableMetadataBuilder::Replacement(v1, "/wh/t/metadata/00001.metadata.json", next, by_amount,
                                                      SortOrder::Unsorted(), "/wh/t", {{"b", "2"}})
                        .Build(3000);
  EXPECT_EQ(r.table_uuid, v1.table_uuid);
  EXPECT_EQ(r.CurrentSnapshot(), nullptr);
  EXPECT_EQ(r.refs.count("main"), 0u);
  EXPECT_EQ(r.SnapshotByRef("tagged")->snapshot_id, 11);
  // Iceberg 1.10's removeRef(main) keeps the snapshot log (TestMetadataTables.
  // metadataLogEntriesAfterReplacingTable); earlier versions cleared it
  EXPECT_EQ(r.snapshot_log, v1.snapshot_log);
  EXPECT_EQ(r.snapshots.size(), 1u);
  EXPECT_EQ(r.last_sequence_number, 1);
  EXPECT_EQ(r.current_schema_id, 1);
  ASSERT_EQ(r.CurrentSchema().fields().size(), 2u);
  EXPECT_EQ(r.CurrentSchema().fields()[0].id(), 3);
  EXPECT_EQ(r.CurrentSchema().fields()[1].id(), 4);
  EXPECT_EQ(r.last_column_id, 4);
  EXPECT_EQ(r.default_spec_id, 1);
  ASSERT_EQ(r.DefaultSpec().fields().size(), 1u);
  EXPECT_EQ(r.DefaultSpec().fields()[0].source_id(), 4);
  EXPECT_EQ(r.DefaultSpec().fields()[0].field_id(), 1001);
  EXPECT_EQ(r.last_partition_id, 1001);
  EXPECT_EQ(r.Property("a", ""), "1");
  EXPECT_EQ(r.Property("b", ""), "2");
  ASSERT_EQ(r.metadata_log.size(), 2u);
  EXPECT_EQ(r.metadata_log[1].metadata_file, "/wh/t/metadata/00001.metadata.json");
  EXPECT_EQ(TableMetadata::Parse(r.ToJsonString(), "r"), r);

  // The next snapshot has no parent and makes main current again.
  TableMetadataBuilder b2(r, "/wh/t/metadata/00002.metadata.json");
  b2.AddSnapshot(MakeSnapshot(12, std::nullopt, 2, 4000));
  TableMetadata v2 = b2.Build(4000);
  EXPECT_EQ(v2.CurrentSnapshot()->snapshot_id, 12);
  EXPECT_EQ(v2.snapshot_log.size(), 2u);  // the snapshot before the replacement, then this one

  // Ids come from the current schema only (as Java's assignFreshIds): id and event_time are
  // new again; region keeps 3, so the identity spec on it is spec 0 again.
  TableMetadata back = TableMetadataBuilder::Replacement(v2, "", schema, by_region, SortOrder::Unsorted(), "/wh/t", {})
                           .Build(5000);
  EXPECT_EQ(back.default_spec_id, 0);
  EXPECT_EQ(back.current_schema_id, 2);
  EXPECT_EQ(back.CurrentSchema().fields()[0].id(), 5);
  EXPECT_EQ(back.CurrentSchema().fields()[1].id(), 6);
  EXPECT_EQ(back.CurrentSchema().fields()[2].id(), 3);
  EXPECT_EQ(back.last_column_id, 6);
}

}  // namespace
}  // namespace floe::iceberg
