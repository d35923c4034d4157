// NaN and signed zeros in Parquet statistics (parquet-format 2.13, ColumnOrder TYPE_ORDER
// rules for floating point): the writer leaves NaN out of min/max, writes -0.0 / +0.0 for a
// zero min / max and a nan_count (zero too) in chunk statistics and the page index; a
// reader ignores NaN bounds and prunes by nan_count when present. Row-group cases port the
// NaN cases of Iceberg Java 1.10's TestMetricsRowGroupFilter (data/src/test/java/org/apache/
// iceberg/data/), whose file this test writes the same way; ColumnPredicate compares as
// Spark orders doubles (NaN equals NaN, above +Infinity), as its callers' filters do.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "parquet/column_statistics.h"
#include "parquet/tests/parquet_test_files.h"
#include "io/tests/test_file_io.h"

namespace floe {
namespace {

using testing::TempParquetPath;
using testing::WriteRows;
using Op = ColumnPredicate::Op;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// TestMetricsRowGroupFilter's file: 50 rows, one row group.
class MetricsRowGroupFilterNaNTest : public ::testing::Test {
 protected:
  static constexpr int kAllNans = 0, kSomeNans = 1, kNoNans = 2, kSomeDoubleNans = 3, kAllNulls = 4;

  void SetUp() override {
    std::vector<ParquetWriterField> fields = {{"_all_nans", 14, TypeId::kDouble, true},
                                              {"_some_nans", 15, TypeId::kFloat, true},
                                              {"_no_nans", 16, TypeId::kDouble, true},
                                              {"_some_double_nans", 17, TypeId::kDouble, true},
                                              {"_all_nulls", 18, TypeId::kDouble, true}};
    std::vector<std::vector<Value>> rows;
    for (int i = 0; i < 50; ++i) {
      rows.push_back({Value::Double(kNaN), Value::Float(i % 10 == 0 ? NAN : 2.0f), Value::Double(3),
                      Value::Double(i % 10 == 0 ? kNaN : 2.0), Value::Null(TypeId::kDouble)});
    }
    path_ = TempParquetPath("row_group_filter_nan");
    metrics_ = WriteRows(path_, fields, rows);
    reader_ = ParquetReader::Open(::floe::testing::TestIO(), path_);
    ASSERT_EQ(reader_->num_row_groups(), 1);
  }

  bool ShouldRead(int column, Op op, std::vector<Value> values = {}) {
    return reader_->RowGroupMayMatch(0, {ColumnPredicate{column, op, std::move(values)}});
  }

  std::string path_;
  ParquetFileMetrics metrics_;
  std::unique_ptr<ParquetReader> reader_;
};

TEST_F(MetricsRowGroupFilterNaNTest, WriterRecordsNaNCountsAndLeavesNaNOutOfBounds) {
  ColumnStatistics all = reader_->RowGroupStatistics(0, kAllNans);
  EXPECT_EQ(all.nan_count, 50);
  EXPECT_FALSE(all.min.has_value()) << "all values NaN: no min/max (parquet-format TYPE_ORDER rule)";
  ColumnStatistics some = reader_->RowGroupStatistics(0, kSomeNans);
  EXPECT_EQ(some.nan_count, 5);
  EXPECT_EQ(*some.min, Value::Float(2));
  EXPECT_EQ(*some.max, Value::Float(2));
  EXPECT_EQ(reader_->RowGroupStatistics(0, kNoNans).nan_count, 0) << "written even when zero";
  EXPECT_EQ(reader_->RowGroupStatistics(0, kAllNulls).nan_count, 0);
  EXPECT_EQ(metrics_.fields[kSomeDoubleNans].nan_count, 5);
  EXPECT_EQ(*metrics_.fields[kSomeDoubleNans].upper_bound, Value::Double(2)) << "NaN left out of the metrics";
  EXPECT_FALSE(metrics_.fields[kAllNans].lower_bound.has_value());
}

TEST_F(MetricsRowGroupFilterNaNTest, FloatWithNan) {  // testFloatWithNan
  // "NaN's should break Parquet's Min/Max stats we should be reading in all cases"
  EXPECT_TRUE(ShouldRead(kSomeNans, Op::kGt, {Value::Double(1.0)}));
  EXPECT_TRUE(ShouldRead(kSomeNans, Op::kGe, {Value::Double(1.0)}));
  EXPECT_TRUE(ShouldRead(kSomeNans, Op::kLt, {Value::Double(3.0)}));
  // Java reads: parquet-mr's min/max of a column holding NaN cannot be trusted. floe's are
  // computed without NaN (min = max = 2) and no NaN is <= 1, so the group holds no match.
  EXPECT_FALSE(ShouldRead(kSomeNans, Op::kLe, {Value::Double(1.0)}));
  EXPECT_TRUE(ShouldRead(kSomeNans, Op::kEq, {Value::Double(2.0)}));
}

TEST_F(MetricsRowGroupFilterNaNTest, DoubleWithNan) {  // testDoubleWithNan
  EXPECT_TRUE(ShouldRead(kSomeDoubleNans, Op::kGt, {Value::Double(1.0)})) << "contains target value";
  EXPECT_TRUE(ShouldRead(kSomeDoubleNans, Op::kGe, {Value::Double(1.0)}));
  EXPECT_TRUE(ShouldRead(kSomeDoubleNans, Op::kLt, {Value::Double(3.0)}));
  EXPECT_TRUE(ShouldRead(kSomeDoubleNans, Op::kEq, {Value::Double(2.0)}));
}

TEST_F(MetricsRowGroupFilterNaNTest, IsNaN) {  // testIsNaN, with isNaN(x) as x = NaN
  EXPECT_TRUE(ShouldRead(kAllNans, Op::kEq, {Value::Double(kNaN)}));
  EXPECT_TRUE(ShouldRead(kSomeNans, Op::kEq, {Value::Double(kNaN)}));
  // Java reads: "NaN counts are not tracked in Parquet metrics" (its ORC case skips); floe's
  // files carry nan_count, which proves the group holds no NaN
  EXPECT_FALSE(ShouldRead(kNoNans, Op::kEq, {Value::Double(kNaN)}));
  EXPECT_FALSE(ShouldRead(kAllNulls, Op::kEq, {Value::Double(kNaN)})) << "all null column will not contain nan value";
}

TEST_F(MetricsRowGroupFilterNaNTest, ComparisonsOnAllNaNGroups) {
  // Not Java cases: a group of only NaN holds no number, and NaN is above every number
  EXPECT_FALSE(ShouldRead(kAllNans, Op::kEq, {Value::Double(1.0)}));
  EXPECT_FALSE(ShouldRead(kAllNans, Op::kLt, {Value::Double(1e308)}));
  EXPECT_FALSE(ShouldRead(kAllNans, Op::kLe, {Value::Double(INFINITY)}));
  EXPECT_FALSE(ShouldRead(kAllNans, Op::kIn, {Value::Double(1.0), Value::Double(INFINITY)}));
  EXPECT_TRUE(ShouldRead(kAllNans, Op::kGt, {Value::Double(INFINITY)}));
  EXPECT_TRUE(ShouldRead(kAllNans, Op::kGe, {Value::Double(1.0)}));
  EXPECT_TRUE(ShouldRead(kAllNans, Op::kIn, {Value::Double(1.0), Value::Double(kNaN)}));
  EXPECT_TRUE(ShouldRead(kAllNans, Op::kLe, {Value::Double(kNaN)}));
  EXPECT_FALSE(ShouldRead(kAllNans, Op::kGt, {Value::Double(kNaN)})) << "nothing is above NaN";
  // a group without NaN: > prunes by max now that nan_count says so
  EXPECT_FALSE(ShouldRead(kNoNans, Op::kGt, {Value::Double(3.0)}));
  EXPECT_TRUE(ShouldRead(kNoNans, Op::kGe, {Value::Double(3.0)}));
  EXPECT_TRUE(ShouldRead(kSomeDoubleNans, Op::kGt, {Value::Double(1e308)})) << "its NaNs are above 1e308";
}

TEST(ParquetNaNStatisticsTest, StatisticsWithoutNaNCountsKeepNaNGroups) {
  // Files of other writers: no nan_count, NaN min/max dropped by the decoder (see below)
  ColumnStatistics s;
  s.min = Value::Double(1);
  s.max = Value::Double(2);
  s.null_count = 0;
  s.num_values = 10;
  auto p = [](Op op, Value v) { return ColumnPredicate{0, op, {std::move(v)}}; };
  EXPECT_TRUE(p(Op::kGt, Value::Double(5)).MayMatch(s)) << "NaN may be present, and NaN > 5";
  EXPECT_TRUE(p(Op::kGe, Value::Double(kNaN)).MayMatch(s));
  EXPECT_TRUE(p(Op::kEq, Value::Double(kNaN)).MayMatch(s));
  EXPECT_FALSE(p(Op::kLt, Value::Double(0.5)).MayMatch(s));
  EXPECT_FALSE(p(Op::kEq, Value::Double(5)).MayMatch(s));
  s.nan_count = 0;
  EXPECT_FALSE(p(Op::kGt, Value::Double(5)).MayMatch(s));
  EXPECT_FALSE(p(Op::kEq, Value::Double(kNaN)).MayMatch(s));
  EXPECT_FALSE(p(Op::kGe, Value::Double(kNaN)).MayMatch(s));
  EXPECT_TRUE(p(Op::kLt, Value::Double(kNaN)).MayMatch(s)) << "every number is below NaN";
  // a FLOAT column: NaN literals of any payload still compare
  ColumnStatistics f;
  f.min = Value::Float(1);
  f.max = Value::Float(2);
  f.null_count = 0;
  f.nan_count = 1;
  f.num_values = 10;
  EXPECT_TRUE(p(Op::kEq, Value::Double(kNaN)).MayMatch(f));
  EXPECT_TRUE(p(Op::kGt, Value::Double(5)).MayMatch(f));
  f.nan_count = 0;
  EXPECT_FALSE(p(Op::kEq, Value::Double(kNaN)).MayMatch(f));
}

TEST(ParquetNaNStatisticsTest, NaNBoundsOfOtherWritersAreIgnored) {
  // parquet-format, TYPE_ORDER read rules: "If the min is a NaN, it should be ignored" (max too)
  ParquetColumn col;
  col.physical_type = parquet::PhysicalType::kDouble;
  col.type = TypeId::kDouble;
  auto bytes = [](double v) { return std::string(reinterpret_cast<const char*>(&v), sizeof v); };
  parquet::Statistics stats;
  stats.null_count = 0;
  stats.min_value = bytes(kNaN);
  stats.max_value = bytes(7.0);
  ColumnStatistics s = DecodeColumnStatistics(col, stats, 10);
  EXPECT_FALSE(s.min.has_value());
  EXPECT_FALSE(s.max.has_value());
  EXPECT_FALSE(s.nan_count.has_value()) << "no nan_count: NaNs may be present";
  EXPECT_TRUE((ColumnPredicate{0, Op::kLt, {Value::Double(1)}}).MayMatch(s));
  stats.min_value = bytes(1.0);
  stats.max_value = bytes(kNaN);
  EXPECT_FALSE(DecodeColumnStatistics(col, stats, 10).max.has_value());
  stats.max_value = bytes(7.0);
  stats.nan_count = 3;
  s = DecodeColumnStatistics(col, stats, 10);
  EXPECT_EQ(s.nan_count, 3);
  EXPECT_EQ(*s.max, Value::Double(7));
}

TEST(ParquetNaNStatisticsTest, SignedZerosAreWidenedAndEqual) {
  // parquet-format: a max of -0.0 is written +0.0 and a min of +0.0 is written -0.0, so a
  // reader ordering -0.0 below +0.0 keeps both; floe's readers compare them equal anyway
  std::vector<ParquetWriterField> fields = {{"pos", 1, TypeId::kDouble, false}, {"neg", 2, TypeId::kFloat, false}};
  std::vector<std::vector<Value>> rows = {{Value::Double(0.0), Value::Float(-0.0f)},
                                          {Value::Double(0.0), Value::Float(-0.0f)}};
  std::string path = TempParquetPath("signed_zeros");
  auto metrics = WriteRows(path, fields, rows);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  for (int c : {0, 1}) {
    ColumnStatistics s = reader->RowGroupStatistics(0, c);
    EXPECT_TRUE(std::signbit(s.min->float64())) << c;
    EXPECT_FALSE(std::signbit(s.max->float64())) << c;
    EXPECT_TRUE(std::signbit(metrics.fields[c].lower_bound->float64())) << "Iceberg lower bound " << c;
    EXPECT_FALSE(std::signbit(metrics.fields[c].upper_bound->float64())) << "Iceberg upper bound " << c;
    for (double zero : {0.0, -0.0}) {
      EXPECT_TRUE((ColumnPredicate{c, Op::kEq, {Value::Double(zero)}}).MayMatch(s));
      EXPECT_FALSE((ColumnPredicate{c, Op::kLt, {Value::Double(zero)}}).MayMatch(s));
      EXPECT_FALSE((ColumnPredicate{c, Op::kGt, {Value::Double(zero)}}).MayMatch(s));
    }
  }
}

TEST(ParquetNaNStatisticsTest, PageIndexCarriesNaNCounts) {
  // one row group, pages of 1,000 rows: 0..999 numbers, 1000..1999 numbers and NaN, 2000.. numbers
  std::vector<ParquetWriterField> fields = {{"x", 1, TypeId::kDouble, false}};
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 3000; ++i) {
    bool nan = i >= 1000 && i < 2000 && i % 2 == 0;
    rows.push_back({Value::Double(nan ? kNaN : i / 1000)});
  }
  ParquetWriterOptions options;
  options.page_row_limit = 1000;
  options.enable_dictionary = false;
  std::string path = TempParquetPath("page_nan_counts");
  WriteRows(path, fields, rows, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  ASSERT_EQ(reader->num_row_groups(), 1);
  // rows decoded per predicate: the pages of 1 and NaN and of 2 for x > 1.5, the NaN page for
  // x = NaN (the others count no NaN), the page of 0 for x < 0.5
  auto decoded = [&](Op op, double v) {
    ScanCounters counters;
    testing::ReadRows(*reader, {0}, {ColumnPredicate{0, op, {Value::Double(v)}}}, &counters);
    return counters.rows_read;
  };
  EXPECT_EQ(decoded(Op::kGt, 1.5), 2000);
  EXPECT_EQ(decoded(Op::kEq, kNaN), 1000);
  EXPECT_EQ(decoded(Op::kLt, 0.5), 1000);
  EXPECT_EQ(decoded(Op::kGt, 1e308), 1000);
}

}  // namespace
}  // namespace floe
