#include "iceberg/uuid.h"

#include <random>

namespace floe::iceberg {

std::string Uuid::Random() {
  thread_local std::mt19937_64 rng(std::random_device{}() ^ (static_cast<uint64_t>(std::random_device{}()) << 32));
  uint64_t hi = rng(), lo = rng();
  hi = (hi & 0xffffffffffff0fffULL) | 0x0000000000004000ULL;  // version 4
  lo = (lo & 0x3fffffffffffffffULL) | 0x8000000000000000ULL;  // IETF variant
  static const char* kHex = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < 32; ++i) {
    uint64_t word = i < 16 ? hi : lo;
    int shift = 60 - 4 * (i % 16);
    if (i == 8 || i == 12 || i == 16 || i == 20) out += '-';
    out += kHex[(word >> shift) & 0xf];
  }
  return out;
}

}  // namespace floe::iceberg
