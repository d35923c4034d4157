#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace floe {

/// A split-block Bloom filter over 64-bit hashes (Parquet's SBBF: blocks of eight 32-bit
/// words, one bit set per word by eight salted multiplications). MayContain never says
/// false for a hash that was inserted; for others it says true at about the rate of
/// FalsePositiveRate(). Callers hash values as HashVector / HashValue do, so equal keys
/// (-0.0 and 0.0, every NaN) meet in one hash.
class BloomFilter {
 public:
  /// Builds an empty filter sized for `expected_keys` distinct keys at 16 bits a key
  /// (a false-positive rate of about 0.1%), at least one block and at most 4 MiB.
  explicit BloomFilter(size_t expected_keys);
  /// Returns an empty filter of exactly `bytes` bytes (a multiple of 32, at least 32).
  static BloomFilter OfBytes(size_t bytes);
  /// Returns the filter whose blocks are `bytes` bytes of `bitset` (a multiple of 32, at
  /// least 32): Parquet's bitset, its words little-endian.
  static BloomFilter FromBitset(const uint8_t* bitset, size_t bytes);

  /// Inserts one hash.
  void Insert(uint64_t hash) {
    Block& block = blocks_[BlockOf(hash)];
    uint32_t key = static_cast<uint32_t>(hash);
    for (int i = 0; i < 8; ++i) block.words[i] |= Mask(key, i);
  }
  /// Inserts `count` hashes, skipping those where `skip` (when given) is set: the blocks
  /// fetched ahead of their turn, so that a filter larger than the caches fills at the
  /// speed of memory rather than of its latency.
  template <typename Skip>
  void InsertMany(const uint64_t* hashes, size_t count, Skip skip) {
    constexpr size_t kAhead = 16;
    for (size_t i = 0; i < count; ++i) {
      if (i + kAhead < count) __builtin_prefetch(&blocks_[BlockOf(hashes[i + kAhead])], 1);
      if (!skip(i)) Insert(hashes[i]);
    }
  }
  /// Returns false only when `hash` was never inserted.
  bool MayContain(uint64_t hash) const {
    const Block& block = blocks_[BlockOf(hash)];
    uint32_t key = static_cast<uint32_t>(hash);
    for (int i = 0; i < 8; ++i) {
      if ((block.words[i] & Mask(key, i)) == 0) return false;
    }
    return true;
  }
  /// Returns the size of the filter in bytes.
  size_t SizeInBytes() const { return blocks_.size() * sizeof(Block); }
  /// Returns the filter's bitset (SizeInBytes() bytes), as Parquet stores it.
  const uint8_t* bitset() const { return reinterpret_cast<const uint8_t*>(blocks_.data()); }
  /// Halves the filter while it has more than `blocks` blocks and an even number of them,
  /// keeping every inserted hash: a hash's block at n blocks is (hash >> 32) * n >> 32, so at
  /// n / 2 it is that block halved, and two neighbouring blocks merge into one.
  void FoldTo(size_t blocks);
  /// Estimates the number of distinct hashes inserted from the bits still clear (linear
  /// counting: an insert sets one of the 32 bits of each word of one block).
  double EstimateDistinct() const;
  /// Returns the expected rate of false positives once `keys` distinct keys are in.
  double FalsePositiveRate(size_t keys) const;

 private:
  struct Block {
    uint32_t words[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  };
  size_t BlockOf(uint64_t hash) const { return static_cast<size_t>(((hash >> 32) * blocks_.size()) >> 32); }
  static uint32_t Mask(uint32_t key, int i) {
    static constexpr uint32_t kSalt[8] = {0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU,
                                          0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U};
    return uint32_t{1} << ((key * kSalt[i]) >> 27);
  }

  BloomFilter() = default;

  std::vector<Block> blocks_;
};

}  // namespace floe
