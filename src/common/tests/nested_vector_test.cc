// Struct, list and map vectors: values in and out, copies, gathers and appends keep each
// row's elements (and strings) whatever happens to the source; hashing and ordering see the
// values, not where their elements sit.
#include <gtest/gtest.h>

#include "common/row_bytes.h"
#include "common/vector.h"
#include "common/vector_operations.h"

namespace floe {
namespace {

const LogicalType kStruct = LogicalType::Struct({{"a", TypeId::kInt32}, {"b", TypeId::kString}});
const LogicalType kList = LogicalType::List(kStruct);
const LogicalType kMap = LogicalType::Map(TypeId::kString, LogicalType::List(TypeId::kInt64));

Value S(int a, const char* b) { return Value::Struct(kStruct, {Value::Int32(a), b ? Value::String(b) : Value::Null()}); }

// Rows: [{1,"x"}, null], [], NULL, [{2, NULL}].
std::vector<Value> ListRows() {
  return {Value::List(kList, {S(1, "x"), Value::Null()}), Value::List(kList, {}), Value::Null(kList),
          Value::List(kList, {S(2, nullptr)})};
}

TEST(NestedVectorTest, ValuesGoInAndComeOut) {
  Vector v(kList, 4);
  auto rows = ListRows();
  for (size_t i = 0; i < rows.size(); ++i) v.SetValue(i, rows[i]);
  for (size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(v.GetValue(i), rows[i]) << i;
  EXPECT_EQ(v.GetValue(0).ToString(), "[{\"a\":1,\"b\":\"x\"},null]");
  EXPECT_EQ(v.GetValue(2).ToString(), "NULL");
  EXPECT_EQ(v.child_size(), 3u);  // the elements of rows 0 and 3
  // memory: the entry, then each element's fields and string bytes (a NULL element none)
  auto entry = static_cast<int64_t>(sizeof(ListEntry));
  auto field_bytes = static_cast<int64_t>(sizeof(int32_t) + sizeof(StringRef));
  EXPECT_EQ(NestedRowBytes(v, 0), entry + field_bytes + 1);
  EXPECT_EQ(NestedRowBytes(v, 1), entry);
  EXPECT_EQ(RowBytes({&v}, nullptr, 4), 4 * entry + 2 * field_bytes + 1);

  Vector m(kMap, 2);
  m.SetValue(0, Value::Map(kMap, {Value::String("k"), Value::String("e")},
                           {Value::List(kMap.value(), {Value::Int64(7)}), Value::Null()}));
  m.SetValue(1, Value::Map(kMap, {}, {}));
  EXPECT_EQ(m.GetValue(0).ToString(), "{\"e\":null,\"k\":[7]}");  // entries sorted by text
  EXPECT_EQ(m.GetValue(1).ToString(), "{}");
}

TEST(NestedVectorTest, CopiesAndGathersOutliveTheSource) {
  auto rows = ListRows();
  Vector out(kList, 8);
  {
    Vector src(kList, 4);
    for (size_t i = 0; i < rows.size(); ++i) src.SetValue(i, rows[i]);
    out.CopyRange(src, 1, 0, 3);  // [], NULL, [{2,NULL}]
    uint32_t sel[] = {3, 0, 0};
    out.GatherAt(3, src, sel, 3);
    out.CopyRow(src, 0, 6);
  }
  std::vector<Value> expected = {rows[1], rows[2], rows[3], rows[3], rows[0], rows[0], rows[0]};
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(out.GetValue(i), expected[i]) << i;

  DataChunk chunk({kList, kStruct});
  chunk.SetSize(0);
  DataChunk more({kList, kStruct}, 4);
  for (size_t i = 0; i < rows.size(); ++i) {
    more.column(0).SetValue(i, rows[i]);
    more.column(1).SetValue(i, i == 1 ? Value::Null(kStruct) : S(static_cast<int>(i), "s"));
  }
  more.SetSize(4);
  chunk.Append(more, 0, 4);
  chunk.Append(more, 2, 2);
  SelectionVector sel;
  sel.indexes = {5, 0, 1};
  chunk.Slice(sel);
  ASSERT_EQ(chunk.size(), 3u);
  EXPECT_EQ(chunk.column(0).GetValue(0), rows[3]);
  EXPECT_EQ(chunk.column(0).GetValue(1), rows[0]);
  EXPECT_EQ(chunk.column(1).GetValue(0), S(3, "s"));
  EXPECT_TRUE(chunk.column(1).GetValue(2).is_null());
  // a NULL struct's fields are NULL too, so a field read alone is NULL
  EXPECT_TRUE(chunk.column(1).child(0).IsNull(2));
}

TEST(NestedVectorTest, HashAndOrderFollowTheValues) {
  Vector a(kList, 4), b(kList, 4);
  auto rows = ListRows();
  for (size_t i = 0; i < rows.size(); ++i) a.SetValue(i, rows[i]);
  // the same values at other element offsets
  b.SetValue(0, rows[3]);
  for (size_t i = 0; i < rows.size(); ++i) b.SetValue(i, rows[i]);
  uint64_t ha[4], hb[4];
  HashVector(a, 4, ha, false);
  HashVector(b, 4, hb, false);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(ha[i], hb[i]) << i;
    EXPECT_TRUE(RowsEqualNullSafe(a, i, b, i)) << i;
  }
  EXPECT_EQ(HashValue(rows[0]), ha[0]);
  EXPECT_NE(ha[0], ha[3]);
  // [{1,"x"}, null] > [] and [{2,NULL}] > [{1,"x"}, null]; a NULL field sorts first
  EXPECT_GT(CompareRows(a, 0, a, 1), 0);
  EXPECT_GT(CompareRows(a, 3, a, 0), 0);
  EXPECT_LT(S(1, nullptr).Compare(S(1, "a")), 0);
}

}  // namespace
}  // namespace floe
