#include "iceberg/schema.h"

#include <gtest/gtest.h>

#include "common/exception.h"

namespace floe::iceberg {
namespace {

using nlohmann::json;

TEST(SchemaTest, ParsesAndSerializesSpecJson) {
  const char* text = R"J({
    "type": "struct", "schema-id": 3, "identifier-field-ids": [1],
    "fields": [
      {"id": 1, "name": "id", "required": true, "type": "long"},
      {"id": 2, "name": "price", "required": false, "type": "decimal(9, 2)", "doc": "unit price"},
      {"id": 3, "name": "ts", "required": false, "type": "timestamptz"},
      {"id": 4, "name": "local", "required": false, "type": "timestamp"},
      {"id": 5, "name": "tags", "required": false,
       "type": {"type": "list", "element-id": 6, "element": "string", "element-required": true}},
      {"id": 7, "name": "props", "required": false,
       "type": {"type": "map", "key-id": 8, "key": "string", "value-id": 9, "value": "double",
                "value-required": false}},
      {"id": 10, "name": "point", "required": false,
       "type": {"type": "struct", "fields": [
         {"id": 11, "name": "x", "required": true, "type": "float"},
         {"id": 12, "name": "raw", "required": false, "type": "fixed[16]"}]}}
    ]})J";
  Schema schema = Schema::FromJson(json::parse(text));
  EXPECT_EQ(schema.schema_id(), 3);
  ASSERT_EQ(schema.fields().size(), 7u);
  EXPECT_EQ(schema.identifier_field_ids(), std::vector<int>{1});
  EXPECT_EQ(schema.fields()[1].doc(), "unit price");
  EXPECT_EQ(schema.fields()[1].type()->precision(), 9);
  EXPECT_EQ(schema.fields()[1].type()->ToLogicalType(), LogicalType::Decimal(9, 2));
  EXPECT_EQ(schema.fields()[2].type()->ToLogicalType(), LogicalType(TypeId::kTimestamp));
  EXPECT_EQ(schema.fields()[3].type()->ToLogicalType(), LogicalType(TypeId::kTimestampNtz));
  EXPECT_EQ(schema.fields()[0].type()->ToLogicalType(), LogicalType(TypeId::kInt64));
  EXPECT_EQ(schema.HighestFieldId(), 12);
  ASSERT_NE(schema.FindFieldById(11), nullptr);
  EXPECT_EQ(schema.FindFieldById(11)->name(), "x");
  EXPECT_EQ(schema.FindColumnName(12), "point.raw");
  EXPECT_EQ(schema.FindFieldByName("point.x")->id(), 11);
  EXPECT_EQ(schema.FindFieldByName("PRICE", false)->id(), 2);
  EXPECT_EQ(schema.FindFieldByName("PRICE"), nullptr);
  EXPECT_EQ(schema.fields()[6].type()->fields()[1].type()->length(), 16);

  // Round trip: the serialized form parses to an equal schema and keeps the spec's keys.
  json out = schema.ToJson();
  EXPECT_EQ(out["fields"][1]["type"], "decimal(9, 2)");
  EXPECT_EQ(out["fields"][4]["type"]["element-id"], 6);
  EXPECT_EQ(out["fields"][5]["type"]["value-required"], false);
  EXPECT_EQ(out["schema-id"], 3);
  EXPECT_EQ(Schema::FromJson(out), schema);
}

TEST(SchemaTest, RejectsMalformedTypes) {
  auto field = [](const std::string& type) {
    return json::parse(R"({"type":"struct","fields":[{"id":1,"name":"a","required":true,"type":)" + type + "}]}");
  };
  EXPECT_THROW(Schema::FromJson(field("\"varchar\"")), FormatError);
  EXPECT_THROW(Schema::FromJson(field("\"decimal(40, 2)\"")), FormatError);
  EXPECT_THROW(Schema::FromJson(field("{\"type\":\"list\"}")), FormatError);
  EXPECT_THROW(Schema::FromJson(json::parse(R"({"type":"struct","fields":[{"name":"a"}]})")), FormatError);
  EXPECT_THROW(Schema::FromJson(json::parse("[1]")), FormatError);
}

// Format version 3 primitive names (spec "Primitive Types"): unknown; geometry(C) and
// geography(C, A) with their defaults left out; the edge algorithms the spec lists.
TEST(SchemaTest, ParsesV3PrimitiveTypes) {
  for (const char* name : {"unknown", "geometry", "geometry(srid:4326)", "geometry(projjson:my_crs)", "geography",
                           "geography(OGC:CRS84)", "geography(srid:4269, vincenty)"}) {
    TypePtr t = Type::FromJson(json(name));
    ASSERT_TRUE(t) << name;
    EXPECT_EQ(t->ToString(), name);
    EXPECT_EQ(t->ToJson(), json(name));
    EXPECT_TRUE(t->IsPrimitive()) << name;
  }
  EXPECT_EQ(Type::FromJson(json("geography(OGC:CRS84, karney)"))->algorithm(), "karney");
  EXPECT_EQ(Type::FromJson(json("geometry(srid:4326)"))->crs(), "srid:4326");
  EXPECT_EQ(Type::FromJson(json("unknown"))->ToLogicalType().id(), TypeId::kNull);
  EXPECT_EQ(Type::FromJson(json("geometry"))->ToLogicalType().id(), TypeId::kBinary);
  EXPECT_NE(*Type::FromJson(json("geometry(srid:4326)")), *Type::FromJson(json("geometry")));
  EXPECT_THROW(Type::FromJson(json("geography(OGC:CRS84, flat)")), FormatError);
  EXPECT_THROW(Type::FromJson(json("geometry(a(b))")), FormatError);
  EXPECT_THROW(Type::FromJson(json("geometry[4326]")), FormatError);
  EXPECT_EQ(Type::FromJson(json("variant"))->ToLogicalType().id(), TypeId::kVariant);
  EXPECT_EQ(Type::FromJson(json("variant"))->ToJson(), json("variant"));
  // TestTypes.fromTypeName: timestamp_ns is without zone, timestamptz_ns with; floe reads
  // them as its nanosecond wall clock and instant
  EXPECT_EQ(Type::FromJson(json("timestamp_ns"))->kind(), TypeKind::kTimestampNs);
  EXPECT_EQ(Type::FromJson(json("timestamptz_ns"))->kind(), TypeKind::kTimestampTzNs);
  EXPECT_EQ(Type::FromJson(json("timestamp_ns"))->ToJson(), json("timestamp_ns"));
  EXPECT_EQ(Type::FromJson(json("timestamptz_ns"))->ToJson(), json("timestamptz_ns"));
  EXPECT_EQ(Type::FromJson(json("timestamp_ns"))->ToLogicalType().id(), TypeId::kTimestampNtzNs);
  EXPECT_EQ(Type::FromJson(json("timestamptz_ns"))->ToLogicalType().id(), TypeId::kTimestampNs);
}

TEST(SchemaTest, MapsFloeTypes) {
  EXPECT_EQ(Type::FromLogicalType(TypeId::kTimestamp)->kind(), TypeKind::kTimestampTz);
  EXPECT_EQ(Type::FromLogicalType(TypeId::kTimestampNtz)->kind(), TypeKind::kTimestamp);
  EXPECT_EQ(Type::FromLogicalType(TypeId::kTimestampNs)->kind(), TypeKind::kTimestampTzNs);
  EXPECT_EQ(Type::FromLogicalType(TypeId::kTimestampNtzNs)->kind(), TypeKind::kTimestampNs);
  EXPECT_EQ(Type::FromLogicalType(TypeId::kInt64)->kind(), TypeKind::kLong);
  EXPECT_EQ(Type::FromLogicalType(LogicalType::Decimal(12, 3))->ToString(), "decimal(12, 3)");
  EXPECT_THROW(Type::FromLogicalType(TypeId::kInterval), InvalidInputError);
}

}  // namespace
}  // namespace floe::iceberg
