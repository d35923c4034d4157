#include "common/spark_bloom_filter.h"

#include <gtest/gtest.h>

#include <string>

#include "common/exception.h"

namespace floe {
namespace {

std::string FromHex(const std::string& hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  }
  return out;
}

// Spark's BloomFilterAggregateQuerySuite, "Test numBitsExpression": the bits bloom_filter_agg
// gives n expected items, BloomFilter.optimalNumOfBits(n, maxNumItems 4M, maxNumBits 64M).
TEST(SparkBloomFilterTest, OptimalNumOfBitsAsSpark) {
  constexpr int64_t kMaxItems = 4000000;
  constexpr int64_t kMaxBits = 67108864;
  EXPECT_EQ(SparkBloomFilter::OptimalNumOfBits(kMaxItems * 100, kMaxItems, kMaxBits), kMaxBits);
  EXPECT_EQ(SparkBloomFilter::OptimalNumOfBits(kMaxItems + 10, kMaxItems, kMaxBits), 29193836);
  EXPECT_EQ(SparkBloomFilter::OptimalNumOfBits(kMaxItems, kMaxItems, kMaxBits), 29193763);
  EXPECT_EQ(SparkBloomFilter::OptimalNumOfBits(2000000, kMaxItems, kMaxBits), 17482271);
  EXPECT_EQ(SparkBloomFilter::OptimalNumOfBits(1000000, kMaxItems, kMaxBits), 10183830);
  EXPECT_EQ(SparkBloomFilter::OptimalNumOfBits(10000, kMaxItems, kMaxBits), 197688);
  EXPECT_EQ(SparkBloomFilter::OptimalNumOfBits(100, kMaxItems, kMaxBits), 2935);
  EXPECT_EQ(SparkBloomFilter::OptimalNumOfBits(1, kMaxItems, kMaxBits), 38);
}

// BloomFilterAggregateQuerySuite, "Test that might_contain can take a constant value input
// (seedless version)": a version-1 filter Spark wrote (5 hash functions, 3 words) does not
// hold 201. Its bytes come back unchanged.
TEST(SparkBloomFilterTest, ReadsWhatSparkWrote) {
  std::string bytes = FromHex("00000001000000050000000343A2EC6EA8C117E2D3CDB767296B144FC5BFBCED9737F267");
  SparkBloomFilter filter = SparkBloomFilter::Deserialize(bytes);
  EXPECT_EQ(filter.num_hash_functions(), 5);
  EXPECT_EQ(filter.bit_size(), 192);
  EXPECT_FALSE(filter.MightContainLong(201));
  EXPECT_EQ(filter.Serialize(), bytes);
}

// Version 2 (Spark 4.1's seeded filter, the suite's "seeded version") and damaged headers are
// refused by name, not read.
TEST(SparkBloomFilterTest, RefusesOtherVersionsAndDamage) {
  EXPECT_THROW(SparkBloomFilter::Deserialize(FromHex(
                   "0000000200000005000000000000000343A2EC6EA8C117E2D3CDB767296B144FC5BFBCED9737F267")),
               InvalidInputError);
  EXPECT_THROW(SparkBloomFilter::Deserialize(FromHex("0000000100000005")), InvalidInputError);
  EXPECT_THROW(SparkBloomFilter::Deserialize(FromHex("000000010000000500000003")), InvalidInputError);
  EXPECT_THROW(SparkBloomFilter::Deserialize(FromHex("00000001000000057fffffff")), InvalidInputError);
  EXPECT_THROW(SparkBloomFilter::Deserialize(FromHex("00000001000000000000000100000000000000ff")),
               InvalidInputError);
}

// What bloom_filter_agg builds from 1..10000 holds each of them (no false negatives), and
// few of the next 10000 (the suite's positive and negative membership tests).
TEST(SparkBloomFilterTest, HoldsWhatWasPut) {
  SparkBloomFilter filter(10000, SparkBloomFilter::OptimalNumOfBits(10000, 4000000, 67108864));
  EXPECT_EQ(filter.Cardinality(), 0);
  for (int64_t v = 1; v <= 10000; ++v) filter.PutLong(v);
  int false_positives = 0;
  for (int64_t v = 1; v <= 10000; ++v) ASSERT_TRUE(filter.MightContainLong(v)) << v;
  for (int64_t v = 10001; v <= 20000; ++v) false_positives += filter.MightContainLong(v);
  EXPECT_LT(false_positives, 100);  // the filter's rate is about 0.0075%
  filter.PutBinary("Spark");
  EXPECT_TRUE(filter.MightContainBinary("Spark"));
  SparkBloomFilter copy = SparkBloomFilter::Deserialize(filter.Serialize());
  EXPECT_TRUE(copy.MightContainLong(5000));
  EXPECT_EQ(copy.Cardinality(), filter.Cardinality());
}

}  // namespace
}  // namespace floe
