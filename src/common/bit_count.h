#pragma once

#include <cstddef>
#include <cstdint>

namespace floe {

/// Returns how many bits are set in the `words` 64-bit words at `data` (of any alignment).
/// It counts with the popcnt instruction where the processor has one: floe builds for
/// baseline x86-64, where std::popcount of each word is a call into libgcc.
uint64_t CountSetBits(const void* data, size_t words);

}  // namespace floe
