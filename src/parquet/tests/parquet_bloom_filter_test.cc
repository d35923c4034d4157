// Parquet Bloom filters written and read by floe. The file of most cases is Iceberg's
// TestBloomRowGroupFilter's (iceberg/parquet, Iceberg 1.10): 50 rows, _id 30..79, the other
// columns derived from it; the cases keep that suite's names. Iceberg's suite sizes the
// filters at 1 MiB (parquet-java's size when no NDV is set) and asserts exact answers for
// absent values; floe sizes a filter by the chunk's distinct values (fpp 1%), so absent
// values may pass at about that rate, and the cases bound their false positives instead.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>

#include "common/exception.h"
#include "io/tests/test_file_io.h"
#include "parquet/column_bloom_filter.h"
#include "parquet/tests/parquet_test_files.h"

namespace floe {
namespace {

using testing::TempParquetPath;
using testing::WriteRows;
using Op = ColumnPredicate::Op;

constexpr int kMin = 30;
constexpr int kMax = 79;
constexpr int kCount = kMax - kMin + 1;
constexpr int64_t kInstantMicros = int64_t{1539129600} * 1000000;  // 2018-10-10T00:00:00Z

enum Column {
  kId, kLong, kDouble, kFloat, kString, kRequired, kNonBloom, kAllNulls, kSomeNulls, kNoNulls, kAllNans,
  kSomeNans, kNoNans, kBoolean, kTime, kDate, kTimestamp, kBinary, kIntDecimal, kLongDecimal, kFixedDecimal,
  kColumns
};

std::string RandomBytes(int i) {
  std::mt19937 rng(12345 + i);
  std::string bytes(static_cast<size_t>(i + 1), '\0');
  for (char& c : bytes) c = static_cast<char>(rng());
  return bytes;
}

std::vector<Value> Row(int i) {
  int v = kMin + i;
  return {Value::Int32(v),
          Value::Int64(100 + v),
          Value::Double(1000 + v),
          Value::Float(static_cast<float>(10000 + v)),
          Value::String("BINARY\xe6\xb5\x8b\xe8\xaf\x95_" + std::to_string(v)),
          Value::String("req"),
          Value::String("nb" + std::to_string(v)),
          Value::Null(TypeId::kInt64),
          i % 10 == 0 ? Value::Null(TypeId::kString) : Value::String("some"),
          Value::String(""),
          Value::Double(NAN),
          Value::Float(i % 10 == 0 ? NAN : 2.0F),
          Value::Double(3),
          Value::Boolean(i % 2 == 0),
          Value::Time(int64_t{i} * 1000000),
          Value::Date(17814 + i),
          Value::Timestamp(kInstantMicros + int64_t{i} * 86400 * 1000000),
          Value::Binary(RandomBytes(i)),
          Value::Decimal(7777 + 100 * i, 8, 2),
          Value::Decimal(8888 + 100 * i, 14, 2),
          Value::Decimal(9999 + 100 * i, 31, 2)};
}

class BloomRowGroupFilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::vector<ParquetWriterField> fields = {
        {"_id", 1, TypeId::kInt32, false},          {"_long", 2, TypeId::kInt64, false},
        {"_double", 3, TypeId::kDouble, false},     {"_float", 4, TypeId::kFloat, false},
        {"_string", 5, TypeId::kString, false},     {"_required", 7, TypeId::kString, false},
        {"_non_bloom", 8, TypeId::kString, false},  {"_all_nulls", 9, TypeId::kInt64, true},
        {"_some_nulls", 10, TypeId::kString, true}, {"_no_nulls", 11, TypeId::kString, true},
        {"_all_nans", 12, TypeId::kDouble, true},   {"_some_nans", 13, TypeId::kFloat, true},
        {"_no_nans", 14, TypeId::kDouble, true},    {"_boolean", 19, TypeId::kBoolean, true},
        {"_time", 20, TypeId::kTime, true},         {"_date", 21, TypeId::kDate, true},
        {"_timestamp", 22, TypeId::kTimestamp, true}, {"_binary", 24, TypeId::kBinary, true},
        {"_int_decimal", 25, LogicalType::Decimal(8, 2), true},
        {"_long_decimal", 26, LogicalType::Decimal(14, 2), true},
        {"_fixed_decimal", 27, LogicalType::Decimal(31, 2), true},
    };
    ParquetWriterOptions options;
    options.enable_dictionary = false;  // as Iceberg's suite writes it
    for (const auto& f : fields) {
      if (f.name != "_non_bloom") options.bloom_filters[f.field_id] = {};
    }
    std::vector<std::vector<Value>> rows;
    for (int i = 0; i < kCount; ++i) rows.push_back(Row(i));
    path_ = TempParquetPath("bloom_row_group_filter");
    WriteRows(path_, fields, rows, options);
    reader_ = ParquetReader::Open(::floe::testing::TestIO(), path_);
    ASSERT_EQ(reader_->num_row_groups(), 1);  // "Should create only one row group"
  }

  // Whether the Bloom filter lets the row group through (true too where there is none).
  bool ShouldRead(Column column, Op op, std::vector<Value> values) const {
    ColumnPredicate p;
    p.column = column;
    p.op = op;
    p.values = std::move(values);
    const ParquetColumn& col = reader_->columns()[column];
    std::shared_ptr<const BloomFilter> bloom = reader_->ChunkBloomFilter(0, col);
    return !bloom || p.MayMatchBloom(col, *bloom);
  }
  bool HasFilter(Column column) const {
    const auto& m = reader_->metadata().row_groups[0].columns[reader_->columns()[column].leaf_index].meta_data;
    return m.bloom_filter_offset.has_value();
  }
  // Every present value reads; of the absent ones, at most about the false-positive rate.
  void ExpectEq(Column column, const std::vector<Value>& present, const std::vector<Value>& absent) const {
    ASSERT_TRUE(HasFilter(column));
    for (const Value& v : present) EXPECT_TRUE(ShouldRead(column, Op::kEq, {v})) << v.ToString();
    int passed = 0;
    for (const Value& v : absent) passed += ShouldRead(column, Op::kEq, {v});
    EXPECT_LE(passed, 2 + static_cast<int>(absent.size()) / 20) << "of " << absent.size() << " absent values";
  }

  std::string path_;
  std::unique_ptr<ParquetReader> reader_;
};

template <typename Make>
std::pair<std::vector<Value>, std::vector<Value>> Split(Make make) {
  std::vector<Value> present, absent;
  for (int i = kMin - 20; i <= kMax + 20; ++i) (i >= kMin && i <= kMax ? present : absent).push_back(make(i));
  return {present, absent};
}

TEST_F(BloomRowGroupFilterTest, testNotNullIsNullAndRanges) {
  // a Bloom filter holds no NULLs and no order: IS [NOT] NULL and comparisons always read
  for (Column c : {kAllNulls, kSomeNulls, kNoNulls, kId}) {
    EXPECT_TRUE(ShouldRead(c, Op::kIsNull, {}));
    EXPECT_TRUE(ShouldRead(c, Op::kIsNotNull, {}));
  }
  for (Op op : {Op::kLt, Op::kLe, Op::kGt, Op::kGe}) {
    EXPECT_TRUE(ShouldRead(kId, op, {Value::Int32(kMin - 25)}));
    EXPECT_TRUE(ShouldRead(kId, op, {Value::Int32(kMax + 1)}));
  }
}

TEST_F(BloomRowGroupFilterTest, testRequiredColumn) {
  EXPECT_TRUE(ShouldRead(kRequired, Op::kEq, {Value::String("req")}));
  EXPECT_FALSE(ShouldRead(kRequired, Op::kEq, {Value::String("not_req")}));
}

TEST_F(BloomRowGroupFilterTest, testIsNaNs) {
  // NaN equals NaN in Spark, whatever its bits: a filter of hashed bits cannot rule it out
  EXPECT_TRUE(ShouldRead(kAllNans, Op::kEq, {Value::Double(NAN)}));
  EXPECT_TRUE(ShouldRead(kSomeNans, Op::kEq, {Value::Float(NAN)}));
  EXPECT_TRUE(ShouldRead(kNoNans, Op::kEq, {Value::Double(NAN)}));
  EXPECT_TRUE(ShouldRead(kNoNans, Op::kEq, {Value::Double(3)}));
  EXPECT_FALSE(ShouldRead(kNoNans, Op::kEq, {Value::Double(4)}));
  EXPECT_TRUE(ShouldRead(kSomeNans, Op::kEq, {Value::Float(2)}));
}

TEST_F(BloomRowGroupFilterTest, testColumnNotBloomFilterEnabled) {
  EXPECT_FALSE(HasFilter(kNonBloom));
  EXPECT_EQ(reader_->ChunkBloomFilter(0, reader_->columns()[kNonBloom]), nullptr);
  EXPECT_TRUE(ShouldRead(kNonBloom, Op::kEq, {Value::String("absent")}));
}

TEST_F(BloomRowGroupFilterTest, testMissingBloomFilterForColumn) {
  // a chunk of only NULLs has no values to find: no filter is written (as parquet-java)
  EXPECT_FALSE(HasFilter(kAllNulls));
  EXPECT_TRUE(ShouldRead(kAllNulls, Op::kEq, {Value::Int64(1)}));
}

TEST_F(BloomRowGroupFilterTest, testBooleanEq) {
  // parquet-format: "Bloom filters are not used for boolean columns"
  EXPECT_FALSE(HasFilter(kBoolean));
  EXPECT_TRUE(ShouldRead(kBoolean, Op::kEq, {Value::Boolean(true)}));
}

TEST_F(BloomRowGroupFilterTest, testIntegerEq) {
  auto [present, absent] = Split([](int i) { return Value::Int32(i); });
  ExpectEq(kId, present, absent);
}

TEST_F(BloomRowGroupFilterTest, testLongEq) {
  auto [present, absent] = Split([](int i) { return Value::Int64(100 + i); });
  ExpectEq(kLong, present, absent);
}

TEST_F(BloomRowGroupFilterTest, testDoubleEq) {
  auto [present, absent] = Split([](int i) { return Value::Double(1000 + i); });
  ExpectEq(kDouble, present, absent);
}

TEST_F(BloomRowGroupFilterTest, testFloatEq) {
  auto [present, absent] = Split([](int i) { return Value::Float(static_cast<float>(10000 + i)); });
  ExpectEq(kFloat, present, absent);
}

TEST_F(BloomRowGroupFilterTest, testStringEq) {
  auto [present, absent] =
      Split([](int i) { return Value::String("BINARY\xe6\xb5\x8b\xe8\xaf\x95_" + std::to_string(i)); });
  ExpectEq(kString, present, absent);
}

TEST_F(BloomRowGroupFilterTest, testRandomBinaryEq) {
  std::vector<Value> present, absent;
  for (int i = 0; i < kCount; ++i) present.push_back(Value::Binary(RandomBytes(i)));
  for (int i = kCount; i < 2 * kCount; ++i) absent.push_back(Value::Binary(RandomBytes(i)));
  ExpectEq(kBinary, present, absent);
}

TEST_F(BloomRowGroupFilterTest, testTimeEq) {
  auto [present, absent] = Split([](int i) { return Value::Time(int64_t{i - kMin} * 1000000); });
  ExpectEq(kTime, present, absent);
}

TEST_F(BloomRowGroupFilterTest, testDateEq) {
  auto [present, absent] = Split([](int i) { return Value::Date(17814 + i - kMin); });
  ExpectEq(kDate, present, absent);
}

TEST_F(BloomRowGroupFilterTest, testTimestampEq) {
  auto [present, absent] =
      Split([](int i) { return Value::Timestamp(kInstantMicros + int64_t{i - kMin} * 86400 * 1000000); });
  ExpectEq(kTimestamp, present, absent);
}

TEST_F(BloomRowGroupFilterTest, testIntDecimalEq) {
  auto [present, absent] = Split([](int i) { return Value::Decimal(7777 + 100 * (i - kMin), 8, 2); });
  ExpectEq(kIntDecimal, present, absent);
}

TEST_F(BloomRowGroupFilterTest, testLongDecimalEq) {
  auto [present, absent] = Split([](int i) { return Value::Decimal(8888 + 100 * (i - kMin), 14, 2); });
  ExpectEq(kLongDecimal, present, absent);
}

TEST_F(BloomRowGroupFilterTest, testFixedDecimalEq) {
  auto [present, absent] = Split([](int i) { return Value::Decimal(9999 + 100 * (i - kMin), 31, 2); });
  ExpectEq(kFixedDecimal, present, absent);
  // a value too wide for the column's 13 bytes equals none of its values
  EXPECT_TRUE(ShouldRead(kFixedDecimal, Op::kEq, {Value::Decimal(static_cast<int128_t>(1) << 120, 38, 2)}));
}

TEST_F(BloomRowGroupFilterTest, testIntegerIn) {
  EXPECT_TRUE(ShouldRead(kId, Op::kIn, {Value::Int32(kMin - 25), Value::Int32(kMin - 24), Value::Int32(kMin)}));
  EXPECT_TRUE(ShouldRead(kId, Op::kIn, {Value::Null(TypeId::kInt32), Value::Int32(kMax)}));
  int passed = 0;
  for (int i = 0; i < 20; ++i) {
    passed += ShouldRead(kId, Op::kIn, {Value::Int32(1000 + 2 * i), Value::Int32(1001 + 2 * i)});
  }
  EXPECT_LE(passed, 3);
  EXPECT_FALSE(ShouldRead(kId, Op::kIn, {Value::Null(TypeId::kInt32)}));  // NULL equals nothing
}

TEST_F(BloomRowGroupFilterTest, testOtherTypesIn) {
  EXPECT_TRUE(ShouldRead(kAllNulls, Op::kIn, {Value::Int64(1), Value::Int64(2)}));  // no filter
  EXPECT_TRUE(ShouldRead(kSomeNulls, Op::kIn, {Value::String("some"), Value::String("bbb")}));
  EXPECT_FALSE(ShouldRead(kNoNulls, Op::kIn, {Value::String("aaa"), Value::String("bbb")}));
}

TEST_F(BloomRowGroupFilterTest, testTypeConversions) {
  // literals of another type, converted without loss to the column's (INT on BIGINT,
  // INT on DOUBLE); a conversion that would lose something never prunes
  EXPECT_TRUE(ShouldRead(kLong, Op::kEq, {Value::Int32(100 + kMin)}));
  EXPECT_TRUE(ShouldRead(kDouble, Op::kEq, {Value::Int32(1000 + kMin)}));
  EXPECT_TRUE(ShouldRead(kId, Op::kEq, {Value::Int64(int64_t{1} << 40)}));
  EXPECT_TRUE(ShouldRead(kFloat, Op::kEq, {Value::Double(0.1)}));
}

TEST_F(BloomRowGroupFilterTest, RowGroupPrunesByItsFilterAfterItsStatistics) {
  // an absent value inside the chunk's bounds: the statistics let it through, the filter not
  std::vector<ColumnPredicate> predicates(1);
  predicates[0].column = kString;
  predicates[0].values = {Value::String("BINARY\xe6\xb5\x8b\xe8\xaf\x95_55x")};
  bool by_bloom = false;
  EXPECT_FALSE(reader_->RowGroupMayMatch(0, predicates, &by_bloom));
  EXPECT_TRUE(by_bloom);
  predicates[0].values = {Value::String("BINARY\xe6\xb5\x8b\xe8\xaf\x95_55")};
  EXPECT_TRUE(reader_->RowGroupMayMatch(0, predicates, &by_bloom));
  EXPECT_FALSE(by_bloom);
  predicates[0].values = {Value::String("ZZZ")};  // above the maximum: the statistics decide
  EXPECT_FALSE(reader_->RowGroupMayMatch(0, predicates, &by_bloom));
  EXPECT_FALSE(by_bloom);
}

TEST(ParquetBloomFilterTest, FloatingZeroesAndCoercionsFindTheirRows) {
  // -0.0 equals 0.0 in Spark and each has its own bits; floe asks the filter for both
  std::vector<ParquetWriterField> fields = {{"d", 1, TypeId::kDouble, true}, {"f", 2, TypeId::kFloat, true}};
  ParquetWriterOptions options;
  options.bloom_filters[1] = {};
  options.bloom_filters[2] = {};
  std::string path = TempParquetPath("bloom_zero");
  WriteRows(path, fields, {{Value::Double(-0.0), Value::Float(-0.0F)}, {Value::Double(7.5), Value::Float(7.5F)}},
            options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  for (int c : {0, 1}) {
    const ParquetColumn& col = reader->columns()[c];
    auto bloom = reader->ChunkBloomFilter(0, col);
    ASSERT_NE(bloom, nullptr);
    ColumnPredicate p;
    p.column = c;
    p.values = {Value::Double(0.0)};
    EXPECT_TRUE(p.MayMatchBloom(col, *bloom)) << col.name;
    p.values = {Value::Double(7.5)};
    EXPECT_TRUE(p.MayMatchBloom(col, *bloom)) << col.name;
  }
}

TEST(ParquetBloomFilterTest, HashIsXxh64OfThePlainBytes) {
  // XXH64 with seed 0 (parquet-format BloomFilter.md); the empty input's digest is published
  EXPECT_EQ(ParquetBloomHash(""), 0xEF46DB3751D8E999ULL);
  ParquetColumn col;
  col.type = TypeId::kInt32;
  col.physical_type = parquet::PhysicalType::kInt32;
  std::vector<uint64_t> hashes;
  ASSERT_TRUE(ParquetBloomHashes(col, Value::Int32(-7), &hashes));
  int32_t v = -7;
  EXPECT_EQ(hashes, std::vector<uint64_t>{ParquetBloomHash(std::string_view(reinterpret_cast<char*>(&v), 4))});
  col.type = TypeId::kString;
  col.physical_type = parquet::PhysicalType::kByteArray;
  hashes.clear();
  ASSERT_TRUE(ParquetBloomHashes(col, Value::String("abc"), &hashes));
  EXPECT_EQ(hashes, std::vector<uint64_t>{ParquetBloomHash("abc")});  // no length prefix
}

TEST(ParquetBloomFilterTest, SizedAsParquetJavaSizesThem) {
  // BlockSplitBloomFilter.optimalNumOfBits (-8 n / ln(1 - p^(1/8)) bits), rounded up to a
  // power of two in [32, max]
  EXPECT_EQ(ParquetBloomFilterBytes(0, 0.01, 1 << 20), 32u);
  EXPECT_EQ(ParquetBloomFilterBytes(50, 0.01, 1 << 20), 64u);        // 484 bits
  EXPECT_EQ(ParquetBloomFilterBytes(10000, 0.01, 1 << 20), 16384u);  // 96,815 bits
  EXPECT_EQ(ParquetBloomFilterBytes(10000, 0.1, 1 << 20), 8192u);    // 57,725 bits (-n ln p / ln^2 2: 47,926)
  EXPECT_EQ(ParquetBloomFilterBytes(10000, 0.3, 1 << 20), 8192u);    // 40,648 bits (25,059: 4096 bytes)
  EXPECT_EQ(ParquetBloomFilterBytes(1e6, 0.01, 1 << 20), size_t{1} << 20);
  EXPECT_EQ(ParquetBloomFilterBytes(1e9, 0.01, 3000000), size_t{2} << 20);      // max rounded down
  EXPECT_EQ(ParquetBloomFilterBytes(1e12, 0.01, size_t{1} << 40), size_t{128} << 20);  // parquet-java's cap
}

TEST(ParquetBloomFilterTest, BuilderKeepsEveryValueAndSizesForTheDistinctOnes) {
  for (size_t distinct : {size_t{10}, size_t{5000}, size_t{300000}}) {
    ParquetBloomFilterBuilder builder(0.01, 1 << 20);
    std::vector<uint64_t> hashes;
    std::mt19937_64 rng(distinct);
    for (size_t i = 0; i < distinct; ++i) hashes.push_back(rng());
    for (int round = 0; round < 3; ++round) {
      for (uint64_t h : hashes) builder.Add(h);  // each value three times
    }
    BloomFilter filter = builder.Finish();
    EXPECT_TRUE(builder.empty());
    for (uint64_t h : hashes) ASSERT_TRUE(filter.MayContain(h)) << distinct;
    // 300,000 distinct values pass the exact list's budget (1 MiB of hashes): the filter is
    // filled at 1 MiB, its distinct values estimated and folded to 512 KiB
    EXPECT_EQ(filter.SizeInBytes(), ParquetBloomFilterBytes(static_cast<double>(distinct), 0.01, 1 << 20))
        << distinct;
    int passed = 0;
    for (int i = 0; i < 10000; ++i) passed += filter.MayContain(rng());
    EXPECT_LT(passed, 300) << distinct;  // about 1-2%
  }
}

TEST(ParquetBloomFilterTest, CorruptFilterIsAnErrorNamingTheColumn) {
  std::vector<ParquetWriterField> fields = {{"k", 1, TypeId::kInt64, false}};
  ParquetWriterOptions options;
  options.bloom_filters[1] = {};
  std::string path = TempParquetPath("bloom_corrupt");
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 100; ++i) rows.push_back({Value::Int64(i * 7)});
  WriteRows(path, fields, rows, options);
  int64_t offset;
  {
    auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
    offset = *reader->metadata().row_groups[0].columns[0].meta_data.bloom_filter_offset;
  }
  {
    // a well-formed header claiming a bitset of 1 GiB (parquet-java reads at most 128 MiB)
    parquet::BloomFilterHeader header;
    header.num_bytes = 1 << 30;
    header.algorithm = header.hash = header.compression = 1;
    std::string bytes;
    parquet::EncodeBloomFilterHeader(header, &bytes);
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(offset);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  std::vector<ColumnPredicate> predicates(1);
  predicates[0].values = {Value::Int64(8)};
  try {
    reader->RowGroupMayMatch(0, predicates);
    FAIL() << "no error";
  } catch (const FormatError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("Bloom filter of column \"k\" in row group 0 has a bitset of 1073741824 bytes"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find(path), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace floe
