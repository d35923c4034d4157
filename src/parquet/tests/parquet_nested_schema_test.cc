// The Parquet schemas of nested columns and the levels floe gives their leaves: the list
// layouts of the Parquet format's LogicalTypes.md ("Nested Types", backward-compatibility
// rules), each case ported from Spark 4.0's ParquetSchemaSuite (testParquetToCatalyst,
// named below) with the types and the leaves' repetition and definition levels it expects.

#include <gtest/gtest.h>

#include "common/exception.h"
#include "parquet/nested_column_reader.h"
#include "parquet/parquet_schema.h"

namespace floe {
namespace {

using namespace parquet;  // NOLINT

SchemaElement Group(const std::string& name, Repetition repetition, int children,
                    ConvertedType ct = ConvertedType::kNone) {
  SchemaElement e;
  e.name = name;
  e.repetition = repetition;
  e.num_children = children;
  e.converted_type = ct;
  return e;
}

SchemaElement Primitive(const std::string& name, Repetition repetition, PhysicalType type,
                        ConvertedType ct = ConvertedType::kNone) {
  SchemaElement e;
  e.name = name;
  e.repetition = repetition;
  e.type = type;
  e.converted_type = ct;
  return e;
}

// Returns the one column of a schema of these elements (the root added).
ParquetColumn Column(std::vector<SchemaElement> elements) {
  SchemaElement root;
  root.name = "root";
  root.num_children = 1;
  elements.insert(elements.begin(), root);
  auto columns = ParquetSchema::FromElements(elements);
  EXPECT_EQ(columns.size(), 1u);
  return columns.at(0);
}

// The leaves' "name rep def" in order.
std::string Levels(const ParquetColumn& column) {
  std::string out;
  for (const ParquetNode* leaf : NestedLeaves(*column.nested)) {
    if (!out.empty()) out += ", ";
    out += leaf->name + " " + std::to_string(leaf->leaf.max_rep) + " " + std::to_string(leaf->leaf.max_def);
  }
  return out;
}

constexpr auto kOptional = Repetition::kOptional;
constexpr auto kRequired = Repetition::kRequired;
constexpr auto kRepeated = Repetition::kRepeated;

// "Backwards-compatibility: LIST with nullable element type - 1 - standard"
TEST(ParquetNestedSchemaTest, StandardThreeLevelList) {
  auto c = Column({Group("f1", kOptional, 1, ConvertedType::kList), Group("list", kRepeated, 1),
                   Primitive("element", kOptional, PhysicalType::kInt32)});
  EXPECT_EQ(c.type.ToString(), "array<int>");
  EXPECT_EQ(Levels(c), "element 1 3");
}

// "Backwards-compatibility: LIST with nullable element type - 2": a repeated group of one
// field not named array or f1_tuple is the 3-level layout whatever its name
TEST(ParquetNestedSchemaTest, ThreeLevelListWithOtherNames) {
  auto c = Column({Group("f1", kOptional, 1, ConvertedType::kList), Group("element", kRepeated, 1),
                   Primitive("num", kOptional, PhysicalType::kInt32)});
  EXPECT_EQ(c.type.ToString(), "array<int>");
  EXPECT_EQ(Levels(c), "num 1 3");
}

// "Backwards-compatibility: LIST with non-nullable element type - 3"
TEST(ParquetNestedSchemaTest, TwoLevelListOfPrimitives) {
  auto c = Column({Group("f1", kOptional, 1, ConvertedType::kList), Primitive("element", kRepeated, PhysicalType::kInt32)});
  EXPECT_EQ(c.type.ToString(), "array<int>");
  EXPECT_EQ(Levels(c), "element 1 2");
}

// "Backwards-compatibility: LIST with non-nullable element type - 4"
TEST(ParquetNestedSchemaTest, TwoLevelListOfStructsOfSeveralFields) {
  auto c = Column({Group("f1", kOptional, 1, ConvertedType::kList), Group("element", kRepeated, 2),
                   Primitive("str", kRequired, PhysicalType::kByteArray, ConvertedType::kUtf8),
                   Primitive("num", kRequired, PhysicalType::kInt32)});
  EXPECT_EQ(c.type.ToString(), "array<struct<str:string,num:int>>");
  EXPECT_EQ(Levels(c), "str 1 2, num 1 2");
}

// "... - 5 - parquet-avro style" and "... - 6 - parquet-thrift style"
TEST(ParquetNestedSchemaTest, TwoLevelListsOfParquetAvroAndThrift) {
  for (const char* name : {"array", "f1_tuple"}) {
    auto c = Column({Group("f1", kOptional, 1, ConvertedType::kList), Group(name, kRepeated, 1),
                     Primitive("str", kRequired, PhysicalType::kByteArray, ConvertedType::kUtf8)});
    EXPECT_EQ(c.type.ToString(), "array<struct<str:string>>") << name;
    EXPECT_EQ(Levels(c), "str 1 2") << name;
  }
}

// "... 7 - parquet-protobuf primitive lists" and "... 8 - parquet-protobuf non-primitive
// lists": a repeated field outside a LIST group is a list that is never NULL
TEST(ParquetNestedSchemaTest, RepeatedFieldsAreLists) {
  auto c = Column({Primitive("f1", kRepeated, PhysicalType::kInt32)});
  EXPECT_EQ(c.type.ToString(), "array<int>");
  EXPECT_EQ(Levels(c), "f1 1 1");
  EXPECT_FALSE(c.optional);
  c = Column({Group("f1", kRepeated, 2), Primitive("c1", kOptional, PhysicalType::kByteArray, ConvertedType::kUtf8),
              Primitive("c2", kRequired, PhysicalType::kInt32)});
  EXPECT_EQ(c.type.ToString(), "array<struct<c1:string,c2:int>>");
  EXPECT_EQ(Levels(c), "c1 1 2, c2 1 1");
}

// Hive's layout (bag / array_element), as impala_migrated_complex_test has it, and the legacy
// MAP_KEY_VALUE annotation on the repeated group of a map.
TEST(ParquetNestedSchemaTest, HiveListAndLegacyMap) {
  auto c = Column({Group("l", kOptional, 1, ConvertedType::kList), Group("bag", kRepeated, 1),
                   Primitive("array_element", kOptional, PhysicalType::kInt32)});
  EXPECT_EQ(c.type.ToString(), "array<int>");
  EXPECT_EQ(Levels(c), "array_element 1 3");
  c = Column({Group("m", kOptional, 1, ConvertedType::kMap), Group("map", kRepeated, 2, ConvertedType::kMapKeyValue),
              Primitive("key", kRequired, PhysicalType::kBoolean), Primitive("value", kOptional, PhysicalType::kInt32)});
  EXPECT_EQ(c.type.ToString(), "map<boolean,int>");
  EXPECT_EQ(Levels(c), "key 1 2, value 1 3");
}

TEST(ParquetNestedSchemaTest, StructsNestInListsAndMaps) {
  auto c = Column({Group("s", kOptional, 2), Primitive("a", kOptional, PhysicalType::kInt64),
                   Group("m", kOptional, 1, ConvertedType::kMap), Group("key_value", kRepeated, 2),
                   Primitive("key", kRequired, PhysicalType::kByteArray, ConvertedType::kUtf8),
                   Group("value", kOptional, 1, ConvertedType::kList), Group("list", kRepeated, 1),
                   Primitive("element", kOptional, PhysicalType::kDouble)});
  EXPECT_EQ(c.type.ToString(), "struct<a:bigint,m:map<string,array<double>>>");
  EXPECT_EQ(Levels(c), "a 0 2, key 1 3, element 2 6");
}

// Nested column pruning: the fields not selected become missing (no leaf read), at any depth;
// when every field read is missing from the file, the struct's first leaf is read for its NULLs.
TEST(ParquetNestedSchemaTest, SelectFieldsReadsOnlyTheirLeaves) {
  auto c = Column({Group("s", kOptional, 3), Primitive("a", kOptional, PhysicalType::kInt64),
                   Group("t", kOptional, 2), Primitive("x", kOptional, PhysicalType::kInt32),
                   Primitive("y", kOptional, PhysicalType::kInt32),
                   Primitive("b", kOptional, PhysicalType::kDouble)});
  FieldSelection t_y;
  t_y.fields[1].fields[1] = FieldSelection{};  // s.t.y
  EXPECT_EQ(Levels(ParquetColumn{.nested = SelectFields(c.nested, t_y)}), "y 0 3");
  auto selected = SelectFields(c.nested, t_y);
  EXPECT_EQ(selected->type, c.type);  // the values keep the struct's type, other fields NULL
  EXPECT_EQ(selected->children[0].kind, ParquetNode::Kind::kMissing);
  EXPECT_EQ(selected->children[1].children[0].kind, ParquetNode::Kind::kMissing);
  FieldSelection a_and_b;
  a_and_b.fields[0] = FieldSelection{};
  a_and_b.fields[2] = FieldSelection{};
  EXPECT_EQ(Levels(ParquetColumn{.nested = SelectFields(c.nested, a_and_b)}), "a 0 2, b 0 2");
  EXPECT_EQ(SelectFields(c.nested, FieldSelection{}), c.nested);  // whole: the same tree

  // a field added to the table after the file was written is missing in the file's tree
  auto projected = std::make_shared<ParquetNode>(*c.nested);
  projected->children[2].kind = ParquetNode::Kind::kMissing;
  projected->children[2].children.clear();
  FieldSelection b_only;
  b_only.fields[2] = FieldSelection{};
  EXPECT_EQ(Levels(ParquetColumn{.nested = SelectFields(projected, b_only)}), "a 0 2");
}

TEST(ParquetNestedSchemaTest, MalformedGroupsAreFormatErrors) {
  // a LIST whose child is not repeated; a map without its key_value group of two fields
  EXPECT_THROW(Column({Group("l", kOptional, 1, ConvertedType::kList), Primitive("x", kOptional, PhysicalType::kInt32)}),
               FormatError);
  EXPECT_THROW(Column({Group("m", kOptional, 1, ConvertedType::kMap), Group("kv", kRepeated, 1),
                       Primitive("key", kRequired, PhysicalType::kInt32)}),
               FormatError);
  EXPECT_THROW(Column({Group("s", kOptional, 0)}), FormatError);
}

}  // namespace
}  // namespace floe
