#include "common/spark_bloom_filter.h"

#include <algorithm>
#include <cmath>

#include "common/bit_count.h"
#include "common/exception.h"
#include "common/spark_hash.h"

namespace floe {

namespace {

// why: BitArray holds its words in a Java array, at most Integer.MAX_VALUE of them; floe
// refuses anything past bloom_filter_agg's own largest size (64M bits, 8 MB) times 16 before
// allocating, so a hostile input cannot reserve gigabytes
constexpr int64_t kMaxWords = (SparkBloomFilter::kDefaultMaxBits / 64) * 16;

void PutInt32(std::string& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>(v >> shift));
}

uint64_t ReadBigEndian(const char* p, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = (v << 8) | static_cast<uint8_t>(p[i]);
  return v;
}

}  // namespace

SparkBloomFilter::SparkBloomFilter(int64_t expected_items, int64_t num_bits) {
  if (expected_items <= 0) throw InvalidInputError("a Bloom filter's expected number of items must be positive");
  if (num_bits <= 0) throw InvalidInputError("a Bloom filter's number of bits must be positive");
  // optimalNumOfHashFunctions: (m / n) * log(2), but avoid truncation due to division
  num_hash_functions_ = std::max(
      1, static_cast<int>(std::llround(static_cast<double>(num_bits) / static_cast<double>(expected_items) *
                                       std::log(2.0))));
  int64_t words = num_bits / 64 + (num_bits % 64 != 0);
  if (words > kMaxWords) {
    throw InvalidInputError("a Bloom filter of " + std::to_string(num_bits) + " bits is too large");
  }
  words_.assign(static_cast<size_t>(words), 0);
}

int64_t SparkBloomFilter::OptimalNumOfBits(int64_t n, double p) {
  return static_cast<int64_t>(-static_cast<double>(n) * std::log(p) / (std::log(2.0) * std::log(2.0)));
}

int64_t SparkBloomFilter::OptimalNumOfBits(int64_t expected_items, int64_t max_items, int64_t max_bits) {
  // why: Java divides a long by a double here, so both are doubles
  double fpp = std::min(static_cast<double>(expected_items) / (static_cast<double>(max_items) / kDefaultFpp),
                        kDefaultFpp);
  return std::min(OptimalNumOfBits(expected_items, fpp), max_bits);
}

SparkBloomFilter SparkBloomFilter::Deserialize(std::string_view bytes) {
  if (bytes.size() < 12) throw InvalidInputError("a Spark Bloom filter is truncated: " + std::to_string(bytes.size()) +
                                                 " bytes, less than its 12-byte header");
  uint32_t version = static_cast<uint32_t>(ReadBigEndian(bytes.data(), 4));
  if (version != 1) {
    throw InvalidInputError("a Spark Bloom filter of format version " + std::to_string(static_cast<int32_t>(version)) +
                            " is not supported (Spark 4.0 writes version 1)");
  }
  auto hashes = static_cast<int32_t>(ReadBigEndian(bytes.data() + 4, 4));
  auto words = static_cast<int32_t>(ReadBigEndian(bytes.data() + 8, 4));
  if (hashes <= 0) throw InvalidInputError("a Spark Bloom filter has " + std::to_string(hashes) + " hash functions");
  if (words <= 0 || words > kMaxWords) {
    throw InvalidInputError("a Spark Bloom filter has " + std::to_string(words) + " words, not between 1 and " +
                            std::to_string(kMaxWords));
  }
  if (bytes.size() != 12 + static_cast<size_t>(words) * 8) {
    throw InvalidInputError("a Spark Bloom filter of " + std::to_string(words) + " words has " +
                            std::to_string(bytes.size()) + " bytes, not " + std::to_string(12 + words * 8));
  }
  SparkBloomFilter filter;
  filter.num_hash_functions_ = hashes;
  filter.words_.resize(static_cast<size_t>(words));
  for (int32_t i = 0; i < words; ++i) filter.words_[i] = ReadBigEndian(bytes.data() + 12 + 8 * i, 8);
  return filter;
}

std::string SparkBloomFilter::Serialize() const {
  std::string out;
  out.reserve(12 + words_.size() * 8);
  PutInt32(out, 1);
  PutInt32(out, static_cast<uint32_t>(num_hash_functions_));
  PutInt32(out, static_cast<uint32_t>(words_.size()));
  for (uint64_t w : words_) {
    PutInt32(out, static_cast<uint32_t>(w >> 32));
    PutInt32(out, static_cast<uint32_t>(w));
  }
  return out;
}

// Java: int combinedHash = h1 + (i * h2), flipped when negative, then `% bitSize` (a long):
// the index is below the bit count.
void SparkBloomFilter::Put(uint32_t h1, uint32_t h2) {
  auto bits = static_cast<uint64_t>(bit_size());
  for (int i = 1; i <= num_hash_functions_; ++i) {
    auto combined = static_cast<int32_t>(h1 + static_cast<uint32_t>(i) * h2);
    if (combined < 0) combined = ~combined;
    uint64_t index = static_cast<uint64_t>(combined) % bits;
    words_[index >> 6] |= uint64_t{1} << (index & 63);
  }
}

bool SparkBloomFilter::MightContain(uint32_t h1, uint32_t h2) const {
  auto bits = static_cast<uint64_t>(bit_size());
  for (int i = 1; i <= num_hash_functions_; ++i) {
    auto combined = static_cast<int32_t>(h1 + static_cast<uint32_t>(i) * h2);
    if (combined < 0) combined = ~combined;
    uint64_t index = static_cast<uint64_t>(combined) % bits;
    if ((words_[index >> 6] & (uint64_t{1} << (index & 63))) == 0) return false;
  }
  return true;
}

void SparkBloomFilter::PutLong(int64_t item) {
  uint32_t h1 = spark_hash::Murmur3Long(static_cast<uint64_t>(item), 0);
  Put(h1, spark_hash::Murmur3Long(static_cast<uint64_t>(item), h1));
}

void SparkBloomFilter::PutBinary(std::string_view item) {
  uint32_t h1 = spark_hash::Murmur3Bytes(item.data(), item.size(), 0);
  Put(h1, spark_hash::Murmur3Bytes(item.data(), item.size(), h1));
}

bool SparkBloomFilter::MightContainLong(int64_t item) const {
  uint32_t h1 = spark_hash::Murmur3Long(static_cast<uint64_t>(item), 0);
  return MightContain(h1, spark_hash::Murmur3Long(static_cast<uint64_t>(item), h1));
}

bool SparkBloomFilter::MightContainBinary(std::string_view item) const {
  uint32_t h1 = spark_hash::Murmur3Bytes(item.data(), item.size(), 0);
  return MightContain(h1, spark_hash::Murmur3Bytes(item.data(), item.size(), h1));
}

void SparkBloomFilter::Merge(const SparkBloomFilter& other) {
  if (other.words_.size() != words_.size() || other.num_hash_functions_ != num_hash_functions_) {
    throw InternalError("merging Spark Bloom filters of different sizes");
  }
  for (size_t i = 0; i < words_.size(); ++i) words_[i] |= other.words_[i];
}

int64_t SparkBloomFilter::Cardinality() const {
  return static_cast<int64_t>(CountSetBits(words_.data(), words_.size()));
}

}  // namespace floe
