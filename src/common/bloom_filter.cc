#include "common/bloom_filter.h"

#include <algorithm>
#include <cmath>

namespace floe {

namespace {

constexpr size_t kBitsPerKey = 16;
constexpr size_t kMaxBlocks = size_t{4} << 20 >> 5;  // 4 MiB of 32-byte blocks

}  // namespace

BloomFilter::BloomFilter(size_t expected_keys) {
  size_t blocks = (std::max<size_t>(expected_keys, 1) * kBitsPerKey + 255) / 256;
  blocks_.resize(std::clamp<size_t>(blocks, 1, kMaxBlocks));
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
