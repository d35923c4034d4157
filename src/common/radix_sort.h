#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>

namespace floe {

/// Sorts [begin, end) by key_of(element), an unsigned 64-bit key, keeping the order of equal
/// ones: an LSD radix sort with one counting pass per byte that is not the same in every key
/// (a stable comparison sort below 256 elements). Sorting again by another key sorts by that
/// key first and the earlier one within its ties.
template <typename T, typename KeyOf>
void RadixSortBy(T* begin, T* end, KeyOf key_of) {
  size_t n = static_cast<size_t>(end - begin);
  if (n < 256) {
    std::stable_sort(begin, end, [&key_of](const T& a, const T& b) { return key_of(a) < key_of(b); });
    return;
  }
  uint64_t any = 0, all = ~uint64_t{0};
  for (const T* e = begin; e < end; ++e) {
    uint64_t key = key_of(*e);
    any |= key;
    all &= key;
  }
  uint64_t varying = any ^ all;
  if (varying == 0) return;
  // (not value-initialized: every element is written by the first pass)
  std::unique_ptr<T[]> buffer(new T[n]);
  T* src = begin;
  T* dst = buffer.get();
  for (int shift = 0; shift < 64; shift += 8) {
    if (((varying >> shift) & 0xff) == 0) continue;
    size_t offsets[256] = {};
    for (size_t i = 0; i < n; ++i) ++offsets[(key_of(src[i]) >> shift) & 0xff];
    size_t sum = 0;
    for (size_t& offset : offsets) sum += std::exchange(offset, sum);
    for (size_t i = 0; i < n; ++i) dst[offsets[(key_of(src[i]) >> shift) & 0xff]++] = src[i];
    std::swap(src, dst);
  }
  if (src != begin) std::copy(src, src + n, begin);
}

/// Returns a signed integer as an unsigned key in the same order (the sign bit flipped).
inline uint64_t OrderedKey(int64_t v) { return static_cast<uint64_t>(v) ^ (uint64_t{1} << 63); }

}  // namespace floe
