#include "common/field_selection.h"

#include <gtest/gtest.h>

namespace floe {
namespace {

LogicalType Name() {
  return LogicalType::Struct({{"first", TypeId::kString}, {"middle", TypeId::kString}, {"last", TypeId::kString}});
}

LogicalType Employer() {
  return LogicalType::Struct(
      {{"company", LogicalType::Struct({{"name", TypeId::kString}, {"address", TypeId::kString}})},
       {"id", TypeId::kInt32}});
}

FieldSelection Fields(std::initializer_list<size_t> indexes) {
  FieldSelection s;
  for (size_t i : indexes) s.fields[i] = FieldSelection{};
  return s;
}

FieldSelection AnyField() {
  FieldSelection s;
  s.any = true;
  return s;
}

TEST(FieldSelectionTest, MergeUnitesFieldsAndWholeWins) {
  FieldSelection s = Fields({1});
  s.Merge(Fields({2}));
  EXPECT_EQ(s.Apply(Name()).ToString(), "struct<middle:string,last:string>");
  s.Merge(FieldSelection{});
  EXPECT_TRUE(s.whole());
  EXPECT_EQ(s.Apply(Name()), Name());
  FieldSelection whole;
  whole.Merge(Fields({0}));
  EXPECT_TRUE(whole.whole());
}

TEST(FieldSelectionTest, NestedPathsMergeLevelByLevel) {
  FieldSelection s;
  s.fields[0] = Fields({1});  // company.address
  FieldSelection other;
  other.fields[0] = Fields({0});  // company.name
  s.Merge(other);
  EXPECT_EQ(s.Apply(Employer()).ToString(), "struct<company:struct<name:string,address:string>>");
  s.Merge(Fields({1}));
  EXPECT_EQ(s.Apply(Employer()).ToString(), "struct<company:struct<name:string,address:string>,id:int>");
}

// `employer IS NULL` alone reads one field: the first primitive one (id), not company.
TEST(FieldSelectionTest, AnyFieldResolvesToTheFirstPrimitiveUnlessFieldsAreRead) {
  FieldSelection s = AnyField();
  EXPECT_FALSE(s.whole());
  s.Resolve(Employer());
  EXPECT_EQ(s.Apply(Employer()).ToString(), "struct<id:int>");

  FieldSelection t = AnyField();
  FieldSelection name;
  name.fields[0] = Fields({0});
  t.Merge(name);  // employer IS NOT NULL AND employer.company.name = ...
  EXPECT_FALSE(t.any);
  t.Resolve(Employer());
  EXPECT_EQ(t.Apply(Employer()).ToString(), "struct<company:struct<name:string>>");

  FieldSelection u;
  u.fields[0] = AnyField();  // employer.company IS NULL
  u.Resolve(Employer());
  EXPECT_EQ(u.Apply(Employer()).ToString(), "struct<company:struct<name:string>>");
}

}  // namespace
}  // namespace floe
