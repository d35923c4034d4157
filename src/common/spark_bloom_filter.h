#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace floe {

/// Spark's Bloom filter (org.apache.spark.util.sketch.BloomFilterImpl, version 1 of its binary
/// format, the one Spark 4.0 writes), bit for bit: what bloom_filter_agg builds and
/// might_contain reads, the runtime Bloom filters of Spark's InjectRuntimeFilter.
///
/// An item's two Murmur3_x86_32 hashes h1 (seed 0) and h2 (seed h1) give its k bit indexes
/// h1 + i * h2 (i = 1..k, 32-bit, negative ones flipped) modulo the bit count. The bits are
/// 64-bit words; serialized as big-endian ints (version 1, k, word count) and longs (the words).
class SparkBloomFilter {
 public:
  /// Spark's BloomFilter.DEFAULT_FPP.
  static constexpr double kDefaultFpp = 0.03;
  /// Spark's defaults of spark.sql.optimizer.runtime.bloomFilter.expectedNumItems, .numBits,
  /// .maxNumItems and .maxNumBits: the size of a filter whose items are not estimated, and the caps.
  static constexpr int64_t kDefaultExpectedItems = 1000000;
  static constexpr int64_t kDefaultNumBits = 8388608;
  static constexpr int64_t kDefaultMaxItems = 4000000;
  static constexpr int64_t kDefaultMaxBits = 67108864;

  /// BloomFilter.create(expectedNumItems, numBits): k = max(1, round(numBits / n * ln 2)),
  /// ceil(numBits / 64) words. Both must be positive.
  SparkBloomFilter(int64_t expected_items, int64_t num_bits);

  /// BloomFilter.optimalNumOfBits(n, p): -n ln p / (ln 2)^2, truncated.
  static int64_t OptimalNumOfBits(int64_t n, double p);
  /// BloomFilter.optimalNumOfBits(expectedNumItems, maxNumItems, maxNumOfBits): the bits for
  /// a false positive rate that shrinks with fewer items (at most 3%), at most maxNumOfBits.
  static int64_t OptimalNumOfBits(int64_t expected_items, int64_t max_items, int64_t max_bits);

  /// Reads a serialized filter; throws InvalidInputError (naming what is wrong, never the
  /// bytes) for another version, a truncated or oversized one.
  static SparkBloomFilter Deserialize(std::string_view bytes);
  std::string Serialize() const;

  void PutLong(int64_t item);
  void PutBinary(std::string_view item);
  bool MightContainLong(int64_t item) const;
  bool MightContainBinary(std::string_view item) const;
  /// ORs another filter of the same size and hash count into this one (mergeInPlace).
  void Merge(const SparkBloomFilter& other);

  int num_hash_functions() const { return num_hash_functions_; }
  int64_t bit_size() const { return static_cast<int64_t>(words_.size()) * 64; }
  /// Returns the number of set bits (BitArray.cardinality).
  int64_t Cardinality() const;

 private:
  SparkBloomFilter() = default;
  void Put(uint32_t h1, uint32_t h2);
  bool MightContain(uint32_t h1, uint32_t h2) const;

  int num_hash_functions_ = 1;
  std::vector<uint64_t> words_;
};

}  // namespace floe
