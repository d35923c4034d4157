#include <gtest/gtest.h>

#include <random>

#include "common/exception.h"
#include "common/tests/torture_scale.h"
#include "parquet/parquet_metadata.h"
#include "parquet/rle_decoder.h"
#include "parquet/rle_encoder.h"
#include "parquet/thrift_compact_writer.h"

namespace floe {
namespace {

using namespace parquet;  // NOLINT

TEST(ThriftCompactTest, FileMetaDataRoundTrips) {
  FileMetaData md;
  md.version = 2;
  SchemaElement root;
  root.name = "schema";
  root.num_children = 1;
  SchemaElement leaf;
  leaf.name = "price";
  leaf.type = PhysicalType::kFixedLenByteArray;
  leaf.type_length = 11;
  leaf.repetition = Repetition::kOptional;
  leaf.converted_type = ConvertedType::kDecimal;
  leaf.precision = 25;
  leaf.scale = 3;
  leaf.field_id = 1000;
  leaf.logical_type.kind = LogicalTypeInfo::Kind::kDecimal;
  leaf.logical_type.decimal_precision = 25;
  leaf.logical_type.decimal_scale = 3;
  md.schema = {root, leaf};
  md.num_rows = 1LL << 40;
  RowGroup rg;
  rg.num_rows = 1LL << 40;
  rg.ordinal = 300;
  ColumnChunk c;
  c.has_meta_data = true;
  c.meta_data.type = PhysicalType::kFixedLenByteArray;
  c.meta_data.encodings = {Encoding::kPlain, Encoding::kRleDictionary};
  c.meta_data.path_in_schema = {"price"};
  c.meta_data.codec = Codec::kZstd;
  c.meta_data.num_values = -7;  // zigzag of negatives
  c.meta_data.data_page_offset = 123456789012LL;
  c.meta_data.dictionary_page_offset = 4;
  Statistics s;
  s.min_value = std::string("\x00\x01", 2);
  s.max_value = std::string(300, 'z');  // a long binary
  s.null_count = 0;
  c.meta_data.statistics = s;
  c.column_index_offset = 99;
  c.column_index_length = 12;
  rg.columns = std::vector<ColumnChunk>(20, c);  // a list longer than 14 elements
  md.row_groups = {rg};
  md.key_value_metadata = {{"iceberg.schema", "{}"}};
  md.created_by = "floe";
  md.column_orders = 1;
  std::string bytes;
  EncodeFileMetaData(md, &bytes);
  FileMetaData back = DecodeFileMetaData(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  EXPECT_EQ(back.version, 2);
  ASSERT_EQ(back.schema.size(), 2u);
  EXPECT_EQ(back.schema[1].name, "price");
  EXPECT_EQ(*back.schema[1].field_id, 1000);
  EXPECT_EQ(back.schema[1].type_length, 11);
  EXPECT_EQ(back.schema[1].logical_type.kind, LogicalTypeInfo::Kind::kDecimal);
  EXPECT_EQ(back.schema[1].logical_type.decimal_precision, 25);
  EXPECT_EQ(back.num_rows, 1LL << 40);
  ASSERT_EQ(back.row_groups[0].columns.size(), 20u);
  EXPECT_EQ(*back.row_groups[0].ordinal, 300);
  const auto& m = back.row_groups[0].columns[19].meta_data;
  EXPECT_EQ(m.num_values, -7);
  EXPECT_EQ(m.data_page_offset, 123456789012LL);
  EXPECT_EQ(*m.statistics->max_value, std::string(300, 'z'));
  EXPECT_EQ(*m.statistics->min_value, std::string("\x00\x01", 2));
  EXPECT_EQ(m.encodings.size(), 2u);
  EXPECT_EQ(*back.row_groups[0].columns[0].column_index_offset, 99);
  EXPECT_EQ(back.key_value_metadata[0].key, "iceberg.schema");
  EXPECT_EQ(back.created_by, "floe");
  EXPECT_EQ(back.column_orders, 1);
}

TEST(ThriftCompactTest, UnknownFieldsOfEveryTypeAreSkipped) {
  std::string bytes;
  ThriftCompactWriter w(&bytes);
  w.BeginStruct();
  w.FieldI32(1, 1);
  // unknown fields a newer writer might add: ids far away (long-form headers) and
  // every wire type, including a nested struct, a list of structs and a map
  w.FieldBinary(40, "future");
  w.FieldBool(41, true);
  w.BeginStructField(42);
  w.FieldI64(1, -5);
  w.ListField(2, ThriftType::kBinary, 2);
  w.ElementBinary("a");
  w.ElementBinary("b");
  w.EndStruct();
  w.ListField(43, ThriftType::kStruct, 2);
  for (int i = 0; i < 2; ++i) {
    w.BeginStruct();
    w.FieldBool(1, false);
    w.EndStruct();
  }
  bytes.push_back(static_cast<char>(0x0b));  // field 44 (long form), type MAP
  bytes.push_back(static_cast<char>(88));    // zigzag(44)
  bytes.push_back(2);                        // two entries
  bytes.push_back(static_cast<char>(0x85));  // binary -> i32
  for (int i = 0; i < 2; ++i) {
    bytes.push_back(1);
    bytes.push_back('k');
    bytes.push_back(static_cast<char>(i * 2));
  }
  bytes.push_back(static_cast<char>(0x07));  // field 45 (long form), type DOUBLE
  bytes.push_back(static_cast<char>(90));
  bytes.append(8, '\x01');
  w.FieldI64(46 + 0, 0);
  // then a known field after the unknown ones
  w.FieldI64(3, 42);  // num_rows (a delta going backwards uses the long form)
  w.EndStruct();
  FileMetaData md = DecodeFileMetaData(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  EXPECT_EQ(md.version, 1);
  EXPECT_EQ(md.num_rows, 42);
}

TEST(ThriftCompactTest, GarbageThrowsFormatError) {
  std::mt19937 rng(7);
  int errors = 0;
  for (int i = 0; i < 2000 * testing::TortureScale(); ++i) {
    std::string bytes(1 + rng() % 64, '\0');
    for (auto& b : bytes) b = static_cast<char>(rng());
    try {
      DecodeFileMetaData(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      PageHeader h;
      DecodePageHeader(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), &h);
    } catch (const FormatError&) {
      ++errors;
    }
  }
  EXPECT_GT(errors, 1000);
  // deep nesting is refused, not recursed into
  std::string deep(1000, static_cast<char>(0x1c));  // field +1 of type STRUCT, repeatedly
  EXPECT_THROW(DecodeFileMetaData(reinterpret_cast<const uint8_t*>(deep.data()), deep.size()),
               FormatError);
}

TEST(RleTest, EncodeDecodeRoundTrips) {
  std::mt19937 rng(3);
  for (int bw : {1, 2, 3, 7, 8, 13, 20, 32}) {
    std::vector<uint32_t> values;
    for (int run = 0; run < 200; ++run) {
      uint32_t v = bw == 32 ? rng() : static_cast<uint32_t>(rng() & ((1ULL << bw) - 1));
      int len = rng() % 3 == 0 ? 1 + rng() % 40 : 1;
      for (int k = 0; k < len; ++k) values.push_back(v);
    }
    std::string bytes;
    RleEncoder::Encode(values.data(), values.size(), bw, &bytes);
    RleDecoder dec(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), bw);
    std::vector<uint32_t> out(values.size());
    dec.GetBatch(out.data(), 10);
    dec.Skip(5);
    dec.GetBatch(out.data() + 15, values.size() - 15);
    for (size_t i = 0; i < values.size(); ++i) {
      if (i >= 10 && i < 15) continue;
      ASSERT_EQ(out[i], values[i]) << "bit width " << bw << " index " << i;
    }
  }
}

TEST(RleTest, BadRunsThrowFormatError) {
  std::vector<uint32_t> out(100);
  // a bit-packed run of 5 groups with only 2 bytes behind it
  const uint8_t truncated[] = {(5 << 1) | 1, 0xff, 0xff};
  RleDecoder a(truncated, sizeof(truncated), 3);
  EXPECT_THROW(a.GetBatch(out.data(), 40), FormatError);
  // an RLE run whose value does not fit the bit width
  const uint8_t wide[] = {10 << 1, 0x09};
  RleDecoder b(wide, sizeof(wide), 3);
  EXPECT_THROW(b.GetBatch(out.data(), 10), FormatError);
  // more values asked for than the data holds
  const uint8_t short_run[] = {4 << 1, 0x01};
  RleDecoder c(short_run, sizeof(short_run), 1);
  EXPECT_THROW(c.GetBatch(out.data(), 5), FormatError);
  EXPECT_THROW(RleDecoder(short_run, 2, 33), FormatError);
}

}  // namespace
}  // namespace floe
