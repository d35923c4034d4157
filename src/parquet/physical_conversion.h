#pragma once

// Conversions of single Parquet physical values to floe's representation, shared by the
// column reader's loops and the statistics decoder.

#include <cstdint>
#include <cstring>

#include "common/date_time.h"
#include "common/types.h"

namespace floe::parquet {

/// Converts a legacy INT96 timestamp (nanos of day, then Julian day) to epoch micros.
inline int64_t Int96ToMicros(const uint8_t* p) {
  int64_t nanos;
  uint32_t julian_day;
  std::memcpy(&nanos, p, 8);
  std::memcpy(&julian_day, p + 8, 4);
  constexpr int64_t kJulianEpochDay = 2440588;
  constexpr int64_t kMicrosPerDay = 86400LL * 1000000;
  // wrapping arithmetic: corrupt values give wrong times, never undefined behaviour
  uint64_t days = static_cast<uint64_t>(static_cast<int64_t>(julian_day) - kJulianEpochDay);
  return static_cast<int64_t>(days * static_cast<uint64_t>(kMicrosPerDay) +
                              static_cast<uint64_t>(FloorDiv(nanos, 1000)));
}

/// Converts milliseconds to microseconds, wrapping on overflow (only corrupt data does).
inline int64_t MillisToMicros(int64_t v) {
  return static_cast<int64_t>(static_cast<uint64_t>(v) * 1000u);
}

/// Converts big-endian two's complement bytes (at most 16) to a 128-bit integer.
inline int128_t BigEndianToInt128(const uint8_t* p, size_t n) {
  if (n == 0) return 0;
  uint128_t v = (p[0] & 0x80) ? ~uint128_t{0} : 0;
  for (size_t i = 0; i < n; ++i) v = (v << 8) | p[i];
  return static_cast<int128_t>(v);
}

/// Writes the low `n` bytes of v big-endian (two's complement) to out.
inline void Int128ToBigEndian(int128_t v, size_t n, uint8_t* out) {
  auto u = static_cast<uint128_t>(v);
  for (size_t i = 0; i < n; ++i) out[n - 1 - i] = static_cast<uint8_t>(u >> (8 * i));
}

/// Returns the fewest big-endian bytes that hold v in two's complement.
inline size_t MinimalBytes(int128_t v) {
  size_t n = 1;
  while (n < 16) {
    int128_t lo = -(int128_t{1} << (8 * n - 1));
    int128_t hi = (int128_t{1} << (8 * n - 1)) - 1;
    if (v >= lo && v <= hi) break;
    ++n;
  }
  return n;
}

}  // namespace floe::parquet
