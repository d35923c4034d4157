#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include <thread>

#include "common/date_time.h"
#include "common/decimal.h"
#include "parquet/codec.h"
#include "parquet/tests/parquet_test_files.h"
#include "io/tests/test_file_io.h"

namespace floe {
namespace {

using testing::ReadFile;
using testing::TempParquetPath;
using testing::WriteRows;

std::vector<ParquetWriterField> AllTypeFields() {
  return {
      {"b", 1, TypeId::kBoolean, true},
      {"i", 2, TypeId::kInt32, true},
      {"l", 3, TypeId::kInt64, true},
      {"f", 4, TypeId::kFloat, true},
      {"d", 5, TypeId::kDouble, true},
      {"dec4", 6, LogicalType::Decimal(4, 2), true},
      {"dec9", 7, LogicalType::Decimal(9, 0), true},
      {"dec18", 8, LogicalType::Decimal(18, 6), true},
      {"dec25", 9, LogicalType::Decimal(25, 3), true},
      {"dec38", 10, LogicalType::Decimal(38, 10), true},
      {"s", 11, TypeId::kString, true},
      {"bin", 12, TypeId::kBinary, true},
      {"dt", 13, TypeId::kDate, true},
      {"ts", 14, TypeId::kTimestamp, true},
      {"ntz", 15, TypeId::kTimestampNtz, true},
      {"req", 16, TypeId::kInt64, false},
      {"all_null", 17, TypeId::kString, true},
  };
}

// Rows with NULLs, extremes, negatives, empty and long strings, pre-1970 times.
std::vector<std::vector<Value>> AllTypeRows(size_t n) {
  std::mt19937_64 rng(42);
  std::vector<std::vector<Value>> rows;
  int128_t max38 = Pow10(38) - 1;
  for (size_t r = 0; r < n; ++r) {
    auto pick = [&](int k) { return static_cast<int64_t>(rng() % k); };
    bool null_row = r % 7 == 3;
    auto maybe = [&](Value v, const LogicalType& t) { return null_row ? Value::Null(t) : v; };
    int64_t x = static_cast<int64_t>(rng());
    std::string s;
    switch (r % 5) {
      case 0: s = ""; break;
      case 1: s = "héllo wörld " + std::to_string(r % 50); break;
      case 2: s = std::string(3000 + pick(100), static_cast<char>('a' + r % 26)); break;
      case 3: s = std::string("\xf0\x9f\x98\x80 emoji"); break;
      default: s = "v" + std::to_string(pick(100)); break;
    }
    std::string bin = std::string("\0\xff\x01", 3) + std::to_string(r);
    int128_t big = (static_cast<int128_t>(x) * 1000000007) % max38;
    if (r == 1) big = max38;
    if (r == 2) big = -max38;
    int32_t i32 = r == 1 ? INT32_MAX : r == 2 ? INT32_MIN : static_cast<int32_t>(x);
    int64_t i64 = r == 1 ? INT64_MAX : r == 2 ? INT64_MIN : x;
    float f = r == 4 ? std::numeric_limits<float>::infinity() : static_cast<float>(x % 100000) / 7;
    double d = r == 5 ? -std::numeric_limits<double>::infinity() : static_cast<double>(x) / 3;
    rows.push_back({
        maybe(Value::Boolean(x & 1), TypeId::kBoolean),
        maybe(Value::Int32(i32), TypeId::kInt32),
        maybe(Value::Int64(i64), TypeId::kInt64),
        maybe(Value::Float(f), TypeId::kFloat),
        maybe(Value::Double(d), TypeId::kDouble),
        maybe(Value::Decimal(x % 10000, 4, 2), LogicalType::Decimal(4, 2)),
        maybe(Value::Decimal(r == 1 ? 999999999 : x % 1000000000, 9, 0), LogicalType::Decimal(9, 0)),
        maybe(Value::Decimal(x % 1000000000000000000LL, 18, 6), LogicalType::Decimal(18, 6)),
        maybe(Value::Decimal(big % Pow10(25), 25, 3), LogicalType::Decimal(25, 3)),
        maybe(Value::Decimal(big, 38, 10), LogicalType::Decimal(38, 10)),
        maybe(Value::String(s), TypeId::kString),
        maybe(Value::Binary(bin), TypeId::kBinary),
        maybe(Value::Date(static_cast<int32_t>(x % 200000) - 100000), TypeId::kDate),
        maybe(Value::Timestamp(x % 4000000000000000LL - 2000000000000000LL), TypeId::kTimestamp),
        maybe(Value::TimestampNtz(-86400000001LL * (r % 1000)), TypeId::kTimestampNtz),
        Value::Int64(static_cast<int64_t>(r) - 1000),
        Value::Null(TypeId::kString),
    });
  }
  return rows;
}

void ExpectSameRows(const std::vector<std::vector<Value>>& expected,
                    const std::vector<std::vector<Value>>& actual) {
  ASSERT_EQ(expected.size(), actual.size());
  for (size_t r = 0; r < expected.size(); ++r) {
    ASSERT_EQ(expected[r].size(), actual[r].size());
    for (size_t c = 0; c < expected[r].size(); ++c) {
      ASSERT_EQ(expected[r][c], actual[r][c])
          << "row " << r << " column " << c << ": " << expected[r][c].ToString() << " vs "
          << actual[r][c].ToString();
    }
  }
}

TEST(ParquetRoundTripTest, EveryTypeWithNulls) {
  auto fields = AllTypeFields();
  auto rows = AllTypeRows(5000);
  std::string path = TempParquetPath("every_type");
  auto metrics = WriteRows(path, fields, rows);
  EXPECT_EQ(metrics.record_count, 5000);
  EXPECT_EQ(metrics.file_size, static_cast<int64_t>(std::filesystem::file_size(path)));
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  ASSERT_EQ(reader->columns().size(), fields.size());
  for (size_t i = 0; i < fields.size(); ++i) {
    EXPECT_EQ(reader->columns()[i].name, fields[i].name);
    EXPECT_EQ(reader->columns()[i].field_id, fields[i].field_id);
    EXPECT_EQ(reader->columns()[i].type, fields[i].type) << fields[i].name;
    EXPECT_EQ(reader->columns()[i].optional, fields[i].nullable);
  }
  ExpectSameRows(rows, testing::ReadRows(*reader));
}

TEST(ParquetRoundTripTest, PhysicalTypesFollowTheIcebergSpec) {
  std::string path = TempParquetPath("physical");
  WriteRows(path, AllTypeFields(), AllTypeRows(10));
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  using parquet::PhysicalType;
  const auto& schema = reader->metadata().schema;
  auto element = [&](const std::string& name) -> const parquet::SchemaElement& {
    for (const auto& e : schema) {
      if (e.name == name) return e;
    }
    throw std::runtime_error("no element " + name);
  };
  EXPECT_EQ(*element("dec4").type, PhysicalType::kInt32);
  EXPECT_EQ(*element("dec9").type, PhysicalType::kInt32);
  EXPECT_EQ(*element("dec18").type, PhysicalType::kInt64);
  EXPECT_EQ(*element("dec25").type, PhysicalType::kFixedLenByteArray);
  EXPECT_EQ(element("dec25").type_length, 11);  // 10^25 < 2^87
  EXPECT_EQ(element("dec38").type_length, 16);
  EXPECT_EQ(*element("s").type, PhysicalType::kByteArray);
  EXPECT_EQ(element("s").logical_type.kind, parquet::LogicalTypeInfo::Kind::kString);
  EXPECT_EQ(element("bin").logical_type.kind, parquet::LogicalTypeInfo::Kind::kNone);
  EXPECT_EQ(element("dt").logical_type.kind, parquet::LogicalTypeInfo::Kind::kDate);
  EXPECT_TRUE(element("ts").logical_type.is_adjusted_to_utc);
  EXPECT_FALSE(element("ntz").logical_type.is_adjusted_to_utc);
  EXPECT_EQ(element("ts").logical_type.unit, parquet::TimeUnit::kMicros);
  EXPECT_EQ(*element("req").repetition, parquet::Repetition::kRequired);
  EXPECT_EQ(*element("l").field_id, 3);
}

class ParquetCodecTest : public ::testing::TestWithParam<parquet::Codec> {};

TEST_P(ParquetCodecTest, RoundTrips) {
  auto rows = AllTypeRows(3000);
  std::string path = TempParquetPath(std::string("codec_") + parquet::CodecName(GetParam()));
  ParquetWriterOptions options;
  options.codec = GetParam();
  options.page_row_limit = 500;  // several pages per chunk
  WriteRows(path, AllTypeFields(), rows, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  for (const auto& c : reader->metadata().row_groups[0].columns) {
    EXPECT_EQ(c.meta_data.codec, GetParam());
  }
  ExpectSameRows(rows, testing::ReadRows(*reader));
}

INSTANTIATE_TEST_SUITE_P(AllCodecs, ParquetCodecTest,
                         ::testing::Values(parquet::Codec::kUncompressed, parquet::Codec::kSnappy,
                                           parquet::Codec::kGzip, parquet::Codec::kLz4Raw,
                                           parquet::Codec::kZstd, parquet::Codec::kBrotli),
                         [](const auto& info) { return std::string(parquet::CodecName(info.param)); });

TEST(ParquetCodecNameTest, ParsesCopyOptionNames) {
  parquet::Codec c;
  ASSERT_TRUE(parquet::ParseCodecName("ZSTD", &c));
  EXPECT_EQ(c, parquet::Codec::kZstd);
  ASSERT_TRUE(parquet::ParseCodecName("lz4", &c));
  EXPECT_EQ(c, parquet::Codec::kLz4Raw);
  ASSERT_TRUE(parquet::ParseCodecName("none", &c));
  EXPECT_EQ(c, parquet::Codec::kUncompressed);
  EXPECT_FALSE(parquet::ParseCodecName("lzo", &c));
}

TEST(ParquetRoundTripTest, DictionaryFallsBackToPlain) {
  std::vector<ParquetWriterField> fields = {{"s", 1, TypeId::kString, true},
                                            {"l", 2, TypeId::kInt64, true}};
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 20000; ++i) {
    rows.push_back({Value::String("unique-value-" + std::to_string(i * 7919)),
                    i % 3 == 0 ? Value::Null(TypeId::kInt64) : Value::Int64(i % 10)});
  }
  ParquetWriterOptions options;
  options.dictionary_size_limit = 16 * 1024;
  options.page_row_limit = 1000;
  std::string path = TempParquetPath("fallback");
  WriteRows(path, fields, rows, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  const auto& s_meta = reader->metadata().row_groups[0].columns[0].meta_data;
  const auto& l_meta = reader->metadata().row_groups[0].columns[1].meta_data;
  EXPECT_TRUE(s_meta.dictionary_page_offset.has_value());  // started with a dictionary
  EXPECT_TRUE(l_meta.dictionary_page_offset.has_value());
  // the string dictionary stopped growing at the limit: the chunk is mostly PLAIN, so
  // it is bigger than a dictionary of 16 KiB plus small index pages would be
  EXPECT_GT(s_meta.total_uncompressed_size, 200 * 1024);
  ExpectSameRows(rows, testing::ReadRows(*reader));
}

TEST(ParquetRoundTripTest, DictionaryDisabledAndManyRowGroups) {
  auto rows = AllTypeRows(6000);
  ParquetWriterOptions options;
  options.enable_dictionary = false;
  options.row_group_size = 64 * 1024;
  std::string path = TempParquetPath("plain_rowgroups");
  auto metrics = WriteRows(path, AllTypeFields(), rows, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  EXPECT_GT(reader->num_row_groups(), 3);
  EXPECT_EQ(metrics.split_offsets.size(), static_cast<size_t>(reader->num_row_groups()));
  for (const auto& rg : reader->metadata().row_groups) {
    for (const auto& c : rg.columns) EXPECT_FALSE(c.meta_data.dictionary_page_offset.has_value());
  }
  ExpectSameRows(rows, testing::ReadRows(*reader));
}

TEST(ParquetRoundTripTest, ProjectionReadsOnlyChosenColumns) {
  auto rows = AllTypeRows(3000);
  std::string path = TempParquetPath("projection");
  WriteRows(path, AllTypeFields(), rows);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  ScanCounters all, some;
  testing::ReadRows(*reader, {}, {}, &all);
  auto got = testing::ReadRows(*reader, {10, 2}, {}, &some);
  ASSERT_EQ(got.size(), rows.size());
  for (size_t r = 0; r < rows.size(); ++r) {
    EXPECT_EQ(got[r][0], rows[r][10]);
    EXPECT_EQ(got[r][1], rows[r][2]);
  }
  EXPECT_LT(some.bytes_read, all.bytes_read);
  EXPECT_EQ(some.rows_read, 3000);
  // no columns at all (COUNT(*)): batches carry only a row count
  size_t counted = 0;
  DataChunk empty;
  auto rg = reader->ReadRowGroup(0, {}, {});
  while (rg->Next(empty)) {
    EXPECT_EQ(empty.ColumnCount(), 0u);
    counted += empty.size();
  }
  EXPECT_EQ(counted, 3000u);
  EXPECT_EQ(rg->counters().bytes_read, 0);
  EXPECT_EQ(reader->FindColumn(11, ""), 10);
  EXPECT_EQ(reader->FindColumn(99, "s"), -1);  // ids present: names are not used
}

TEST(ParquetRoundTripTest, EmptyFileAndKeyValueMetadata) {
  ParquetWriterOptions options;
  options.key_value_metadata = {{"iceberg.schema", "{\"type\":\"struct\"}"}};
  std::string path = TempParquetPath("empty");
  auto metrics = WriteRows(path, AllTypeFields(), {}, options);
  EXPECT_EQ(metrics.record_count, 0);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  EXPECT_EQ(reader->num_rows(), 0);
  EXPECT_EQ(reader->num_row_groups(), 0);
  EXPECT_EQ(reader->KeyValue("iceberg.schema").value_or(""), "{\"type\":\"struct\"}");
  EXPECT_TRUE(ReadFile(path).empty());
}

TEST(ParquetRoundTripTest, ReadsWithIcebergTypePromotion) {
  std::vector<ParquetWriterField> fields = {{"i", 1, TypeId::kInt32, true},
                                            {"f", 2, TypeId::kFloat, true},
                                            {"d", 3, LogicalType::Decimal(9, 2), true}};
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 3000; ++i) {
    rows.push_back({i % 4 ? Value::Int32(i * (i % 2 ? -70000 : 1)) : Value::Null(TypeId::kInt32),
                    Value::Float(static_cast<float>(i) / 3), Value::Decimal(i * 101 - 5000, 9, 2)});
  }
  std::string path = TempParquetPath("promotion");
  ParquetWriterOptions options;
  options.row_group_size = 8 * 1024;
  WriteRows(path, fields, rows, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  std::vector<LogicalType> as = {TypeId::kInt64, TypeId::kDouble, LogicalType::Decimal(20, 2)};
  size_t r = 0;
  DataChunk chunk;
  for (int g = 0; g < reader->num_row_groups(); ++g) {
    auto rg = reader->ReadRowGroup(g, {0, 1, 2}, {}, nullptr, &as);
    while (rg->Next(chunk)) {
      ASSERT_EQ(chunk.column(0).type(), LogicalType(TypeId::kInt64));
      for (size_t k = 0; k < chunk.size(); ++k, ++r) {
        Value i = rows[r][0];
        EXPECT_EQ(chunk.column(0).GetValue(k), i.is_null() ? Value::Null(TypeId::kInt64) : Value::Int64(i.int32()));
        EXPECT_EQ(chunk.column(1).GetValue(k), Value::Double(rows[r][1].float32()));
        EXPECT_EQ(chunk.column(2).GetValue(k), Value::Decimal(rows[r][2].decimal(), 20, 2));
      }
    }
  }
  EXPECT_EQ(r, rows.size());
  std::vector<LogicalType> bad = {TypeId::kString, TypeId::kDouble, TypeId::kDouble};
  EXPECT_THROW(reader->ReadRowGroup(0, {0, 1, 2}, {}, nullptr, &bad), InvalidInputError);
  // a BIGINT predicate value prunes an INT column when it fits
  ColumnPredicate p{0, ColumnPredicate::Op::kGt, {Value::Int64(10000000)}};
  EXPECT_FALSE(reader->RowGroupMayMatch(0, {p}));
}

TEST(ParquetRoundTripTest, NullInRequiredColumnThenAbort) {
  std::string path = TempParquetPath("abort");
  ParquetWriter writer(::floe::testing::TestIO(), path, {{"x", 1, TypeId::kInt32, false}});
  DataChunk chunk({TypeId::kInt32});
  chunk.column(0).SetValue(0, Value::Int32(1));
  chunk.column(0).SetValue(1, Value::Null(TypeId::kInt32));
  chunk.SetSize(2);
  EXPECT_THROW(writer.Write(chunk), ConstraintError);
  writer.Abort();
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(ParquetRoundTripTest, ThreadsReadRowGroupsOfOneReader) {
  std::vector<ParquetWriterField> fields = {{"l", 1, TypeId::kInt64, false}};
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 40000; ++i) rows.push_back({Value::Int64(i)});
  ParquetWriterOptions options;
  options.row_group_size = 32 * 1024;
  options.enable_dictionary = false;
  std::string path = TempParquetPath("threads");
  WriteRows(path, fields, rows, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  ASSERT_GT(reader->num_row_groups(), 2);
  std::vector<int64_t> sums(reader->num_row_groups());
  std::vector<std::thread> threads;
  for (int g = 0; g < reader->num_row_groups(); ++g) {
    threads.emplace_back([&, g] {
      DataChunk chunk;
      auto rg = reader->ReadRowGroup(g, {0}, {});
      while (rg->Next(chunk)) {
        for (size_t r = 0; r < chunk.size(); ++r) sums[g] += chunk.column(0).Data<int64_t>()[r];
      }
    });
  }
  for (auto& t : threads) t.join();
  int64_t total = 0;
  for (int64_t s : sums) total += s;
  EXPECT_EQ(total, int64_t{40000} * 39999 / 2);
}

}  // namespace
}  // namespace floe
