#pragma once

#include <cstddef>
#include <cstdint>

#include "common/vector.h"

namespace floe {

/// Returns true when every row goes to the same state, as in an ungrouped aggregate.
/// Compares 8 pointers per step and stops at the first step with a difference, so a
/// grouped batch pays for a few pointers only.
inline bool AllSameState(uint8_t* const* states, size_t count) {
  if (count == 0) return false;
  const uintptr_t first = reinterpret_cast<uintptr_t>(states[0]);
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    uintptr_t diff = 0;
    for (size_t k = 0; k < 8; ++k) diff |= reinterpret_cast<uintptr_t>(states[i + k]) ^ first;
    if (diff != 0) return false;
  }
  for (; i < count; ++i) {
    if (reinterpret_cast<uintptr_t>(states[i]) != first) return false;
  }
  return true;
}

/// Calls op(i) for each row i in [0, count) that is not NULL in `validity`, skipping
/// whole 64-row words of NULLs and looping without checks over words with none.
template <typename Op>
inline void ForEachValidRow(const Validity& validity, size_t count, Op&& op) {
  const uint64_t* words = validity.words();
  if (words == nullptr) {
    for (size_t i = 0; i < count; ++i) op(i);
    return;
  }
  for (size_t base = 0; base < count; base += 64) {
    uint64_t word = words[base >> 6];
    size_t end = base + 64 < count ? base + 64 : count;
    if (word == ~uint64_t{0}) {
      for (size_t i = base; i < end; ++i) op(i);
    } else {
      while (word != 0) {
        size_t i = base + static_cast<size_t>(__builtin_ctzll(word));
        if (i >= end) break;
        op(i);
        word &= word - 1;
      }
    }
  }
}

/// Returns the state of row i cast to its kernel's state type.
template <typename State>
inline State& StateAt(uint8_t* const* states, size_t i) {
  return *reinterpret_cast<State*>(states[i]);
}

}  // namespace floe
