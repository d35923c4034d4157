// The split-block Bloom filter of runtime filters, and HashValue: the hash of one value
// as HashVector hashes a column of its type.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "common/bloom_filter.h"
#include "common/vector_operations.h"

namespace floe {
namespace {

TEST(BloomFilterTest, EveryInsertedHashPasses) {
  std::mt19937_64 rng(1);
  for (size_t keys : {size_t{1}, size_t{10}, size_t{1000}, size_t{100000}}) {
    BloomFilter bloom(keys);
    std::vector<uint64_t> hashes(keys);
    for (auto& h : hashes) h = MixHash(rng());
    for (uint64_t h : hashes) bloom.Insert(h);
    for (uint64_t h : hashes) ASSERT_TRUE(bloom.MayContain(h)) << keys;
  }
}

TEST(BloomFilterTest, FalsePositivesStayNearTheExpectedRate) {
  std::mt19937_64 rng(2);
  const size_t keys = 20000;
  BloomFilter bloom(keys);
  EXPECT_EQ(bloom.SizeInBytes(), keys * 16 / 8);  // 16 bits a key
  for (size_t i = 0; i < keys; ++i) bloom.Insert(MixHash(rng()));
  size_t passed = 0, probes = 200000;
  for (size_t i = 0; i < probes; ++i) passed += bloom.MayContain(MixHash(rng()));
  double rate = static_cast<double>(passed) / static_cast<double>(probes);
  double expected = bloom.FalsePositiveRate(keys);
  EXPECT_LT(expected, 0.002);
  EXPECT_LT(rate, expected * 2 + 0.0005);
  EXPECT_GT(bloom.FalsePositiveRate(keys * 10), 0.05);  // overfilled, it says so
}

TEST(BloomFilterTest, SizeIsBounded) {
  EXPECT_EQ(BloomFilter(0).SizeInBytes(), 32u);  // one block
  EXPECT_EQ(BloomFilter(size_t{1} << 40).SizeInBytes(), size_t{4} << 20);
}

TEST(HashValueTest, MatchesHashVectorForEveryType) {
  const std::vector<Value> values = {
      Value::Boolean(true),     Value::Int32(-7),           Value::Int64(int64_t{1} << 40),
      Value::Date(19000),       Value::Timestamp(123456789), Value::TimestampNtz(-5),
      Value::Float(2.5f),       Value::Double(-1e300),      Value::Decimal(-12345, 10, 2),
      Value::String("floe"),    Value::Binary(std::string("\0\x01", 2)),
      Value::IntervalValue(Interval{1, 2, 3}), Value::Null(TypeId::kInt32)};
  for (const Value& v : values) {
    Vector column(v.type(), 1);
    column.SetValue(0, v);
    uint64_t h = 0;
    HashVector(column, 1, &h, false);
    EXPECT_EQ(HashValue(v), h) << v.ToString();
  }
}

TEST(HashValueTest, NormalizesAsJoinKeysDo) {
  EXPECT_EQ(HashValue(Value::Double(-0.0)), HashValue(Value::Double(0.0)));
  EXPECT_EQ(HashValue(Value::Double(std::nan("1"))), HashValue(Value::Double(-std::nan("2"))));
  EXPECT_EQ(HashValue(Value::Float(-0.0f)), HashValue(Value::Double(0.0)));
  EXPECT_EQ(HashValue(Value::Int32(42)), HashValue(Value::Int64(42)));
  EXPECT_NE(HashValue(Value::Int64(42)), HashValue(Value::Int64(43)));
}

TEST(BloomFilterTest, FoldingIsTheFilterBuiltAtTheSmallerSize) {
  // a hash's block at n blocks is (hash >> 32) * n >> 32; at n / 2 it is that halved, so
  // ORing neighbouring blocks gives, bit for bit, the filter filled at n / 2 blocks
  std::mt19937_64 rng(3);
  std::vector<uint64_t> hashes(5000);
  for (auto& h : hashes) h = rng();
  BloomFilter big = BloomFilter::OfBytes(32 * 1024);
  BloomFilter small = BloomFilter::OfBytes(32 * 64);
  for (uint64_t h : hashes) {
    big.Insert(h);
    small.Insert(h);
  }
  EXPECT_NEAR(big.EstimateDistinct(), 5000, 150);  // linear counting over 32K bits per word
  big.FoldTo(64);
  ASSERT_EQ(big.SizeInBytes(), small.SizeInBytes());
  EXPECT_EQ(std::memcmp(big.bitset(), small.bitset(), small.SizeInBytes()), 0);
  BloomFilter odd = BloomFilter::OfBytes(32 * 3);
  odd.FoldTo(1);  // an odd number of blocks cannot be halved
  EXPECT_EQ(odd.SizeInBytes(), 96u);
  BloomFilter copy = BloomFilter::FromBitset(small.bitset(), small.SizeInBytes());
  for (uint64_t h : hashes) ASSERT_TRUE(copy.MayContain(h));
}

}  // namespace
}  // namespace floe
