// Theta sketches as Apache DataSketches serializes them (compact, serial version 3), checked
// against sketches Trino wrote: the Puffin statistics file of the fixture
// cxx_hour_timestamptz_partitioning (../shared/fixtures/iceberg, metadata/
// 20250313_204716_00010_z8hj2-...stats, "created-by": "Trino"), whose three blobs (zstd,
// decompressed here by hand) sketch the table's columns c1 int {1, 2, 3}, c2 timestamptz
// {2025-03-03 23:00, 2024-03-03 23:52} and c3 double {0.0}; and against sketches the
// DataSketches Java library wrote (test/data/datasketches: one in estimation mode, theta < 1).
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "common/exception.h"
#include "common/theta_sketch.h"

namespace floe {
namespace {

template <typename T>
std::string Bytes(T v) {
  return std::string(reinterpret_cast<const char*>(&v), sizeof(T));
}

std::string Hex(const std::string& bytes) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  return out;
}

// The hashes Trino's sketches hold, in order.
const std::vector<uint64_t> kIntHashes = {654158640782971563ULL, 2664407504098335837ULL, 9175176138608593287ULL};
const std::vector<uint64_t> kTimestampHashes = {4094497903456545384ULL, 4311462877328595664ULL};
const uint64_t kDoubleHash = 2325124908111195109ULL;

std::string Preamble(const std::string& head, const std::vector<uint64_t>& hashes) {
  std::string out = head;
  for (uint64_t h : hashes) out += Bytes(h);
  return out;
}

TEST(ThetaSketchTest, HashesAsTrinoAndIcebergDo) {
  // MurmurHash3_x64_128 (seed 9001) of Iceberg's single-value serialization, halved
  ThetaSketch ints;
  for (int32_t v : {3, 1, 2, 1}) ints.Update(Bytes(v));
  EXPECT_EQ(ints.SortedHashes(), kIntHashes);
  ThetaSketch timestamps;
  timestamps.Update(Bytes(int64_t{1741042800000000}));  // 2025-03-03 23:00:00 UTC, microseconds
  timestamps.Update(Bytes(int64_t{1709509920000000}));  // 2024-03-03 23:52:00 UTC
  EXPECT_EQ(timestamps.SortedHashes(), kTimestampHashes);
  EXPECT_EQ(ThetaSketch::Hash(Bytes(0.0)), kDoubleHash);
}

TEST(ThetaSketchTest, SerializesByteForByteAsTrino) {
  ThetaSketch ints;
  for (int32_t v : {1, 2, 3}) ints.Update(Bytes(v));
  // preamble: 2 longs, version 3, family 3 (compact), flags read-only | compact | ordered,
  // seed hash 0x93cc; count 3; p = 1.0f
  std::string trino_c1 = Preamble(std::string("\x02\x03\x03\x00\x00\x1a\xcc\x93\x03\x00\x00\x00\x00\x00\x80\x3f", 16),
                                  kIntHashes);
  EXPECT_EQ(Hex(ints.Serialize()), Hex(trino_c1));
  ThetaSketch one;
  one.Update(Bytes(0.0));
  // one hash: a single preamble long, flagged single-item
  std::string trino_c3 = Preamble(std::string("\x01\x03\x03\x00\x00\x3a\xcc\x93", 8), {kDoubleHash});
  EXPECT_EQ(Hex(one.Serialize()), Hex(trino_c3));

  EXPECT_EQ(ThetaSketch::Deserialize(trino_c1).Estimate(), 3);
  EXPECT_EQ(ThetaSketch::Deserialize(trino_c3).Estimate(), 1);
  EXPECT_EQ(ThetaSketch::Deserialize(trino_c1).SortedHashes(), kIntHashes);
  std::string empty = ThetaSketch().Serialize();
  EXPECT_EQ(Hex(empty), "0103030000" "1e" "cc93");  // empty flag
  EXPECT_EQ(ThetaSketch::Deserialize(empty).Estimate(), 0);
}

// Sketches datasketches-java wrote (test/data/datasketches, from apache/datasketches-cpp's
// theta tests, serial version 2, read here as version 3: the layout is the same): an update sketch
// of lg k = 12, seed 9001, of the longs 0 to 8191. floe's sketch of the same longs must be that
// very sketch: the same 4,342 hashes, the same theta, the same bytes.
std::string JavaSketch(const std::string& name) {
  std::ifstream in(std::filesystem::path(FLOE_SOURCE_DIR) / "test/data/datasketches" / name, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  std::string out = bytes.str();
  if (!out.empty()) out[1] = 3;  // serial version 2 -> 3
  return out;
}

TEST(ThetaSketchTest, EstimationModeEqualsTheSketchDataSketchesJavaWrote) {
  std::string java_bytes = JavaSketch("theta_compact_estimation_from_java_v2.sk");
  ASSERT_EQ(java_bytes.size(), 34760u) << "test/data/datasketches is missing";
  ThetaSketch java = ThetaSketch::Deserialize(java_bytes);
  EXPECT_EQ(java.SortedHashes().size(), 4342u);
  EXPECT_NEAR(static_cast<double>(java.theta()) / static_cast<double>(ThetaSketch::kMaxTheta), 0.531700444213199,
              1e-10);
  EXPECT_NEAR(java.Estimate(), 8166.25234614053, 1e-10);  // datasketches-cpp's expected estimate

  ThetaSketch floe;
  for (int64_t i = 0; i < 8192; ++i) floe.Update(Bytes(i));  // Java's update(long): the long's 8 bytes
  EXPECT_EQ(floe.theta(), java.theta());
  EXPECT_EQ(floe.SortedHashes(), java.SortedHashes());
  EXPECT_EQ(Hex(floe.Serialize()), Hex(java_bytes));
}

TEST(ThetaSketchTest, EmptyEqualsTheSketchDataSketchesJavaWrote) {
  std::string java_bytes = JavaSketch("theta_compact_empty_from_java_v2.sk");
  ASSERT_EQ(java_bytes.size(), 8u) << "test/data/datasketches is missing";
  EXPECT_EQ(ThetaSketch::Deserialize(java_bytes).Estimate(), 0);
  EXPECT_EQ(Hex(ThetaSketch().Serialize()), Hex(java_bytes));
}

TEST(ThetaSketchTest, EstimatesManyValuesWithinItsError) {
  // k = 4096: relative standard error about 1/sqrt(k) = 1.6%
  for (int64_t n : {int64_t{5000}, int64_t{100000}, int64_t{1000000}}) {
    ThetaSketch sketch;
    for (int64_t i = 0; i < n; ++i) sketch.Update(Bytes(i));
    for (int64_t i = 0; i < n; i += 3) sketch.Update(Bytes(i));  // repeats change nothing
    EXPECT_NEAR(sketch.Estimate(), static_cast<double>(n), 0.05 * static_cast<double>(n)) << n;
    // exact until the table of 2k slots is 15/16 full (7,680 hashes), as DataSketches' is
    bool exact = n < 7680;
    EXPECT_EQ(sketch.theta() == ThetaSketch::kMaxTheta, exact) << n;
    if (exact) EXPECT_EQ(sketch.Estimate(), static_cast<double>(n));
    std::string bytes = sketch.Serialize();
    EXPECT_EQ(bytes[0], exact ? 2 : 3) << n;  // theta in the preamble once estimating
    ThetaSketch back = ThetaSketch::Deserialize(bytes);
    EXPECT_EQ(back.theta(), sketch.theta());
    EXPECT_EQ(back.Estimate(), sketch.Estimate());
    EXPECT_EQ(back.Serialize(), bytes);
  }
}

TEST(ThetaSketchTest, MergeIsTheSketchOfTheUnion) {
  ThetaSketch a, b, both;
  for (int64_t i = 0; i < 60000; ++i) {
    a.Update(Bytes(i));
    both.Update(Bytes(i));
  }
  for (int64_t i = 40000; i < 100000; ++i) {
    b.Update(Bytes(i));
    both.Update(Bytes(i));
  }
  a.Merge(b);
  EXPECT_NEAR(a.Estimate(), 100000, 5000);
  EXPECT_NEAR(a.Estimate(), both.Estimate(), 5000);
  ThetaSketch small, other;
  for (int32_t v : {1, 2}) small.Update(Bytes(v));
  for (int32_t v : {2, 3}) other.Update(Bytes(v));
  small.Merge(other);
  EXPECT_EQ(small.SortedHashes(), kIntHashes);  // exact below k
}

TEST(ThetaSketchTest, CorruptSketchesAreRefusedByWhatIsWrong) {
  ThetaSketch ints;
  for (int32_t v : {1, 2, 3}) ints.Update(Bytes(v));
  std::string good = ints.Serialize();
  auto error_of = [](const std::string& bytes) {
    try {
      ThetaSketch::Deserialize(bytes);
    } catch (const FormatError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error_of(good.substr(0, 5)).find("shorter than its 8-byte preamble"), std::string::npos);
  EXPECT_NE(error_of(good.substr(0, 30)).find("hashes run past"), std::string::npos);
  std::string seed = good;
  seed[6] = 0;
  EXPECT_NE(error_of(seed).find("seed hash"), std::string::npos);
  std::string version = good;
  version[1] = 2;
  EXPECT_NE(error_of(version).find("serial version 2"), std::string::npos);
  std::string family = good;
  family[2] = 2;  // an update sketch's family
  EXPECT_NE(error_of(family).find("not a compact sketch"), std::string::npos);
  std::string count = good;
  count[11] = 0x7f;  // a count of about 2^31
  EXPECT_NE(error_of(count).find("hashes run past"), std::string::npos);
}

}  // namespace
}  // namespace floe
