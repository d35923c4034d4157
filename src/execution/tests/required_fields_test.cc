// CheckRequiredNestedFields: a NULL in a required field of a struct that is not NULL stops
// the write, at any depth; a NULL struct, or NULL in an optional field, does not.
#include "execution/table_sinks/required_fields.h"

#include <gtest/gtest.h>

#include "common/exception.h"

namespace floe {
namespace {

using iceberg::NestedField;
using iceberg::Type;
using iceberg::TypeKind;

// s STRUCT<n1: INT NOT NULL, n2: STRUCT<dn1: INT NOT NULL, dn2: INT>> (optional itself)
iceberg::Schema TableSchema() {
  auto inner = Type::Struct({NestedField::Required(5, "dn1", Type::Primitive(TypeKind::kInt)),
                             NestedField::Optional(6, "dn2", Type::Primitive(TypeKind::kInt))});
  auto outer = Type::Struct({NestedField::Required(3, "n1", Type::Primitive(TypeKind::kInt)),
                             NestedField::Optional(4, "n2", inner)});
  return iceberg::Schema(0, {NestedField::Optional(2, "s", outer)}, {});
}

DataChunk Rows(const std::vector<Value>& values) {
  iceberg::Schema schema = TableSchema();
  DataChunk chunk({schema.fields()[0].type()->ToLogicalType()});
  for (size_t r = 0; r < values.size(); ++r) chunk.column(0).SetValue(r, values[r]);
  chunk.SetSize(values.size());
  return chunk;
}

Value S(const Value& n1, const Value& n2) {
  LogicalType type = TableSchema().fields()[0].type()->ToLogicalType();
  return Value::Struct(type, {n1, n2});
}

Value N2(const Value& dn1, const Value& dn2) {
  LogicalType type = TableSchema().fields()[0].type()->ToLogicalType().fields()[1].second;
  return Value::Struct(type, {dn1, dn2});
}

TEST(RequiredNestedFieldsTest, NullInARequiredFieldOfAPresentStructFails) {
  DataChunk rows = Rows({S(Value::Int32(1), N2(Value::Int32(2), Value::Null())), S(Value::Null(), Value::Null())});
  try {
    CheckRequiredNestedFields(TableSchema(), rows, "db.t");
    FAIL() << "a NULL n1 passed";
  } catch (const ConstraintError& e) {
    EXPECT_NE(std::string(e.what()).find("[NOT_NULL_CONSTRAINT_VIOLATION] NULL value in field `s.n1` of db.t"),
              std::string::npos)
        << e.what();
  }
}

TEST(RequiredNestedFieldsTest, DeeperFieldsAreChecked) {
  DataChunk rows = Rows({S(Value::Int32(1), N2(Value::Null(), Value::Int32(3)))});
  EXPECT_THROW(CheckRequiredNestedFields(TableSchema(), rows, "db.t"), ConstraintError);
}

TEST(RequiredNestedFieldsTest, NullStructsAndOptionalFieldsPass) {
  // s NULL; n2 NULL (optional) under a present s; dn2 NULL (optional)
  DataChunk rows = Rows({Value::Null(), S(Value::Int32(1), Value::Null()),
                         S(Value::Int32(1), N2(Value::Int32(2), Value::Null()))});
  EXPECT_NO_THROW(CheckRequiredNestedFields(TableSchema(), rows, "db.t"));
}

// l ARRAY<INT NOT NULL>, m MAP<STRING, STRUCT<x: INT NOT NULL>> (values optional)
iceberg::Schema CollectionSchema() {
  auto value = Type::Struct({NestedField::Required(6, "x", Type::Primitive(TypeKind::kInt))});
  auto list = Type::List(3, true, Type::Primitive(TypeKind::kInt));
  auto map = Type::Map(4, Type::Primitive(TypeKind::kString), 5, false, value);
  return iceberg::Schema(0, {NestedField::Optional(1, "l", list), NestedField::Optional(2, "m", map)}, {});
}

TEST(RequiredNestedFieldsTest, ListElementsAndMapValuesAreChecked) {
  iceberg::Schema schema = CollectionSchema();
  LogicalType list_type = schema.fields()[0].type()->ToLogicalType();
  LogicalType map_type = schema.fields()[1].type()->ToLogicalType();
  LogicalType x_type = map_type.fields()[1].second;
  auto rows = [&](const Value& l, const Value& m) {
    DataChunk chunk({list_type, map_type});
    chunk.column(0).SetValue(0, l);
    chunk.column(1).SetValue(0, m);
    chunk.SetSize(1);
    return chunk;
  };
  auto map = [&](const Value& v) { return Value::Map(map_type, {Value::String("k")}, {v}); };
  // a NULL element of a list whose elements are required
  EXPECT_THROW(CheckRequiredNestedFields(schema, rows(Value::List(list_type, {Value::Int32(1), Value::Null()}),
                                                      Value::Null()), "db.t"),
               ConstraintError);
  // a NULL x in a map value that is there; a NULL map value (optional) is fine
  EXPECT_THROW(CheckRequiredNestedFields(schema, rows(Value::Null(), map(Value::Struct(x_type, {Value::Null()}))),
                                         "db.t"),
               ConstraintError);
  EXPECT_NO_THROW(CheckRequiredNestedFields(schema, rows(Value::List(list_type, {Value::Int32(1)}), map(Value::Null())),
                                            "db.t"));
}

}  // namespace
}  // namespace floe
