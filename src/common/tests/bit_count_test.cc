// CountSetBits: the set bits of any number of words at any alignment, as a bit-by-bit count
// gives them (whichever build of the loop the processor runs).

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "common/bit_count.h"

namespace floe {
namespace {

TEST(BitCountTest, CountsEveryBitOfAnyWordsAtAnyAlignment) {
  std::mt19937_64 rng(5);
  std::vector<unsigned char> bytes(8 * 140 + 8);
  for (auto& b : bytes) b = static_cast<unsigned char>(rng());
  bytes[0] = bytes[1] = 0xFF;  // all-ones and all-zeros words among them
  for (size_t i = 8; i < 16; ++i) bytes[i] = 0;
  for (size_t offset = 0; offset < 8; ++offset) {
    for (size_t words = 0; words <= 140; ++words) {
      uint64_t expected = 0;
      for (size_t i = 0; i < 8 * words; ++i) {
        for (int bit = 0; bit < 8; ++bit) expected += (bytes[offset + i] >> bit) & 1;
      }
      EXPECT_EQ(CountSetBits(bytes.data() + offset, words), expected) << words << " words at " << offset;
    }
  }
  std::vector<unsigned char> ones(8 * 3, 0xFF);
  EXPECT_EQ(CountSetBits(ones.data(), 3), 192u);
}

}  // namespace
}  // namespace floe
