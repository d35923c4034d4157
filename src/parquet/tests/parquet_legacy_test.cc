// Files floe's writer never produces, built by hand: legacy converted types, INT96,
// unsigned and nanosecond columns, DELTA encodings, RLE booleans, files without field
// ids, and nested columns beside flat ones.

#include <gtest/gtest.h>

#include <fstream>

#include "common/date_time.h"
#include "parquet/rle_encoder.h"
#include "parquet/tests/parquet_test_files.h"
#include "io/tests/test_file_io.h"

namespace floe {
namespace {

using namespace parquet;  // NOLINT

struct RawColumn {
  SchemaElement element;
  Encoding encoding = Encoding::kPlain;
  std::string values;  // the encoded values of the single data page
  int32_t num_values = 0;
  std::vector<SchemaElement> children;  // for a nested column: its subtree below element
};

void PutVarint(uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

void PutZigZag(int64_t v, std::string* out) {
  PutVarint((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63), out);
}

// A straightforward DELTA_BINARY_PACKED encoder: blocks of 128, 4 miniblocks of 32.
std::string EncodeDeltaBinaryPacked(const std::vector<int64_t>& v) {
  std::string out;
  PutVarint(128, &out);
  PutVarint(4, &out);
  PutVarint(v.size(), &out);
  PutZigZag(v.empty() ? 0 : v[0], &out);
  for (size_t start = 1; start < v.size(); start += 128) {
    size_t end = std::min(v.size(), start + 128);
    std::vector<uint64_t> deltas;
    for (size_t i = start; i < end; ++i) deltas.push_back(static_cast<uint64_t>(v[i]) - static_cast<uint64_t>(v[i - 1]));
    int64_t min = static_cast<int64_t>(deltas[0]);
    for (uint64_t d : deltas) min = std::min(min, static_cast<int64_t>(d));
    PutZigZag(min, &out);
    std::vector<int> widths(4, 0);
    for (size_t i = 0; i < deltas.size(); ++i) {
      uint64_t x = deltas[i] - static_cast<uint64_t>(min);
      int w = 0;
      while (w < 64 && (x >> w) != 0) ++w;
      widths[i / 32] = std::max(widths[i / 32], w);
    }
    for (int w : widths) out.push_back(static_cast<char>(w));
    for (size_t m = 0; m * 32 < deltas.size(); ++m) {
      unsigned __int128 buffer = 0;
      int bits = 0;
      for (size_t i = m * 32; i < m * 32 + 32; ++i) {
        uint64_t x = i < deltas.size() ? deltas[i] - static_cast<uint64_t>(min) : 0;
        buffer |= static_cast<unsigned __int128>(x) << bits;
        bits += widths[m];
        while (bits >= 8) {
          out.push_back(static_cast<char>(static_cast<uint8_t>(buffer)));
          buffer >>= 8;
          bits -= 8;
        }
      }
    }
  }
  return out;
}

std::string EncodeDeltaLength(const std::vector<std::string>& v) {
  std::vector<int64_t> lengths;
  std::string data;
  for (const auto& s : v) {
    lengths.push_back(static_cast<int64_t>(s.size()));
    data += s;
  }
  return EncodeDeltaBinaryPacked(lengths) + data;
}

std::string EncodeDeltaByteArray(const std::vector<std::string>& v) {
  std::vector<int64_t> prefixes;
  std::vector<std::string> suffixes;
  std::string prev;
  for (const auto& s : v) {
    size_t p = 0;
    while (p < s.size() && p < prev.size() && s[p] == prev[p]) ++p;
    prefixes.push_back(static_cast<int64_t>(p));
    suffixes.push_back(s.substr(p));
    prev = s;
  }
  return EncodeDeltaBinaryPacked(prefixes) + EncodeDeltaLength(suffixes);
}

template <typename T>
std::string Plain(const std::vector<T>& v) {
  return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

std::string PlainStrings(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) {
    auto len = static_cast<uint32_t>(s.size());
    out.append(reinterpret_cast<const char*>(&len), 4);
    out += s;
  }
  return out;
}

SchemaElement Leaf(const std::string& name, PhysicalType type, ConvertedType ct = ConvertedType::kNone) {
  SchemaElement e;
  e.name = name;
  e.type = type;
  e.repetition = Repetition::kRequired;
  e.converted_type = ct;
  return e;
}

// Writes one row group of required, uncompressed columns (nested ones get empty chunks).
std::string BuildFile(const std::string& name, const std::vector<RawColumn>& columns, int64_t rows) {
  std::string file = "PAR1";
  FileMetaData md;
  SchemaElement root;
  root.name = "schema";
  root.num_children = static_cast<int32_t>(columns.size());
  md.schema.push_back(root);
  RowGroup rg;
  rg.num_rows = rows;
  for (const auto& c : columns) {
    md.schema.push_back(c.element);
    if (!c.children.empty()) {
      for (const auto& child : c.children) {
        md.schema.push_back(child);
        if (child.type) {
          ColumnChunk chunk;  // never read: an empty page list is enough
          chunk.has_meta_data = true;
          chunk.meta_data.type = *child.type;
          chunk.meta_data.path_in_schema = {c.element.name, child.name};
          chunk.meta_data.data_page_offset = 4;
          rg.columns.push_back(chunk);
        }
      }
      continue;
    }
    PageHeader h;
    h.type = PageType::kDataPage;
    h.uncompressed_page_size = h.compressed_page_size = static_cast<int32_t>(c.values.size());
    h.data_page_header = DataPageHeader{c.num_values, c.encoding, Encoding::kRle, Encoding::kRle};
    ColumnChunk chunk;
    chunk.has_meta_data = true;
    chunk.meta_data.type = *c.element.type;
    chunk.meta_data.path_in_schema = {c.element.name};
    chunk.meta_data.codec = Codec::kUncompressed;
    chunk.meta_data.num_values = c.num_values;
    chunk.meta_data.data_page_offset = static_cast<int64_t>(file.size());
    size_t before = file.size();
    EncodePageHeader(h, &file);
    file += c.values;
    chunk.meta_data.total_compressed_size = chunk.meta_data.total_uncompressed_size =
        static_cast<int64_t>(file.size() - before);
    rg.columns.push_back(chunk);
  }
  md.num_rows = rows;
  md.row_groups.push_back(rg);
  std::string footer;
  EncodeFileMetaData(md, &footer);
  file += footer;
  auto len = static_cast<uint32_t>(footer.size());
  file.append(reinterpret_cast<const char*>(&len), 4);
  file += "PAR1";
  std::string path = testing::TempParquetPath(name);
  std::ofstream(path, std::ios::binary) << file;
  return path;
}

std::string Int96(int64_t micros) {
  int64_t day = FloorDiv(micros, 86400000000LL);
  int64_t nanos = (micros - day * 86400000000LL) * 1000;
  auto julian = static_cast<uint32_t>(day + 2440588);
  std::string out(12, '\0');
  std::memcpy(out.data(), &nanos, 8);
  std::memcpy(out.data() + 8, &julian, 4);
  return out;
}

TEST(ParquetLegacyTest, ConvertedTypesInt96AndUnsigned) {
  std::vector<RawColumn> cols;
  cols.push_back({Leaf("ts96", PhysicalType::kInt96),
                  Encoding::kPlain, Int96(0) + Int96(-1) + Int96(1700000000123456LL), 3});
  cols.push_back({Leaf("i8", PhysicalType::kInt32, ConvertedType::kInt8), Encoding::kPlain,
                  Plain<int32_t>({-128, 127, 0}), 3});
  cols.push_back({Leaf("u32", PhysicalType::kInt32, ConvertedType::kUint32), Encoding::kPlain,
                  Plain<int32_t>({-1, 0, 7}), 3});
  cols.push_back({Leaf("u64", PhysicalType::kInt64, ConvertedType::kUint64), Encoding::kPlain,
                  Plain<int64_t>({-1, 0, 7}), 3});
  cols.push_back({Leaf("tsms", PhysicalType::kInt64, ConvertedType::kTimestampMillis),
                  Encoding::kPlain, Plain<int64_t>({1234, -1, 0}), 3});
  cols.push_back({Leaf("tsus", PhysicalType::kInt64, ConvertedType::kTimestampMicros),
                  Encoding::kPlain, Plain<int64_t>({1234, -1, 0}), 3});
  SchemaElement ns = Leaf("tsns", PhysicalType::kInt64);
  ns.logical_type.kind = LogicalTypeInfo::Kind::kTimestamp;
  ns.logical_type.unit = TimeUnit::kNanos;
  ns.logical_type.is_adjusted_to_utc = false;
  cols.push_back({ns, Encoding::kPlain, Plain<int64_t>({-1500, 1999, 0}), 3});
  SchemaElement dec = Leaf("dec", PhysicalType::kByteArray, ConvertedType::kDecimal);
  dec.precision = 10;
  dec.scale = 2;
  cols.push_back({dec, Encoding::kPlain, PlainStrings({"\xff", "\x30\x39", ""}), 3});
  cols.push_back({Leaf("date", PhysicalType::kInt32, ConvertedType::kDate), Encoding::kPlain,
                  Plain<int32_t>({-719162, 0, 2932896}), 3});
  cols.push_back({Leaf("tms", PhysicalType::kInt32, ConvertedType::kTimeMillis), Encoding::kPlain,
                  Plain<int32_t>({1, 86399999, 0}), 3});
  SchemaElement uuid = Leaf("uuid", PhysicalType::kFixedLenByteArray);
  uuid.type_length = 4;  // short, to keep the test small: any FLBA without a decimal is binary
  cols.push_back({uuid, Encoding::kPlain, std::string("abcd\0\0\0\0wxyz", 12), 3});
  std::string path = BuildFile("legacy", cols, 3);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  auto rows = testing::ReadRows(*reader);
  ASSERT_EQ(rows.size(), 3u);
  auto col = [&](int c) {
    std::vector<Value> out;
    for (const auto& r : rows) out.push_back(r[c]);
    return out;
  };
  EXPECT_EQ(col(0), (std::vector<Value>{Value::Timestamp(0), Value::Timestamp(-1),
                                        Value::Timestamp(1700000000123456LL)}));
  EXPECT_EQ(col(1), (std::vector<Value>{Value::Int8(-128), Value::Int8(127), Value::Int8(0)}));
  EXPECT_EQ(col(2), (std::vector<Value>{Value::Int64(4294967295LL), Value::Int64(0), Value::Int64(7)}));
  EXPECT_EQ(reader->columns()[3].type, LogicalType::Decimal(20, 0));
  EXPECT_EQ(col(3)[0], Value::Decimal(static_cast<int128_t>(UINT64_MAX), 20, 0));
  EXPECT_EQ(col(4), (std::vector<Value>{Value::Timestamp(1234000), Value::Timestamp(-1000),
                                        Value::Timestamp(0)}));
  EXPECT_EQ(col(5)[0], Value::Timestamp(1234));
  // TIMESTAMP(NANOS) keeps its nanoseconds (Iceberg v3's timestamp_ns)
  EXPECT_EQ(col(6), (std::vector<Value>{Value::TimestampNtzNs(-1500), Value::TimestampNtzNs(1999),
                                        Value::TimestampNtzNs(0)}));
  EXPECT_EQ(col(7), (std::vector<Value>{Value::Decimal(-1, 10, 2), Value::Decimal(12345, 10, 2),
                                        Value::Decimal(0, 10, 2)}));
  EXPECT_EQ(col(8), (std::vector<Value>{Value::Date(-719162), Value::Date(0), Value::Date(2932896)}));
  EXPECT_EQ(col(9), (std::vector<Value>{Value::Time(1000), Value::Time(86399999000LL), Value::Time(0)}));
  EXPECT_EQ(col(10)[1], Value::Binary(std::string(4, '\0')));
  EXPECT_EQ(reader->FindColumn(-1, "u64"), 3);  // no field ids: columns match by name
}

// Spark's ParquetToSparkSchemaConverter: INT(8) / INT_8 is tinyint, INT(16) / INT_16
// smallint, UINT_8 smallint and UINT_16 int (the unsigned ones one size up); an Iceberg
// int or bigint column reads the 8- and 16-bit ones widened.
TEST(ParquetLegacyTest, NarrowIntegerAnnotations) {
  std::vector<RawColumn> cols;
  SchemaElement i8 = Leaf("i8", PhysicalType::kInt32);
  i8.logical_type.kind = LogicalTypeInfo::Kind::kInteger;
  i8.logical_type.bit_width = 8;
  i8.logical_type.is_signed = true;
  cols.push_back({i8, Encoding::kPlain, Plain<int32_t>({-128, 127, -1}), 3});
  cols.push_back({Leaf("i16", PhysicalType::kInt32, ConvertedType::kInt16), Encoding::kPlain,
                  Plain<int32_t>({-32768, 32767, -1}), 3});
  cols.push_back({Leaf("u8", PhysicalType::kInt32, ConvertedType::kUint8), Encoding::kPlain,
                  Plain<int32_t>({0, 255, 1}), 3});
  cols.push_back({Leaf("u16", PhysicalType::kInt32, ConvertedType::kUint16), Encoding::kPlain,
                  Plain<int32_t>({0, 65535, 1}), 3});
  std::string path = BuildFile("narrow", cols, 3);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  EXPECT_EQ(reader->columns()[0].type, LogicalType(TypeId::kInt8));
  EXPECT_EQ(reader->columns()[1].type, LogicalType(TypeId::kInt16));
  EXPECT_EQ(reader->columns()[2].type, LogicalType(TypeId::kInt16));
  EXPECT_EQ(reader->columns()[3].type, LogicalType(TypeId::kInt32));
  auto rows = testing::ReadRows(*reader);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0], (std::vector<Value>{Value::Int8(-128), Value::Int16(-32768), Value::Int16(0),
                                         Value::Int32(0)}));
  EXPECT_EQ(rows[1], (std::vector<Value>{Value::Int8(127), Value::Int16(32767), Value::Int16(255),
                                         Value::Int32(65535)}));
  // read as an Iceberg int / bigint / int / bigint column
  std::vector<LogicalType> wide = {TypeId::kInt32, TypeId::kInt64, TypeId::kInt32, TypeId::kInt64};
  DataChunk chunk;
  auto rg = reader->ReadRowGroup(0, {0, 1, 2, 3}, {}, nullptr, &wide);
  ASSERT_TRUE(rg->Next(chunk));
  ASSERT_EQ(chunk.size(), 3u);
  EXPECT_EQ(chunk.GetRow(2), (std::vector<Value>{Value::Int32(-1), Value::Int64(-1),
                                                 Value::Int32(1), Value::Int64(1)}));
  EXPECT_EQ(chunk.GetRow(0)[0], Value::Int32(-128));
}

TEST(ParquetLegacyTest, DeltaAndRleEncodings) {
  std::vector<int64_t> longs = {INT64_MAX, INT64_MIN, 0, -5, 17};
  std::vector<int32_t> ints;
  for (int i = 0; i < 300; ++i) longs.push_back(static_cast<int64_t>(i) * i * (i % 2 ? -1 : 1));
  for (int64_t v : longs) ints.push_back(static_cast<int32_t>(v));
  std::vector<int64_t> ints_as_64(ints.begin(), ints.end());
  std::vector<std::string> strings;
  for (size_t i = 0; i < longs.size(); ++i) {
    strings.push_back(i % 7 == 0 ? "" : "prefix-" + std::to_string(i / 3) + (i % 2 ? "x" : ""));
  }
  std::vector<uint8_t> bools;
  for (size_t i = 0; i < longs.size(); ++i) bools.push_back(i % 5 < 2 || (i > 100 && i < 200));
  std::string rle;
  RleEncoder::Encode(bools.data(), bools.size(), 1, &rle);
  auto len = static_cast<uint32_t>(rle.size());
  rle.insert(0, std::string(reinterpret_cast<const char*>(&len), 4));
  auto n = static_cast<int32_t>(longs.size());
  std::vector<RawColumn> cols = {
      {Leaf("l", PhysicalType::kInt64), Encoding::kDeltaBinaryPacked, EncodeDeltaBinaryPacked(longs), n},
      {Leaf("i", PhysicalType::kInt32), Encoding::kDeltaBinaryPacked, EncodeDeltaBinaryPacked(ints_as_64), n},
      {Leaf("s", PhysicalType::kByteArray, ConvertedType::kUtf8), Encoding::kDeltaByteArray,
       EncodeDeltaByteArray(strings), n},
      {Leaf("s2", PhysicalType::kByteArray, ConvertedType::kUtf8), Encoding::kDeltaLengthByteArray,
       EncodeDeltaLength(strings), n},
      {Leaf("b", PhysicalType::kBoolean), Encoding::kRle, rle, n},
  };
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), BuildFile("delta", cols, n));
  auto rows = testing::ReadRows(*reader);
  ASSERT_EQ(rows.size(), longs.size());
  for (size_t r = 0; r < rows.size(); ++r) {
    ASSERT_EQ(rows[r][0], Value::Int64(longs[r])) << r;
    ASSERT_EQ(rows[r][1], Value::Int32(ints[r])) << r;
    ASSERT_EQ(rows[r][2], Value::String(strings[r])) << r;
    ASSERT_EQ(rows[r][3], Value::String(strings[r])) << r;
    ASSERT_EQ(rows[r][4], Value::Boolean(bools[r] != 0)) << r;
  }
}

// A nested column with a leaf floe cannot read (a decimal wider than 38 digits) is reported
// and skipped whole; the columns after it still read.
TEST(ParquetLegacyTest, NestedColumnWithAnUnreadableLeafIsReportedAndSkipped) {
  SchemaElement group;
  group.name = "point";
  group.repetition = Repetition::kOptional;
  group.num_children = 2;
  SchemaElement x = Leaf("x", PhysicalType::kFixedLenByteArray, ConvertedType::kDecimal);
  x.type_length = 18;
  x.precision = 40;
  x.scale = 2;
  SchemaElement y = Leaf("y", PhysicalType::kDouble);
  RawColumn nested{group, Encoding::kPlain, "", 0, {x, y}};
  std::vector<RawColumn> cols = {
      nested,
      {Leaf("after", PhysicalType::kInt32), Encoding::kPlain, Plain<int32_t>({4, 5}), 2},
  };
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), BuildFile("nested", cols, 2));
  ASSERT_EQ(reader->columns().size(), 2u);
  EXPECT_NE(reader->columns()[0].unsupported.find("decimal(40,2)"), std::string::npos)
      << reader->columns()[0].unsupported;
  EXPECT_EQ(reader->columns()[1].leaf_index, 2);  // after the struct's two leaves
  auto rows = testing::ReadRows(*reader, {1});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1][0], Value::Int32(5));
  try {
    reader->ReadRowGroup(0, {0}, {});
    FAIL() << "expected NotImplementedError";
  } catch (const NotImplementedError& e) {
    EXPECT_NE(std::string(e.what()).find("\"point\""), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace floe
