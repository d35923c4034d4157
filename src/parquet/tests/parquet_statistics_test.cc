#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>

#include "parquet/tests/parquet_test_files.h"
#include "io/tests/test_file_io.h"

namespace floe {
namespace {

using testing::ReadRows;
using testing::TempParquetPath;
using testing::WriteRows;
using Op = ColumnPredicate::Op;

TEST(ParquetStatisticsTest, ChunkStatisticsUseTheTypeOrder) {
  std::vector<ParquetWriterField> fields = {
      {"i", 1, TypeId::kInt32, true},      {"s", 2, TypeId::kString, true},
      {"dec", 3, LogicalType::Decimal(30, 2), true}, {"d", 4, TypeId::kDouble, true},
      {"ts", 5, TypeId::kTimestamp, true}, {"allnull", 6, TypeId::kInt64, true},
  };
  std::vector<std::vector<Value>> rows = {
      {Value::Int32(-5), Value::String("b"), Value::Decimal(-100, 30, 2), Value::Double(NAN),
       Value::Timestamp(-1), Value::Null(TypeId::kInt64)},
      {Value::Int32(3), Value::String("\xc3\xa9"), Value::Decimal(7, 30, 2), Value::Double(-0.0),
       Value::Timestamp(5), Value::Null(TypeId::kInt64)},
      {Value::Null(TypeId::kInt32), Value::String("a"), Value::Decimal(-3, 30, 2), Value::Double(2.5),
       Value::Null(TypeId::kTimestamp), Value::Null(TypeId::kInt64)},
  };
  std::string path = TempParquetPath("stats_order");
  auto metrics = WriteRows(path, fields, rows);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);

  auto stats = [&](int c) { return reader->RowGroupStatistics(0, c); };
  EXPECT_EQ(*stats(0).min, Value::Int32(-5));  // signed, not unsigned, order
  EXPECT_EQ(*stats(0).max, Value::Int32(3));
  EXPECT_EQ(*stats(0).null_count, 1);
  EXPECT_EQ(*stats(1).min, Value::String("a"));
  EXPECT_EQ(*stats(1).max, Value::String("\xc3\xa9"));  // UTF-8 bytes compare unsigned
  EXPECT_EQ(*stats(2).min, Value::Decimal(-100, 30, 2));  // FLBA two's complement order
  EXPECT_EQ(*stats(2).max, Value::Decimal(7, 30, 2));
  EXPECT_EQ(*stats(3).min, Value::Double(-0.0));  // NaN left out
  EXPECT_EQ(*stats(3).max, Value::Double(2.5));
  EXPECT_TRUE(std::signbit(stats(3).min->float64()));
  EXPECT_EQ(*stats(4).min, Value::Timestamp(-1));
  EXPECT_FALSE(stats(5).min.has_value());
  EXPECT_EQ(*stats(5).null_count, 3);

  ASSERT_EQ(metrics.fields.size(), 6u);
  const auto& d = metrics.fields[3];
  EXPECT_EQ(d.field_id, 4);
  EXPECT_EQ(d.value_count, 3);
  EXPECT_EQ(d.null_count, 0);
  EXPECT_EQ(d.nan_count, 1);
  EXPECT_EQ(*d.lower_bound, Value::Double(-0.0));
  EXPECT_EQ(*d.upper_bound, Value::Double(2.5));
  EXPECT_EQ(*metrics.fields[2].lower_bound, Value::Decimal(-100, 30, 2));
  EXPECT_EQ(metrics.fields[0].null_count, 1);
  EXPECT_FALSE(metrics.fields[5].lower_bound.has_value());
  int64_t sizes = 0;
  for (const auto& f : metrics.fields) {
    EXPECT_GT(f.column_size, 0);
    sizes += f.column_size;
  }
  EXPECT_LT(sizes, metrics.file_size);
}

TEST(ParquetStatisticsTest, MetricsTruncateStringBoundsLikeIceberg) {
  std::vector<ParquetWriterField> fields = {{"s", 1, TypeId::kString, false},
                                            {"b", 2, TypeId::kBinary, false}};
  std::vector<std::vector<Value>> rows = {
      {Value::String("abcdefghijklmnopqrstuvwxyz"), Value::Binary(std::string(20, 'a'))},
      {Value::String("zzzzzzzzzzzzzzz\xc3\xa9tail"), Value::Binary(std::string(20, '\xff'))},
  };
  ParquetWriterOptions options;
  options.truncate_bounds = 16;
  auto metrics = WriteRows(TempParquetPath("truncate"), fields, rows, options);
  EXPECT_EQ(metrics.fields[0].lower_bound->str(), "abcdefghijklmnop");
  // 16 characters: 15 'z' and 'é', whose code point is incremented to 'ê'
  EXPECT_EQ(metrics.fields[0].upper_bound->str(), "zzzzzzzzzzzzzzz\xc3\xaa");
  EXPECT_EQ(metrics.fields[1].lower_bound->str(), std::string(16, 'a'));
  EXPECT_FALSE(metrics.fields[1].upper_bound.has_value());  // 0xff... cannot be rounded up

  auto raw = WriteRows(TempParquetPath("no_truncate"), fields, rows);
  EXPECT_EQ(raw.fields[0].upper_bound->str(), "zzzzzzzzzzzzzzz\xc3\xa9tail");
}

TEST(ColumnPredicateTest, MayMatchFollowsTheStatistics) {
  ColumnStatistics s;
  s.min = Value::Int64(10);
  s.max = Value::Int64(20);
  s.null_count = 0;
  s.num_values = 100;
  auto p = [](Op op, std::vector<Value> v) { return ColumnPredicate{0, op, std::move(v)}; };
  EXPECT_TRUE(p(Op::kEq, {Value::Int64(10)}).MayMatch(s));
  EXPECT_FALSE(p(Op::kEq, {Value::Int64(21)}).MayMatch(s));
  EXPECT_FALSE(p(Op::kLt, {Value::Int64(10)}).MayMatch(s));
  EXPECT_TRUE(p(Op::kLe, {Value::Int64(10)}).MayMatch(s));
  EXPECT_FALSE(p(Op::kGt, {Value::Int64(20)}).MayMatch(s));
  EXPECT_TRUE(p(Op::kGe, {Value::Int64(20)}).MayMatch(s));
  EXPECT_FALSE(p(Op::kIn, {Value::Int64(1), Value::Int64(30)}).MayMatch(s));
  EXPECT_TRUE(p(Op::kIn, {Value::Int64(1), Value::Int64(15)}).MayMatch(s));
  EXPECT_FALSE(p(Op::kIsNull, {}).MayMatch(s));
  EXPECT_TRUE(p(Op::kIsNotNull, {}).MayMatch(s));
  // values of a narrower type are widened; other types never prune
  EXPECT_FALSE(p(Op::kEq, {Value::Int32(99)}).MayMatch(s));
  EXPECT_TRUE(p(Op::kEq, {Value::Int32(15)}).MayMatch(s));
  EXPECT_TRUE(p(Op::kEq, {Value::String("99")}).MayMatch(s));
  ColumnStatistics dec;
  dec.min = Value::Decimal(1050, 10, 2);  // 10.50
  dec.max = Value::Decimal(2000, 10, 2);  // 20.00
  dec.num_values = 1;
  EXPECT_FALSE(p(Op::kEq, {Value::Int64(10)}).MayMatch(dec));
  EXPECT_TRUE(p(Op::kEq, {Value::Int64(11)}).MayMatch(dec));
  EXPECT_FALSE(p(Op::kLt, {Value::Decimal(105, 3, 1)}).MayMatch(dec));  // 10.5
  EXPECT_TRUE(p(Op::kLe, {Value::Decimal(105, 3, 1)}).MayMatch(dec));
  EXPECT_TRUE(p(Op::kEq, {Value::Decimal(10501, 10, 3)}).MayMatch(dec));  // finer scale: no pruning
  // all NULL: only IS NULL can match
  ColumnStatistics nulls;
  nulls.null_count = 5;
  nulls.num_values = 5;
  EXPECT_FALSE(p(Op::kEq, {Value::Int64(1)}).MayMatch(nulls));
  EXPECT_FALSE(p(Op::kIsNotNull, {}).MayMatch(nulls));
  EXPECT_TRUE(p(Op::kIsNull, {}).MayMatch(nulls));
  // unknown statistics: anything may match
  ColumnStatistics unknown;
  unknown.num_values = 5;
  EXPECT_TRUE(p(Op::kEq, {Value::Int64(1)}).MayMatch(unknown));
  EXPECT_TRUE(p(Op::kIsNull, {}).MayMatch(unknown));
  // doubles: NaN is not in the bounds and sorts above all, so > never prunes
  ColumnStatistics d;
  d.min = Value::Double(1);
  d.max = Value::Double(2);
  d.num_values = 3;
  EXPECT_TRUE(p(Op::kGt, {Value::Double(5)}).MayMatch(d));
  EXPECT_FALSE(p(Op::kLt, {Value::Double(0.5)}).MayMatch(d));
}

std::string WriteSortedFile(const std::string& name, int64_t rows, ParquetWriterOptions options) {
  std::vector<ParquetWriterField> fields = {{"id", 1, TypeId::kInt64, false},
                                            {"s", 2, TypeId::kString, true}};
  std::vector<std::vector<Value>> data;
  for (int64_t i = 0; i < rows; ++i) {
    data.push_back({Value::Int64(i), i % 10 == 0 ? Value::Null(TypeId::kString)
                                                 : Value::String("s" + std::to_string(i % 100))});
  }
  std::string path = TempParquetPath(name);
  WriteRows(path, fields, data, options);
  return path;
}

TEST(ParquetPruningTest, RowGroupsSkippedByStatistics) {
  ParquetWriterOptions options;
  options.row_group_size = 16 * 1024;
  std::string path = WriteSortedFile("rg_pruning", 50000, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  ASSERT_GT(reader->num_row_groups(), 4);
  std::vector<ColumnPredicate> preds = {{0, Op::kGe, {Value::Int64(20000)}},
                                        {0, Op::kLt, {Value::Int64(20100)}}};
  ScanCounters counters;
  auto rows = ReadRows(*reader, {0, 1}, preds, &counters);
  EXPECT_EQ(counters.row_groups_read + counters.row_groups_skipped, reader->num_row_groups());
  EXPECT_GE(counters.row_groups_skipped, reader->num_row_groups() - 2);
  // pruning may keep extra rows, never lose matching ones
  int matching = 0;
  for (const auto& r : rows) {
    int64_t id = r[0].int64();
    if (id >= 20000 && id < 20100) ++matching;
  }
  EXPECT_EQ(matching, 100);
  EXPECT_LT(rows.size(), 50000u);

  ScanCounters none;
  auto nothing = ReadRows(*reader, {0}, {{0, Op::kGt, {Value::Int64(1000000)}}}, &none);
  EXPECT_TRUE(nothing.empty());
  EXPECT_EQ(none.row_groups_skipped, reader->num_row_groups());
  EXPECT_EQ(none.bytes_read, 0);
}

TEST(ParquetPruningTest, PagesSkippedByThePageIndex) {
  ParquetWriterOptions options;
  options.page_row_limit = 1000;
  std::string path = WriteSortedFile("page_pruning", 50000, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  ASSERT_EQ(reader->num_row_groups(), 1);
  std::vector<ColumnPredicate> preds = {{0, Op::kEq, {Value::Int64(31234)}}};
  ScanCounters counters;
  auto rows = ReadRows(*reader, {0, 1}, preds, &counters);
  // only the id page holding 31234 is decoded (at most 1000 rows), and the pages of
  // the string column that overlap it; every returned row is intact
  ASSERT_GT(rows.size(), 0u);
  ASSERT_LE(rows.size(), 1000u);
  int64_t first = rows.front()[0].int64();
  bool found = false;
  for (size_t i = 0; i < rows.size(); ++i) {
    int64_t id = rows[i][0].int64();
    ASSERT_EQ(id, first + static_cast<int64_t>(i));
    Value s = id % 10 == 0 ? Value::Null(TypeId::kString) : Value::String("s" + std::to_string(id % 100));
    ASSERT_EQ(rows[i][1], s);
    found |= id == 31234;
  }
  EXPECT_TRUE(found);
  EXPECT_GE(counters.pages_read, 2);
  EXPECT_LE(counters.pages_read, 3);
  EXPECT_EQ(counters.rows_read, static_cast<int64_t>(rows.size()));
  EXPECT_GT(counters.pages_skipped, 2 * 45);  // never read from the file
  ScanCounters full;
  ReadRows(*reader, {0, 1}, {}, &full);
  EXPECT_LT(counters.bytes_read * 2, full.bytes_read);

  // the same scan without the page index gives a superset with the same matches
  ParquetWriterOptions no_index = options;
  no_index.write_page_index = false;
  std::string plain = WriteSortedFile("no_page_index", 50000, no_index);
  auto reader2 = ParquetReader::Open(::floe::testing::TestIO(), plain);
  ScanCounters counters2;
  auto all = ReadRows(*reader2, {0, 1}, preds, &counters2);
  EXPECT_EQ(all.size(), 50000u);
  EXPECT_EQ(all[31234], rows[31234 - first]);
  EXPECT_EQ(counters2.pages_skipped, 0);
}

TEST(ParquetPruningTest, PageRangesAcrossColumnsStayAligned) {
  ParquetWriterOptions options;
  options.page_row_limit = 700;  // the string column's pages end elsewhere than the ids'
  options.page_size = 2000;
  std::string path = WriteSortedFile("aligned", 20000, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  std::vector<ColumnPredicate> preds = {{0, Op::kIn, {Value::Int64(5), Value::Int64(15000)}}};
  ScanCounters counters;
  auto rows = ReadRows(*reader, {1, 0}, preds, &counters);
  EXPECT_GT(counters.pages_skipped, 10);
  EXPECT_LT(rows.size(), 3000u);
  bool saw5 = false, saw15000 = false;
  for (const auto& r : rows) {
    int64_t id = r[1].int64();
    Value expected = id % 10 == 0 ? Value::Null(TypeId::kString) : Value::String("s" + std::to_string(id % 100));
    ASSERT_EQ(r[0], expected) << "row " << id;
    saw5 |= id == 5;
    saw15000 |= id == 15000;
  }
  EXPECT_TRUE(saw5);
  EXPECT_TRUE(saw15000);
}

// A row group read as slices (by several threads) returns each row exactly once, in order
// within a slice, with batch_start the row's index; the page index still prunes inside each
// slice; the row group and each skipped page are counted once over all slices.
TEST(ParquetPruningTest, RowGroupSlicesPartitionItsRows) {
  ParquetWriterOptions options;
  options.page_row_limit = 700;  // pages of the two columns end at different rows
  options.page_size = 2000;
  std::string path = WriteSortedFile("slices", 20000, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  ASSERT_EQ(reader->num_row_groups(), 1);
  std::vector<RowSlice> slices = reader->SliceRowGroup(0, {1, 0}, 3000);
  ASSERT_EQ(slices.size(), 7u);  // 20000 / 3000, rounded
  EXPECT_EQ(slices.front().begin, 0);
  EXPECT_EQ(slices.back().end, -1);
  for (size_t i = 1; i < slices.size(); ++i) EXPECT_EQ(slices[i].begin, slices[i - 1].end);
  EXPECT_EQ(reader->SliceRowGroup(0, {0}, 15000).size(), 1u);  // not much larger: whole
  EXPECT_EQ(reader->SliceRowGroup(0, {}, 3000).size(), 1u);

  for (bool pruned : {false, true}) {
    std::vector<ColumnPredicate> preds;
    if (pruned) preds = {{0, Op::kIn, {Value::Int64(5), Value::Int64(8999), Value::Int64(15000)}}};
    ScanCounters whole, sliced;
    auto expected = ReadRows(*reader, {1, 0}, preds, &whole);
    std::vector<int64_t> ids;
    for (RowSlice slice : slices) {
      auto rg = reader->ReadRowGroup(0, {1, 0}, preds, &sliced, nullptr, nullptr, slice);
      DataChunk chunk;
      while (rg->Next(chunk)) {
        for (size_t r = 0; r < chunk.size(); ++r) {
          int64_t id = chunk.GetRow(r)[1].int64();
          ASSERT_EQ(id, rg->batch_start() + static_cast<int64_t>(r));
          ASSERT_GE(id, slice.begin);
          if (slice.end >= 0) ASSERT_LT(id, slice.end);
          Value s = id % 10 == 0 ? Value::Null(TypeId::kString) : Value::String("s" + std::to_string(id % 100));
          ASSERT_EQ(chunk.GetRow(r)[0], s) << "row " << id;
          ids.push_back(id);
        }
      }
    }
    ASSERT_EQ(ids.size(), expected.size()) << (pruned ? "pruned" : "whole");
    for (size_t i = 0; i < ids.size(); ++i) ASSERT_EQ(ids[i], expected[i][1].int64());
    EXPECT_EQ(sliced.row_groups_read, 1);
    EXPECT_EQ(sliced.row_groups_skipped, 0);
    EXPECT_EQ(sliced.rows_read, whole.rows_read);
    EXPECT_EQ(sliced.pages_skipped, whole.pages_skipped);
    if (pruned) EXPECT_GT(sliced.pages_skipped, 10);
  }
  // a row group skipped by statistics is counted once
  ScanCounters none;
  for (RowSlice slice : slices) {
    auto rg = reader->ReadRowGroup(0, {0}, {{0, Op::kGt, {Value::Int64(99999)}}}, &none, nullptr, nullptr, slice);
    DataChunk chunk;
    EXPECT_FALSE(rg->Next(chunk));
  }
  EXPECT_EQ(none.row_groups_skipped, 1);
  EXPECT_EQ(none.row_groups_read, 0);
}

// kIn over many values (a runtime filter's keys, SortIn: shared, sorted, distinct) answers
// as the same values unsorted do, for ranges around, between and over them.
TEST(ColumnPredicateTest, ManySortedInValuesAnswerAsUnsortedDo) {
  ColumnPredicate sorted{0, ColumnPredicate::Op::kIn, {}};
  for (int64_t k = 300; k >= 0; k -= 3) sorted.values.push_back(Value::Int64(k * 10));
  sorted.values.push_back(Value::Int64(1500));  // a duplicate
  ColumnPredicate plain = sorted;
  sorted.SortIn();
  ASSERT_NE(sorted.sorted_values, nullptr);
  EXPECT_TRUE(sorted.values.empty());
  for (int64_t lo = -40; lo < 3100; lo += 7) {
    for (int64_t width : {0, 5, 29, 31, 400}) {
      ColumnStatistics stats;
      stats.num_values = 10;
      stats.null_count = 0;
      stats.min = Value::Int64(lo);
      stats.max = Value::Int64(lo + width);
      EXPECT_EQ(sorted.MayMatch(stats), plain.MayMatch(stats)) << lo << " + " << width;
      // an INT column's statistics: the keys coerce losslessly where they fit
      stats.min = Value::Int32(static_cast<int32_t>(lo));
      stats.max = Value::Int32(static_cast<int32_t>(lo + width));
      EXPECT_EQ(sorted.MayMatch(stats), plain.MayMatch(stats)) << lo << " + " << width << " (int)";
    }
  }
  ColumnPredicate few{0, ColumnPredicate::Op::kIn, {Value::Int64(2), Value::Int64(1)}};
  few.SortIn();
  EXPECT_EQ(few.sorted_values, nullptr);  // few values stay as they are
}

TEST(ParquetPruningTest, IsNullUsesNullCounts) {
  std::vector<ParquetWriterField> fields = {{"x", 1, TypeId::kInt32, true}};
  std::vector<std::vector<Value>> data;
  for (int i = 0; i < 5000; ++i) data.push_back({i < 2500 ? Value::Int32(i) : Value::Null(TypeId::kInt32)});
  ParquetWriterOptions options;
  options.page_row_limit = 500;
  std::string path = TempParquetPath("null_pages");
  WriteRows(path, fields, data, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  ScanCounters c1, c2;
  auto nulls = ReadRows(*reader, {0}, {{0, Op::kIsNull, {}}}, &c1);
  EXPECT_EQ(nulls.size(), 2500u);
  for (const auto& r : nulls) EXPECT_TRUE(r[0].is_null());
  auto values = ReadRows(*reader, {0}, {{0, Op::kIsNotNull, {}}}, &c2);
  EXPECT_EQ(values.size(), 2500u);
  EXPECT_EQ(c2.pages_read, 5);
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(ParquetPruningTest, LongStringBoundsAreTruncatedInThePageIndex) {
  std::vector<ParquetWriterField> fields = {{"s", 1, TypeId::kString, false}};
  std::vector<std::vector<Value>> data;
  for (int i = 0; i < 4000; ++i) {
    char key[16];
    std::snprintf(key, sizeof(key), "%06d", i);
    data.push_back({Value::String(std::string(100, 'k') + key + std::string(50, '\xff'))});
  }
  ParquetWriterOptions options;
  options.page_row_limit = 400;
  std::string path = testing::TempParquetPath("long_bounds");
  testing::WriteRows(path, fields, data, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  const auto& chunk = reader->metadata().row_groups[0].columns[0];
  ASSERT_TRUE(chunk.column_index_offset.has_value());
  std::ifstream in(path, std::ios::binary);
  std::string bytes(std::istreambuf_iterator<char>(in), {});
  auto ci = parquet::DecodeColumnIndex(
      reinterpret_cast<const uint8_t*>(bytes.data()) + *chunk.column_index_offset,
      static_cast<size_t>(chunk.column_index_length));
  ASSERT_EQ(ci.min_values.size(), 10u);
  for (size_t i = 0; i < ci.min_values.size(); ++i) {
    EXPECT_LE(ci.min_values[i].size(), 64u);
    EXPECT_LE(ci.max_values[i].size(), 64u);
  }
  // the chunk statistics stay exact
  EXPECT_EQ(*reader->RowGroupStatistics(0, 0).max, data.back()[0]);
  // every row of a page shares its 64-byte prefix, so pages cannot be told apart,
  // yet a lookup still finds its row
  ScanCounters counters;
  auto rows = testing::ReadRows(*reader, {0}, {{0, ColumnPredicate::Op::kEq, {data[2345][0]}}}, &counters);
  bool found = false;
  for (const auto& r : rows) found |= r[0] == data[2345][0];
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace floe
