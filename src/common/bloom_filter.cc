#include "common/bloom_filter.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

namespace floe {

namespace {

constexpr size_t kBitsPerKey = 16;
constexpr size_t kMaxBlocks = size_t{4} << 20 >> 5;  // 4 MiB of 32-byte blocks

}  // namespace

BloomFilter::BloomFilter(size_t expected_keys) {
  size_t blocks = (std::max<size_t>(expected_keys, 1) * kBitsPerKey + 255) / 256;
  blocks_.resize(std::clamp<size_t>(blocks, 1, kMaxBlocks));
}

BloomFilter BloomFilter::OfBytes(size_t bytes) {
  BloomFilter filter;
  filter.blocks_.resize(std::max<size_t>(bytes / sizeof(Block), 1));
  return filter;
}

BloomFilter BloomFilter::FromBitset(const uint8_t* bitset, size_t bytes) {
  BloomFilter filter = OfBytes(bytes);
  static_assert(std::endian::native == std::endian::little, "Parquet's words are little-endian");
  std::memcpy(filter.blocks_.data(), bitset, std::min(bytes, filter.SizeInBytes()));
  return filter;
}

void BloomFilter::FoldTo(size_t blocks) {
  while (blocks_.size() > std::max<size_t>(blocks, 1) && blocks_.size() % 2 == 0) {
    size_t half = blocks_.size() / 2;
    for (size_t b = 0; b < half; ++b) {
      Block merged = blocks_[2 * b];
      for (int i = 0; i < 8; ++i) merged.words[i] |= blocks_[2 * b + 1].words[i];
      blocks_[b] = merged;
    }
    blocks_.resize(half);
  }
}

double BloomFilter::EstimateDistinct() const {
  // Each insert sets one bit in each of the eight words of one block: of the 32 * blocks
  // bits at one word position, the share still clear is about (1 - 1 / (32 * blocks))^n,
  // here averaged over the eight positions.
  size_t clear = 0;
  for (const Block& b : blocks_) {
    for (uint32_t w : b.words) clear += static_cast<size_t>(32 - std::popcount(w));
  }
  double lanes = 32.0 * static_cast<double>(blocks_.size());
  double share = static_cast<double>(clear) / (8 * lanes);
  if (share <= 0) return lanes * 8;  // saturated: more than the filter can tell
  return std::log(share) / std::log1p(-1.0 / lanes);
}

double BloomFilter::FalsePositiveRate(size_t keys) const {
  // A block holds j keys with Poisson probability (mean keys / blocks); a hash not in
  // it passes when each of its eight words has the one bit it tests set.
  double mean = static_cast<double>(keys) / static_cast<double>(blocks_.size());
  double spread = 12 * std::sqrt(mean) + 32;
  size_t first = static_cast<size_t>(std::max(0.0, mean - spread));
  size_t last = static_cast<size_t>(mean + spread);
  double rate = 0;
  for (size_t j = first; j <= last; ++j) {
    double jd = static_cast<double>(j);
    double p_j = std::exp(-mean + (j ? jd * std::log(mean) : 0.0) - std::lgamma(jd + 1));
    double bit_set = 1 - std::pow(31.0 / 32.0, jd);
    rate += p_j * std::pow(bit_set, 8);
  }
  return rate;
}

}  // namespace floe
