#include <gtest/gtest.h>

#include "common/vector.h"

namespace floe {
namespace {

TEST(VectorTest, StoresValuesAndNulls) {
  Vector v(TypeId::kInt64, 16);
  v.SetValue(0, Value::Int64(42));
  v.SetValue(1, Value::Null(TypeId::kInt64));
  EXPECT_EQ(v.GetValue(0).int64(), 42);
  EXPECT_TRUE(v.IsNull(1));
  EXPECT_FALSE(v.IsNull(0));
}

TEST(VectorTest, StringsSurviveGatherFromAnotherVector) {
  DataChunk chunk({TypeId::kString, TypeId::kInt32}, 4);
  chunk.column(0).SetString(0, "alpha");
  chunk.column(0).SetString(1, "a much longer string than sixteen bytes");
  chunk.column(0).SetNull(2, true);
  chunk.column(1).SetValue(0, Value::Int32(1));
  chunk.column(1).SetValue(1, Value::Int32(2));
  chunk.column(1).SetValue(2, Value::Int32(3));
  chunk.SetSize(3);
  SelectionVector sel;
  sel.indexes = {2, 1};
  chunk.Slice(sel);
  ASSERT_EQ(chunk.size(), 2u);
  EXPECT_TRUE(chunk.column(0).IsNull(0));
  EXPECT_EQ(chunk.column(0).GetValue(1).str(), "a much longer string than sixteen bytes");
  EXPECT_EQ(chunk.column(1).GetValue(0).int32(), 3);
}

TEST(VectorTest, AppendGrows) {
  DataChunk a({TypeId::kInt32}, 2);
  DataChunk b({TypeId::kInt32}, 3);
  for (int i = 0; i < 3; ++i) b.column(0).SetValue(i, Value::Int32(i));
  b.SetSize(3);
  a.Append(b, 0, 3);
  a.Append(b, 1, 2);
  ASSERT_EQ(a.size(), 5u);
  EXPECT_EQ(a.column(0).GetValue(4).int32(), 2);
}

}  // namespace
}  // namespace floe
