#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "common/tests/torture_scale.h"
#include "io/tests/test_file_io.h"
#include "parquet/tests/parquet_test_files.h"

namespace floe {
namespace {

using testing::TempParquetPath;

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Opens and fully reads a file; returns "" when it reads or the error kind and message.
std::string TryRead(const std::string& path) {
  try {
    auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
    std::vector<int> projection;
    for (size_t i = 0; i < reader->columns().size(); ++i) {
      if (reader->columns()[i].unsupported.empty()) projection.push_back(static_cast<int>(i));
    }
    DataChunk chunk;
    for (int g = 0; g < reader->num_row_groups(); ++g) {
      auto rg = reader->ReadRowGroup(g, projection, {});
      while (rg->Next(chunk)) {
        for (size_t c = 0; c < chunk.ColumnCount(); ++c) {
          // touch every value, strings included, so bad references would be caught
          for (size_t r = 0; r < chunk.size(); ++r) chunk.column(c).GetValue(r);
        }
      }
    }
    return "";
  } catch (const FormatError& e) {
    return std::string("format: ") + e.what();
  } catch (const NotImplementedError& e) {
    return std::string("notimpl: ") + e.what();
  }
}

// A small valid file of several types, codecs and encodings to corrupt.
std::string ValidFile(const std::string& name, parquet::Codec codec, bool dictionary) {
  std::vector<ParquetWriterField> fields = {
      {"i", 1, TypeId::kInt32, true},
      {"s", 2, TypeId::kString, true},
      {"d", 3, LogicalType::Decimal(25, 2), false},
      {"b", 4, TypeId::kBoolean, true},
  };
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 300; ++i) {
    rows.push_back({i % 5 ? Value::Int32(i * 31) : Value::Null(TypeId::kInt32),
                    Value::String("v" + std::to_string(i % 17)), Value::Decimal(i * 1001, 25, 2),
                    Value::Boolean(i % 3 == 0)});
  }
  ParquetWriterOptions options;
  options.codec = codec;
  options.enable_dictionary = dictionary;
  options.page_row_limit = 100;
  std::string path = TempParquetPath(name);
  testing::WriteRows(path, fields, rows, options);
  return path;
}

TEST(ParquetCorruptTest, ErrorsNameTheFileAndTheProblem) {
  std::string path = TempParquetPath("corrupt_named");
  WriteBytes(path, "PAR1garbagegarbagePAR2");
  std::string err = TryRead(path);
  EXPECT_NE(err.find("format: "), std::string::npos) << err;
  EXPECT_NE(err.find(path), std::string::npos) << err;
  EXPECT_NE(err.find("magic"), std::string::npos) << err;

  WriteBytes(path, "PAR1");
  err = TryRead(path);
  EXPECT_NE(err.find("too small"), std::string::npos) << err;

  std::string valid = ReadBytes(ValidFile("for_footer", parquet::Codec::kZstd, true));
  std::string bad = valid;
  uint32_t huge = 0x7fffffff;
  std::memcpy(&bad[bad.size() - 8], &huge, 4);
  WriteBytes(path, bad);
  err = TryRead(path);
  EXPECT_NE(err.find("footer length"), std::string::npos) << err;

  EXPECT_THROW(ParquetReader::Open(::floe::testing::TestIO(), path + ".missing"), IOError);
}

TEST(ParquetCorruptTest, DictionaryIndexOutOfRange) {
  // one column, a 2-entry dictionary; then rewrite the index bit width to 8 so
  // the indexes read as large numbers
  std::vector<ParquetWriterField> fields = {{"s", 1, TypeId::kString, false}};
  std::vector<std::vector<Value>> rows;
  for (int i = 0; i < 64; ++i) rows.push_back({Value::String(i % 2 ? "a" : "b")});
  ParquetWriterOptions options;
  options.codec = parquet::Codec::kUncompressed;
  std::string path = TempParquetPath("dict_range");
  testing::WriteRows(path, fields, rows, options);
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  const auto& m = reader->metadata().row_groups[0].columns[0].meta_data;
  std::string bytes = ReadBytes(path);
  // the data page body starts with the bit width byte (required column: no levels)
  parquet::PageHeader h;
  size_t hlen = parquet::DecodePageHeader(reinterpret_cast<const uint8_t*>(bytes.data()) + m.data_page_offset,
                                          bytes.size() - m.data_page_offset, &h);
  size_t body = static_cast<size_t>(m.data_page_offset) + hlen;
  ASSERT_EQ(bytes[body], 1);
  bytes[body] = 8;
  WriteBytes(path, bytes);
  std::string err = TryRead(path);
  EXPECT_TRUE(err.find("dictionary index out of range") != std::string::npos ||
              err.find("RLE") != std::string::npos)
      << err;
}

TEST(ParquetCorruptTest, TruncatedFilesRaiseFormatErrors) {
  std::string valid = ReadBytes(ValidFile("truncate_src", parquet::Codec::kSnappy, true));
  std::string path = TempParquetPath("truncated");
  for (size_t len = 0; len < valid.size(); len += 1 + len / 16) {
    // keep the tail (footer) but cut bytes out of the middle, and plain prefixes
    for (int variant = 0; variant < 2; ++variant) {
      std::string bytes = variant == 0 ? valid.substr(0, len)
                                       : valid.substr(0, len) + valid.substr(std::min(valid.size(), len + 7));
      WriteBytes(path, bytes);
      std::string err = TryRead(path);
      if (bytes == valid) continue;
      EXPECT_TRUE(err.rfind("format: ", 0) == 0 || err.empty()) << "length " << len << ": " << err;
    }
  }
}

class ParquetMutationTest : public ::testing::TestWithParam<std::tuple<parquet::Codec, bool>> {};

// Flips bytes at random places (pages, page headers, footer) and reads the whole
// file: the only acceptable outcomes are a successful read or a FormatError. A
// NotImplementedError is accepted too, since a flipped byte can turn a valid file into
// a valid one floe does not support (the LZO codec, BIT_PACKED levels, a nested type).
TEST_P(ParquetMutationTest, MutatedFilesNeverCrash) {
  auto [codec, dictionary] = GetParam();
  std::string valid = ReadBytes(ValidFile("mutate_src", codec, dictionary));
  std::string path = TempParquetPath("mutated");
  std::mt19937 rng(1234 + static_cast<int>(codec) * 2 + dictionary);
  int format_errors = 0;
  for (int iter = 0; iter < 600 * testing::TortureScale(); ++iter) {
    std::string bytes = valid;
    int flips = 1 + static_cast<int>(rng() % 4);
    for (int f = 0; f < flips; ++f) {
      size_t pos = rng() % bytes.size();
      switch (rng() % 3) {
        case 0: bytes[pos] = static_cast<char>(rng()); break;
        case 1: bytes[pos] ^= static_cast<char>(1 << (rng() % 8)); break;
        default: bytes[pos] = static_cast<char>(rng() % 2 ? 0xff : 0x00); break;
      }
    }
    WriteBytes(path, bytes);
    std::string err = TryRead(path);
    EXPECT_TRUE(err.empty() || err.rfind("format: ", 0) == 0 || err.rfind("notimpl: ", 0) == 0)
        << err;
    format_errors += err.rfind("format: ", 0) == 0;
  }
  EXPECT_GT(format_errors, 50);  // the mutations did reach the decoders
}

INSTANTIATE_TEST_SUITE_P(
    Codecs, ParquetMutationTest,
    ::testing::Values(std::make_tuple(parquet::Codec::kUncompressed, true),
                      std::make_tuple(parquet::Codec::kUncompressed, false),
                      std::make_tuple(parquet::Codec::kZstd, true),
                      std::make_tuple(parquet::Codec::kSnappy, false),
                      std::make_tuple(parquet::Codec::kGzip, true)));

}  // namespace
}  // namespace floe
