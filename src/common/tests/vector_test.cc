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

namespace floe {
namespace {

TEST(ValidityTest, SetInvalidRangeMarksExactlyTheRange) {
  Validity v;
  v.Resize(300);
  v.SetInvalidRange(3, 200);  // a partial word, whole words, a partial word
  for (size_t i = 0; i < 300; ++i) EXPECT_EQ(v.IsValid(i), i < 3 || i >= 203) << i;
  v.SetInvalidRange(250, 0);
  EXPECT_TRUE(v.IsValid(250));
}

// A scan's batches reuse their buffers when nothing else holds them; a string slot comes
// back empty, never pointing into the released heap.
TEST(DataChunkTest, RecycleReusesOnlyUnsharedBuffers) {
  std::vector<LogicalType> types = {TypeId::kInt64, TypeId::kString};
  DataChunk chunk;
  chunk.Initialize(types);
  chunk.column(1).SetString(0, "a string longer than inline");
  chunk.column(0).SetNull(1, true);
  chunk.SetSize(2);
  const uint8_t* before = chunk.column(0).RawData();
  chunk.Recycle(types);
  EXPECT_EQ(chunk.column(0).RawData(), before);
  EXPECT_EQ(chunk.size(), 0u);
  EXPECT_FALSE(chunk.column(0).IsNull(1));
  EXPECT_EQ(chunk.column(1).Data<StringRef>()[0].size, 0u);

  Vector held = chunk.column(0);  // shares the buffer, as an operator keeping the batch does
  chunk.Recycle(types);
  EXPECT_NE(chunk.column(0).RawData(), before);
  EXPECT_EQ(held.RawData(), before);

  chunk.Recycle({TypeId::kInt32});  // other types: new columns
  EXPECT_EQ(chunk.ColumnCount(), 1u);
  EXPECT_EQ(chunk.column(0).type(), LogicalType(TypeId::kInt32));
}

}  // namespace
}  // namespace floe
