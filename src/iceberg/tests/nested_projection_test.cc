// The spec's column projection inside nested columns: struct fields matched by field id
// (renamed, reordered, added later, dropped), element / key / value promoted as the table's
// types say; files without ids through the name mapping, whose ids may name other fields than
// the schema's (a Hive-migrated table's mapping made before its schema's ids: then its names
// decide, as impala_migrated_complex_test needs).
#include <gtest/gtest.h>

#include "common/exception.h"
#include "iceberg/scan/nested_projection.h"

namespace floe::iceberg {
namespace {

using parquet::ConvertedType;
using parquet::PhysicalType;
using parquet::Repetition;
using parquet::SchemaElement;

SchemaElement Element(const std::string& name, int id, Repetition rep, int children,
                      std::optional<PhysicalType> type = std::nullopt, ConvertedType ct = ConvertedType::kNone) {
  SchemaElement e;
  e.name = name;
  if (id >= 0) e.field_id = id;
  e.repetition = rep;
  e.num_children = children;
  e.type = type;
  e.converted_type = ct;
  return e;
}

// A file column s: struct<a: int (id 2), b: string (id 3), l: list<int (id 5)> (id 4)> (id 1),
// ids dropped when `ids` is false.
ParquetColumn FileColumn(bool ids) {
  auto id = [&](int i) { return ids ? i : -1; };
  std::vector<SchemaElement> schema = {
      Element("root", -1, Repetition::kRequired, 1),
      Element("s", id(1), Repetition::kOptional, 3),
      Element("a", id(2), Repetition::kOptional, 0, PhysicalType::kInt32),
      Element("b", id(3), Repetition::kOptional, 0, PhysicalType::kByteArray, ConvertedType::kUtf8),
      Element("l", id(4), Repetition::kOptional, 1, std::nullopt, ConvertedType::kList),
      Element("list", -1, Repetition::kRepeated, 1),
      Element("element", id(5), Repetition::kOptional, 0, PhysicalType::kInt32),
  };
  return ParquetSchema::FromElements(schema).at(0);
}

std::string Shape(const ParquetNode& node) {
  std::string out = node.kind == ParquetNode::Kind::kMissing ? "missing " : "";
  out += node.name + ":" + node.type.ToString();
  if (node.kind == ParquetNode::Kind::kStruct) {
    out += "{";
    for (const auto& c : node.children) out += Shape(c) + ";";
    out += "}";
  }
  return out;
}

TEST(NestedProjectionTest, StructFieldsByIdInTheTablesOrderWithItsNames) {
  // the table renamed a to first, put b first, dropped nothing, added c (id 6), widened
  // the list's element to long
  TypePtr table = Type::Struct({
      NestedField::Optional(3, "b", Type::Primitive(TypeKind::kString)),
      NestedField::Optional(2, "first", Type::Primitive(TypeKind::kLong)),
      NestedField::Optional(6, "c", Type::Primitive(TypeKind::kDouble)),
      NestedField::Optional(4, "l", Type::List(5, false, Type::Primitive(TypeKind::kLong))),
  });
  auto node = ProjectNested(*FileColumn(true).nested, *table, true, NameMapping(), nullptr);
  EXPECT_EQ(Shape(*node),
            "s:struct<b:string,first:bigint,c:double,l:array<bigint>>{b:string;a:bigint;missing c:double;"
            "l:array<bigint>;}");
  EXPECT_EQ(node->children[3].children[0].leaf.conversion, ParquetConversion::kInt32ToInt64);
}

TEST(NestedProjectionTest, AnotherShapeIsAFormatError) {
  TypePtr table = Type::Struct({NestedField::Optional(4, "l", Type::Primitive(TypeKind::kInt))});
  EXPECT_THROW(ProjectNested(*FileColumn(true).nested, *table, true, NameMapping(), nullptr), FormatError);
}

TEST(NestedProjectionTest, FilesWithoutIdsGoThroughTheNameMapping) {
  TypePtr inner = Type::Struct({
      NestedField::Optional(12, "a", Type::Primitive(TypeKind::kInt)),
      NestedField::Optional(13, "b", Type::Primitive(TypeKind::kString)),
      NestedField::Optional(14, "l", Type::List(15, false, Type::Primitive(TypeKind::kInt))),
  });
  Schema schema(0, {NestedField::Optional(11, "s", inner)});
  // ids that agree with the schema: matched by id
  std::string agreeing =
      R"([{"field-id": 11, "names": ["s"], "fields": [{"field-id": 12, "names": ["a"]}, )"
      R"({"field-id": 13, "names": ["b"]}, {"field-id": 14, "names": ["l"], "fields": [{"field-id": 15, "names": ["element"]}]}]}])";
  NameMapping mapping = NameMapping::FromProperties({{"schema.name-mapping.default", agreeing}}, &schema);
  const auto* top = mapping.Find(mapping.fields(), 11, "s");
  ASSERT_NE(top, nullptr);
  auto node = ProjectNested(*FileColumn(false).nested, *inner, false, mapping, top);
  EXPECT_EQ(Shape(*node), "s:struct<a:int,b:string,l:array<int>>{a:int;b:string;l:array<int>;}");

  // ids assigned apart from the schema's (13 is a's in the mapping, b's in the schema; s's id
  // agrees): names decide
  std::string stale =
      R"([{"field-id": 11, "names": ["s"], "fields": [{"field-id": 13, "names": ["a"]}, )"
      R"({"field-id": 12, "names": ["b"]}, {"field-id": 2, "names": ["l"], "fields": [{"field-id": 3, "names": ["element"]}]}]}])";
  mapping = NameMapping::FromProperties({{"schema.name-mapping.default", stale}}, &schema);
  top = mapping.Find(mapping.fields(), 11, "s");
  ASSERT_NE(top, nullptr);
  node = ProjectNested(*FileColumn(false).nested, *inner, false, mapping, top);
  EXPECT_EQ(Shape(*node), "s:struct<a:int,b:string,l:array<int>>{a:int;b:string;l:array<int>;}");

  // the same stale mapping read by its ids would swap a and b: that is what it guards against
  mapping = NameMapping::FromProperties({{"schema.name-mapping.default", stale}});
  top = mapping.Find(mapping.fields(), 11, "s");
  ASSERT_NE(top, nullptr);
  EXPECT_THROW(ProjectNested(*FileColumn(false).nested, *inner, false, mapping, top), InvalidInputError);
}

}  // namespace
}  // namespace floe::iceberg
