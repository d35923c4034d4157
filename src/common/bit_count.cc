#include "common/bit_count.h"

#include <bit>
#include <cstring>

namespace floe {

// (one build of the loop for processors with popcnt, one without, chosen when loaded)
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("popcnt", "default")))
#endif
uint64_t CountSetBits(const void* data, size_t words) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  uint64_t n = 0;
  for (size_t i = 0; i < words; ++i) {
    uint64_t word;
    std::memcpy(&word, bytes + 8 * i, 8);
    n += static_cast<uint64_t>(std::popcount(word));
  }
  return n;
}

}  // namespace floe
