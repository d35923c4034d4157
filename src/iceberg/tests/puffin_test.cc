// Puffin files and deletion vectors: the fixture's blobs decoded and re-encoded byte for
// byte (impala_v3_deletion_vectors, written by Spark 4.0 + Iceberg 1.10), Roaring
// containers of every kind round-tripped, and corrupt blobs refused with a FormatError
// naming the vector. Cases after Iceberg's TestRoaringPositionBitmap (testSerialization*,
// testUnsupportedPositions) and TestBitmapPositionDeleteIndex (testInvalidLength,
// testInvalidMagicNumber, testInvalidChecksum).

#include <gtest/gtest.h>

#include <lz4frame.h>
#include <zstd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>

#include <nlohmann/json.hpp>

#include "common/exception.h"
#include "iceberg/puffin/deletion_vector.h"
#include "common/theta_sketch.h"
#include "iceberg/puffin/puffin_file.h"
#include "iceberg/puffin/roaring_position_bitmap.h"
#include "iceberg/tests/fixture_paths.h"
#include "io/local_file_io.h"

namespace floe::iceberg {
namespace {

std::filesystem::path FixturePuffin() {
  auto data = testing::FixturesDir() / "impala_v3_deletion_vectors" / "data";
  std::error_code ec;
  if (!std::filesystem::is_directory(data, ec)) return {};
  for (const auto& e : std::filesystem::directory_iterator(data)) {
    if (e.path().extension() == ".puffin") return e.path();
  }
  return {};
}

std::vector<int64_t> RoundTrip(const std::vector<int64_t>& positions) {
  std::string blob = DeletionVector::Serialize(positions);
  return DeletionVector::Deserialize(blob, static_cast<int64_t>(positions.size()), "test vector");
}

TEST(PuffinTest, ReadsTheFixtureFooterAndBlobsAndReencodesThemByteForByte) {
  auto path = FixturePuffin();
  if (path.empty()) GTEST_SKIP() << "../shared/fixtures/iceberg/impala_v3_deletion_vectors is absent";
  LocalFileIO io;
  auto file = io.OpenForRead(path.string());
  PuffinFileMetadata footer = PuffinReader::ReadFileMetadata(*file);
  ASSERT_EQ(footer.blobs.size(), 2u);
  EXPECT_EQ(footer.properties.at("created-by").rfind("Apache Iceberg 1.10.1", 0), 0u);
  int64_t expected_offset = 4;
  for (const BlobMetadata& blob : footer.blobs) {
    EXPECT_EQ(blob.type, DeletionVector::kBlobType);
    EXPECT_EQ(blob.fields, std::vector<int>{DeletionVector::kPositionFieldId});
    EXPECT_EQ(blob.snapshot_id, -1);
    EXPECT_EQ(blob.sequence_number, -1);
    EXPECT_EQ(blob.offset, expected_offset);
    EXPECT_EQ(blob.length, 42);
    EXPECT_FALSE(blob.compression_codec);
    EXPECT_EQ(blob.properties.at(DeletionVector::kCardinality), "1");
    EXPECT_NE(blob.properties.at(DeletionVector::kReferencedDataFile).find(".parquet"), std::string::npos);
    expected_offset += blob.length;

    std::string bytes = PuffinReader::ReadBlob(*file, blob.offset, blob.length);
    // length 34 (magic + bitmap), big-endian; the magic D1 D3 39 64
    EXPECT_EQ(bytes.substr(0, 8), std::string("\x00\x00\x00\x22\xD1\xD3\x39\x64", 8));
    // one 32-bit bitmap of key 0, no run containers (cookie 12346), one array container
    EXPECT_EQ(bytes.substr(8, 8), std::string("\x01\x00\x00\x00\x00\x00\x00\x00", 8));
    EXPECT_EQ(bytes.substr(16, 4), std::string("\x00\x00\x00\x00", 4));
    EXPECT_EQ(bytes.substr(20, 4), std::string("\x3A\x30\x00\x00", 4));
    EXPECT_EQ(DeletionVector::Deserialize(bytes, 1, "fixture vector"), std::vector<int64_t>{0});
    // what floe writes for the same position is the same blob, checksum included
    EXPECT_EQ(DeletionVector::Serialize({0}), bytes);
  }
}

TEST(PuffinTest, RoundTripsArrayBitmapAndRunContainersOverManyKeys) {
  EXPECT_EQ(RoundTrip({}), std::vector<int64_t>{});
  EXPECT_EQ(RoundTrip({0, 1, 2, 65535, 65536, 70000}), (std::vector<int64_t>{0, 1, 2, 65535, 65536, 70000}));
  // a dense container (bitmap: more than 4096 scattered values) and a run container
  std::vector<int64_t> dense;
  for (int64_t i = 0; i < 65536; i += 3) dense.push_back(i);
  for (int64_t i = 200000; i < 260000; ++i) dense.push_back(i);
  EXPECT_EQ(RoundTrip(dense), dense);
  // positions above 2^32: several 32-bit bitmaps, and more than four containers with runs
  std::vector<int64_t> wide;
  for (int64_t high : {int64_t{0}, int64_t{1}, int64_t{7}, int64_t{1} << 20}) {
    for (int64_t key = 0; key < 6; ++key) {
      int64_t base = (high << 32) | (key << 16);
      for (int64_t i = 0; i < 100; ++i) wide.push_back(base + i);
      wide.push_back(base + 5000);
    }
  }
  EXPECT_EQ(RoundTrip(wide), wide);
  std::mt19937_64 rng(42);
  for (int round = 0; round < 20; ++round) {
    std::vector<int64_t> random;
    int64_t p = 0;
    for (int i = 0; i < 3000; ++i) {
      p += 1 + static_cast<int64_t>(rng() % (round < 10 ? 40 : 400000));
      random.push_back(p);
    }
    EXPECT_EQ(RoundTrip(random), random);
  }
}

// The positions of `all` in [begin, end).
std::vector<int64_t> Within(const std::vector<int64_t>& all, int64_t begin, int64_t end) {
  std::vector<int64_t> out;
  for (int64_t p : all) {
    if (p >= begin && p < end) out.push_back(p);
  }
  return out;
}

TEST(PuffinTest, ExpandsAnyRangeOfABitmapAsItsPositionsWithin) {
  // arrays, a bitmap, runs, over several 32-bit keys; ranges at and across container edges
  std::vector<int64_t> all;
  for (int64_t i = 5; i < 65536; i += 3) all.push_back(i);               // bitmap
  for (int64_t i = 65536 + 7; i < 2 * 65536; i += 1000) all.push_back(i);  // array
  for (int64_t i = 3 * 65536 + 10; i < 3 * 65536 + 900; ++i) all.push_back(i);  // runs
  for (int64_t r = 0; r < 40; ++r) {
    for (int64_t i = 0; i < 20; ++i) all.push_back(4 * 65536 + r * 100 + i);
  }
  all.push_back(int64_t{1} << 32);
  all.push_back((int64_t{3} << 32) + 65535);
  std::string bytes = RoaringPositionBitmap::Serialize(all);
  RoaringPositionBitmap bitmap = RoaringPositionBitmap::Parse(bytes, all.size(), "v");
  EXPECT_EQ(bitmap.cardinality(), all.size());
  std::vector<int64_t> edges = {-5, 0, 1, 5, 6, 64, 65535, 65536, 65537, 65543, 2 * 65536, 3 * 65536 + 10,
                                3 * 65536 + 899, 3 * 65536 + 900, 4 * 65536 + 119, 4 * 65536 + 120,
                                int64_t{1} << 32, (int64_t{1} << 32) + 1, (int64_t{3} << 32) + 65535,
                                (int64_t{3} << 32) + 65536, std::numeric_limits<int64_t>::max()};
  std::mt19937_64 rng(5);
  for (int i = 0; i < 300; ++i) edges.push_back(static_cast<int64_t>(rng() % (5 * 65536)));
  for (int64_t begin : edges) {
    for (int64_t end : {begin, begin + 1, begin + 63, begin + 2048, begin + 100000, edges[rng() % edges.size()]}) {
      std::vector<int64_t> got = {-1};  // appended to, not replaced
      bitmap.Append(begin, end, &got);
      got.erase(got.begin());
      ASSERT_EQ(got, Within(all, begin, end)) << "[" << begin << ", " << end << ")";
    }
  }
}

TEST(PuffinTest, RefusesContainersWhoseValuesDisagreeWithTheirHeaders) {
  auto error = [](const std::string& bytes, size_t max) {
    try {
      RoaringPositionBitmap::Parse(bytes, max, "vector of f.parquet");
    } catch (const FormatError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  // an array: count, key 0, cookie, 1 container, its key and cardinality - 1, its offset,
  // then the values 1, 5, 9 at bytes 28, 30, 32: 5 and 9 swapped
  std::string array = RoaringPositionBitmap::Serialize({1, 5, 9});
  ASSERT_EQ(array.size(), 34u);
  std::swap(array[30], array[32]);
  EXPECT_NE(error(array, 3).find("array container values out of order"), std::string::npos);
  // a bitmap container of 5,000 values whose header says 5,001 (cardinality - 1 at byte 22)
  std::vector<int64_t> scattered;
  for (int64_t i = 0; i < 5000; ++i) scattered.push_back(i * 13);
  std::string dense = RoaringPositionBitmap::Serialize(scattered);
  uint16_t declared = 5000;
  std::memcpy(&dense[22], &declared, 2);
  EXPECT_NE(error(dense, 6000).find("cardinality disagrees"), std::string::npos);
  // runs 0-9, 20-29, 40-49 (cookie with runs, a flag byte, key, cardinality - 1, the run
  // count at byte 21, then start and length - 1 of each): the second made to start at 5
  std::vector<int64_t> runs;
  for (int64_t start : {0, 20, 40}) {
    for (int64_t i = 0; i < 10; ++i) runs.push_back(start + i);
  }
  std::string overlapping = RoaringPositionBitmap::Serialize(runs);
  EXPECT_EQ(RoaringPositionBitmap::Deserialize(overlapping, 30, "v"), runs);
  uint16_t start = 5;
  std::memcpy(&overlapping[27], &start, 2);
  EXPECT_NE(error(overlapping, 30).find("runs overlap"), std::string::npos);
  EXPECT_NE(error(overlapping, 30).find("vector of f.parquet"), std::string::npos);
}

TEST(PuffinTest, ChoosesTheSmallestContainer) {
  // 60,000 consecutive positions: one run (2 + 4 bytes) rather than a 8 KB bitmap
  std::vector<int64_t> run;
  for (int64_t i = 0; i < 60000; ++i) run.push_back(i);
  std::string blob = DeletionVector::Serialize(run);
  EXPECT_LT(blob.size(), 64u);
  // 5,000 scattered positions in one container: a bitmap (8 KB), not 10 KB of array
  std::vector<int64_t> scattered;
  for (int64_t i = 0; i < 5000; ++i) scattered.push_back(i * 13);
  EXPECT_LT(DeletionVector::Serialize(scattered).size(), 8300u);
}

TEST(PuffinTest, RefusesCorruptVectorsNamingTheProblem) {
  std::string good = DeletionVector::Serialize({1, 5, 9});
  auto error = [&](std::string blob, int64_t cardinality) -> std::string {
    try {
      DeletionVector::Deserialize(blob, cardinality, "deletion vector of f.parquet");
    } catch (const FormatError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error(good, 3), "no error");
  std::string bad_length = good;
  bad_length[3] = static_cast<char>(bad_length[3] + 1);
  EXPECT_NE(error(bad_length, 3).find("length prefix"), std::string::npos);
  std::string bad_magic = good;
  bad_magic[4] = 0;
  EXPECT_NE(error(bad_magic, 3).find("magic"), std::string::npos);
  std::string bad_crc = good;
  bad_crc.back() = static_cast<char>(bad_crc.back() ^ 1);
  EXPECT_NE(error(bad_crc, 3).find("CRC-32"), std::string::npos);
  EXPECT_NE(error(good, 2).find("positions"), std::string::npos);
  EXPECT_NE(error(good, 4).find("manifest entry says 4"), std::string::npos);
  EXPECT_NE(error(good.substr(0, 10), 3).find("bytes long"), std::string::npos);
  EXPECT_NE(error(bad_crc, 3).find("deletion vector of f.parquet"), std::string::npos);
  // a bitmap whose bytes lie (truncated inside a container, with a recomputed checksum)
  std::string bitmap = RoaringPositionBitmap::Serialize({1, 5, 9});
  EXPECT_THROW(RoaringPositionBitmap::Deserialize(bitmap.substr(0, bitmap.size() - 2), 3, "v"), FormatError);
  EXPECT_THROW(RoaringPositionBitmap::Deserialize(bitmap + "x", 3, "v"), FormatError);
  std::string huge_count = bitmap;
  huge_count[7] = 0x7F;
  EXPECT_THROW(RoaringPositionBitmap::Deserialize(huge_count, 3, "v"), FormatError);
}

TEST(PuffinTest, WriterFooterReadsBack) {
  auto dir = std::filesystem::temp_directory_path() / ("floe_puffin_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string path = (dir / "dv.puffin").string();
  LocalFileIO io;
  std::string a = DeletionVector::Serialize({0, 2});
  std::string b = DeletionVector::Serialize({7});
  {
    auto out = io.Create(path);
    PuffinWriter writer(*out);
    BlobMetadata meta;
    meta.type = DeletionVector::kBlobType;
    meta.fields = {DeletionVector::kPositionFieldId};
    meta.properties = {{DeletionVector::kReferencedDataFile, "s3://b/t/data/a.parquet"},
                       {DeletionVector::kCardinality, "2"}};
    EXPECT_EQ(writer.Add(meta, a).offset, 4);
    meta.properties[DeletionVector::kCardinality] = "1";
    EXPECT_EQ(writer.Add(meta, b).offset, static_cast<int64_t>(4 + a.size()));
    writer.Finish();
    EXPECT_EQ(writer.file_size(), static_cast<int64_t>(std::filesystem::file_size(path)));
  }
  auto file = io.OpenForRead(path);
  PuffinFileMetadata footer = PuffinReader::ReadFileMetadata(*file);
  ASSERT_EQ(footer.blobs.size(), 2u);
  EXPECT_EQ(footer.properties.at("created-by"), "floe");
  EXPECT_EQ(PuffinReader::ReadBlob(*file, footer.blobs[1].offset, footer.blobs[1].length), b);
  EXPECT_EQ(footer.blobs[0].properties.at(DeletionVector::kReferencedDataFile), "s3://b/t/data/a.parquet");
  EXPECT_THROW(PuffinReader::ReadBlob(*file, footer.blobs[1].offset, 100000), FormatError);
  std::filesystem::remove_all(dir);
}

// Blobs other writers compress (spec "Compression codecs": lz4 = LZ4 frame, zstd = Zstandard
// frame) and a footer compressed with LZ4 (flag bit 0), read back: a payload larger than the
// readers' 64 KiB step, so the streaming loops run more than once.
TEST(PuffinTest, ReadsCompressedBlobsAndFooters) {
  std::string payload;
  for (int i = 0; i < 50000; ++i) payload += "row " + std::to_string(i * 7919 % 100003) + ";";
  std::string zstd(ZSTD_compressBound(payload.size()), '\0');
  zstd.resize(ZSTD_compress(zstd.data(), zstd.size(), payload.data(), payload.size(), 3));
  std::string lz4(LZ4F_compressFrameBound(payload.size(), nullptr), '\0');
  lz4.resize(LZ4F_compressFrame(lz4.data(), lz4.size(), payload.data(), payload.size(), nullptr));
  std::string file = "PFA1";
  nlohmann::json blobs = nlohmann::json::array();
  for (auto [codec, bytes] : {std::pair<std::string, std::string>{"zstd", zstd}, {"lz4", lz4}}) {
    blobs.push_back({{"type", "apache-datasketches-theta-v1"}, {"fields", {1}}, {"snapshot-id", 1},
                     {"sequence-number", 1}, {"offset", file.size()}, {"length", bytes.size()},
                     {"compression-codec", codec}});
    file += bytes;
  }
  std::string json_footer = nlohmann::json({{"blobs", blobs}}).dump();
  std::string footer(LZ4F_compressFrameBound(json_footer.size(), nullptr), '\0');
  footer.resize(LZ4F_compressFrame(footer.data(), footer.size(), json_footer.data(), json_footer.size(), nullptr));
  file += "PFA1" + footer;
  int32_t size = static_cast<int32_t>(footer.size());
  char tail[12] = {};
  std::memcpy(tail, &size, 4);
  tail[4] = 1;  // FooterPayloadCompressed
  std::memcpy(tail + 8, "PFA1", 4);
  file.append(tail, 12);

  auto dir = std::filesystem::temp_directory_path() / ("floe_puffin_codecs_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string path = (dir / "stats.puffin").string();
  std::ofstream(path, std::ios::binary) << file;
  LocalFileIO io;
  auto in = io.OpenForRead(path);
  PuffinFileMetadata meta = PuffinReader::ReadFileMetadata(*in);
  ASSERT_EQ(meta.blobs.size(), 2u);
  for (const auto& blob : meta.blobs) {
    ASSERT_TRUE(blob.compression_codec);
    EXPECT_EQ(PuffinReader::ReadBlob(*in, blob.offset, blob.length, blob.compression_codec), payload)
        << *blob.compression_codec;
    // cut short: an error, not a short payload
    EXPECT_THROW(PuffinReader::ReadBlob(*in, blob.offset, blob.length - 10, blob.compression_codec), FormatError);
  }
  EXPECT_THROW(PuffinReader::ReadBlob(*in, meta.blobs[0].offset, meta.blobs[0].length, std::string("snappy")),
               NotImplementedError);
  std::filesystem::remove_all(dir);
}

// Trino's table statistics (the fixture cxx_hour_timestamptz_partitioning): three zstd theta
// sketches whose estimates are their `ndv` properties, over the table's three columns.
TEST(PuffinTest, ReadsTrinosThetaSketchStatistics) {
  auto metadata = testing::FixturesDir() / "cxx_hour_timestamptz_partitioning" / "metadata";
  std::filesystem::path path;
  std::error_code ec;
  if (std::filesystem::is_directory(metadata, ec)) {
    for (const auto& e : std::filesystem::directory_iterator(metadata)) {
      if (e.path().extension() == ".stats") path = e.path();
    }
  }
  if (path.empty()) GTEST_SKIP() << "../shared/fixtures/iceberg/cxx_hour_timestamptz_partitioning is absent";
  LocalFileIO io;
  auto file = io.OpenForRead(path.string());
  PuffinFileMetadata footer = PuffinReader::ReadFileMetadata(*file);
  EXPECT_EQ(footer.properties.at("created-by").rfind("Trino", 0), 0u);
  ASSERT_EQ(footer.blobs.size(), 3u);
  std::vector<std::string> ndvs;
  for (const BlobMetadata& blob : footer.blobs) {
    EXPECT_EQ(blob.type, "apache-datasketches-theta-v1");
    EXPECT_EQ(blob.compression_codec, "zstd");
    ThetaSketch sketch = ThetaSketch::Deserialize(PuffinReader::ReadBlob(*file, blob.offset, blob.length,
                                                                         blob.compression_codec));
    EXPECT_EQ(std::to_string(static_cast<int64_t>(sketch.Estimate())), blob.properties.at("ndv"));
    ndvs.push_back(blob.properties.at("ndv"));
  }
  EXPECT_EQ(ndvs, (std::vector<std::string>{"3", "2", "1"}));
}

}  // namespace
}  // namespace floe::iceberg
