#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

// Spark's two hash functions over the bytes of one value, bit for bit: Murmur3_x86_32 (the
// `hash` function, the Bloom filters of org.apache.spark.util.sketch) and XXH64 (the
// `xxhash64` function, whose values the runtime Bloom filters hold). Ints are hashed as their
// 4 little-endian bytes, longs as 8, byte strings with each algorithm's tail. Iceberg's bucket
// hash (iceberg/transforms/bucket_hash) is Murmur3_x86_32 from the same steps, with the
// reference tail.

namespace floe::spark_hash {

// ---- Murmur3_x86_32 ----

inline uint32_t Rotl32(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

inline uint32_t Murmur3MixK1(uint32_t k1) { return Rotl32(k1 * 0xcc9e2d51u, 15) * 0x1b873593u; }

inline uint32_t Murmur3MixH1(uint32_t h1, uint32_t k1) {
  h1 ^= k1;
  h1 = Rotl32(h1, 13);
  return h1 * 5 + 0xe6546b64u;
}

inline uint32_t Murmur3Fmix(uint32_t h1, uint32_t length) {
  h1 ^= length;
  h1 ^= h1 >> 16;
  h1 *= 0x85ebca6bu;
  h1 ^= h1 >> 13;
  h1 *= 0xc2b2ae35u;
  h1 ^= h1 >> 16;
  return h1;
}

/// Murmur3_x86_32.hashInt.
inline uint32_t Murmur3Int(uint32_t v, uint32_t seed) { return Murmur3Fmix(Murmur3MixH1(seed, Murmur3MixK1(v)), 4); }

/// Murmur3_x86_32.hashLong: the low word, then the high word.
inline uint32_t Murmur3Long(uint64_t v, uint32_t seed) {
  uint32_t h1 = Murmur3MixH1(seed, Murmur3MixK1(static_cast<uint32_t>(v)));
  h1 = Murmur3MixH1(h1, Murmur3MixK1(static_cast<uint32_t>(v >> 32)));
  return Murmur3Fmix(h1, 8);
}

/// Murmur3_x86_32.hashUnsafeBytes: whole little-endian words, then each remaining byte
/// (sign-extended) mixed as a word of its own (Spark's variant, not the reference tail).
inline uint32_t Murmur3Bytes(const char* data, size_t size, uint32_t seed) {
  size_t aligned = size - size % 4;
  uint32_t h1 = seed;
  for (size_t i = 0; i < aligned; i += 4) {
    uint32_t word;
    std::memcpy(&word, data + i, 4);
    h1 = Murmur3MixH1(h1, Murmur3MixK1(word));
  }
  for (size_t i = aligned; i < size; ++i) {
    int32_t byte = static_cast<int8_t>(data[i]);
    h1 = Murmur3MixH1(h1, Murmur3MixK1(static_cast<uint32_t>(byte)));
  }
  return Murmur3Fmix(h1, static_cast<uint32_t>(size));
}

// ---- XXH64 ----

inline constexpr uint64_t kXxPrime1 = 0x9E3779B185EBCA87ull;
inline constexpr uint64_t kXxPrime2 = 0xC2B2AE3D27D4EB4Full;
inline constexpr uint64_t kXxPrime3 = 0x165667B19E3779F9ull;
inline constexpr uint64_t kXxPrime4 = 0x85EBCA77C2B2AE63ull;
inline constexpr uint64_t kXxPrime5 = 0x27D4EB2F165667C5ull;

inline uint64_t Rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

inline uint64_t XxFmix(uint64_t hash) {
  hash ^= hash >> 33;
  hash *= kXxPrime2;
  hash ^= hash >> 29;
  hash *= kXxPrime3;
  hash ^= hash >> 32;
  return hash;
}

inline uint64_t XxRound(uint64_t acc, uint64_t input) { return Rotl64(acc + input * kXxPrime2, 31) * kXxPrime1; }

inline uint64_t XxMergeRound(uint64_t hash, uint64_t v) { return (hash ^ XxRound(0, v)) * kXxPrime1 + kXxPrime4; }

/// XXH64.hashInt: the 4 bytes of an int.
inline uint64_t XxHash64Int(uint32_t v, uint64_t seed) {
  uint64_t hash = seed + kXxPrime5 + 4;
  hash ^= static_cast<uint64_t>(v) * kXxPrime1;
  hash = Rotl64(hash, 23) * kXxPrime2 + kXxPrime3;
  return XxFmix(hash);
}

/// XXH64.hashLong: the 8 bytes of a long.
inline uint64_t XxHash64Long(uint64_t v, uint64_t seed) {
  uint64_t hash = seed + kXxPrime5 + 8;
  hash ^= Rotl64(v * kXxPrime2, 31) * kXxPrime1;
  hash = Rotl64(hash, 27) * kXxPrime1 + kXxPrime4;
  return XxFmix(hash);
}

/// XXH64.hashUnsafeBytes: the reference XXH64 of the bytes (32-byte stripes, 8-byte words,
/// one 4-byte word, single bytes).
inline uint64_t XxHash64Bytes(const char* data, size_t size, uint64_t seed) {
  const char* p = data;
  const char* end = data + size;
  uint64_t hash;
  auto read64 = [](const char* at) {
    uint64_t v;
    std::memcpy(&v, at, 8);
    return v;
  };
  if (size >= 32) {
    uint64_t v1 = seed + kXxPrime1 + kXxPrime2;
    uint64_t v2 = seed + kXxPrime2;
    uint64_t v3 = seed;
    uint64_t v4 = seed - kXxPrime1;
    const char* limit = end - 32;
    do {
      v1 = XxRound(v1, read64(p));
      v2 = XxRound(v2, read64(p + 8));
      v3 = XxRound(v3, read64(p + 16));
      v4 = XxRound(v4, read64(p + 24));
      p += 32;
    } while (p <= limit);
    hash = Rotl64(v1, 1) + Rotl64(v2, 7) + Rotl64(v3, 12) + Rotl64(v4, 18);
    hash = XxMergeRound(hash, v1);
    hash = XxMergeRound(hash, v2);
    hash = XxMergeRound(hash, v3);
    hash = XxMergeRound(hash, v4);
  } else {
    hash = seed + kXxPrime5;
  }
  hash += size;
  while (p + 8 <= end) {
    hash ^= XxRound(0, read64(p));
    hash = Rotl64(hash, 27) * kXxPrime1 + kXxPrime4;
    p += 8;
  }
  if (p + 4 <= end) {
    uint32_t word;
    std::memcpy(&word, p, 4);
    hash ^= static_cast<uint64_t>(word) * kXxPrime1;
    hash = Rotl64(hash, 23) * kXxPrime2 + kXxPrime3;
    p += 4;
  }
  while (p < end) {
    hash ^= static_cast<uint64_t>(static_cast<uint8_t>(*p)) * kXxPrime5;
    hash = Rotl64(hash, 11) * kXxPrime1;
    ++p;
  }
  return XxFmix(hash);
}

}  // namespace floe::spark_hash
