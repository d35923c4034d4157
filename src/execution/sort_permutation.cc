#include "execution/sort_permutation.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "common/radix_sort.h"
#include "common/vector_operations.h"

namespace floe {

namespace {

constexpr uint64_t kSignBit = uint64_t{1} << 63;

template <typename T>
uint64_t FloatPrefix(T x) {
  if (std::isnan(x)) return ~uint64_t{0};  // NaN sorts after every other value, as in Spark
  double d = x == 0 ? 0.0 : static_cast<double>(x);
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof(bits));
  return (bits & kSignBit) ? ~bits : bits | kSignBit;
}

// Writes an order-preserving 64-bit prefix of the values at `rows`, NULLs aside:
// prefix(a) < prefix(b) means a < b. Returns whether equal prefixes mean equal values
// (otherwise the rows themselves must be compared).
bool KeyPrefixes(const Vector& v, const uint32_t* rows, size_t count, uint64_t* out) {
  switch (v.type().id()) {
    case TypeId::kNull:
      std::fill(out, out + count, uint64_t{0});
      return true;
    case TypeId::kBoolean:
      for (size_t i = 0; i < count; ++i) out[i] = v.Data<uint8_t>()[rows[i]];
      return true;
    case TypeId::kInt8:
      for (size_t i = 0; i < count; ++i) out[i] = OrderedKey(v.Data<int8_t>()[rows[i]]);
      return true;
    case TypeId::kInt16:
      for (size_t i = 0; i < count; ++i) out[i] = OrderedKey(v.Data<int16_t>()[rows[i]]);
      return true;
    case TypeId::kInt32:
    case TypeId::kDate:
      for (size_t i = 0; i < count; ++i) {
        out[i] = OrderedKey(v.Data<int32_t>()[rows[i]]);
      }
      return true;
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
    case TypeId::kTime:
      for (size_t i = 0; i < count; ++i) out[i] = OrderedKey(v.Data<int64_t>()[rows[i]]);
      return true;
    case TypeId::kFloat:
      for (size_t i = 0; i < count; ++i) out[i] = FloatPrefix(v.Data<float>()[rows[i]]);
      return true;
    case TypeId::kDouble:
      for (size_t i = 0; i < count; ++i) out[i] = FloatPrefix(v.Data<double>()[rows[i]]);
      return true;
    case TypeId::kDecimal:
      for (size_t i = 0; i < count; ++i) {
        out[i] = OrderedKey(static_cast<int64_t>(v.Data<int128_t>()[rows[i]] >> 64));
      }
      return false;
    case TypeId::kString:
    case TypeId::kBinary:
      for (size_t i = 0; i < count; ++i) {
        const StringRef& s = v.Data<StringRef>()[rows[i]];
        uint64_t p = 0;
        size_t n = std::min<size_t>(s.size, 8);
        for (size_t b = 0; b < n; ++b) {
          p |= uint64_t{static_cast<uint8_t>(s.data[b])} << (56 - 8 * b);
        }
        out[i] = p;
      }
      return false;
    case TypeId::kInterval:
      for (size_t i = 0; i < count; ++i) {
        out[i] = OrderedKey(v.Data<Interval>()[rows[i]].months);
      }
      return false;
    case TypeId::kStruct:
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kVariant:  // (never a sort key: not orderable)
      // no prefix: the rows themselves are compared (CompareRows)
      std::fill(out, out + count, uint64_t{0});
      return false;
  }
  std::fill(out, out + count, uint64_t{0});
  return false;
}

// A row to sort: NULL rank and prefix of the key being sorted on, then the row number.
struct SortEntry {
  uint64_t prefix;
  uint32_t null_rank;  // orders NULLs before or after the other values
  uint32_t row;
};

// Sorts entries by (null_rank, prefix), keeping the order of equal ones: by prefix, then by
// NULL rank (radix sorts, each stable).
void RadixSort(SortEntry* begin, SortEntry* end) {
  RadixSortBy(begin, end, [](const SortEntry& e) { return e.prefix; });
  RadixSortBy(begin, end, [](const SortEntry& e) { return uint64_t{e.null_rank}; });
}

// Sorts entries [begin, end), which are equal on the keys before `k`, by keys k, k+1, ...
// and then by row number (which keeps the sort stable). Entries are sorted by the prefix of
// key k; when the prefix is the whole value, runs of equal prefixes are sorted by the next
// key the same way; otherwise equal prefixes compare the rows themselves.
void SortEntries(SortEntry* begin, SortEntry* end, size_t k,
                 const std::vector<const Vector*>& keys, const std::vector<SortKeySpec>& specs) {
  const Vector& v = *keys[k];
  const SortKeySpec& spec = specs[k];
  uint32_t rows[kBatchSize];
  uint64_t prefixes[kBatchSize];
  bool exact = true;
  for (SortEntry* e = begin; e < end; e += kBatchSize) {
    size_t n = std::min<size_t>(kBatchSize, end - e);
    for (size_t j = 0; j < n; ++j) rows[j] = e[j].row;
    exact = KeyPrefixes(v, rows, n, prefixes);
    for (size_t j = 0; j < n; ++j) {
      bool is_null = v.IsNull(rows[j]);
      e[j].prefix = is_null ? 0 : (spec.ascending ? prefixes[j] : ~prefixes[j]);
      e[j].null_rank = is_null == spec.nulls_first ? 0 : 1;
    }
  }
  if (!exact) {
    auto compare_rows = [&](uint32_t a, uint32_t b) {
      for (size_t key = k; key < keys.size(); ++key) {
        int c = CompareSortKey(*keys[key], a, *keys[key], b, specs[key].ascending, specs[key].nulls_first);
        if (c != 0) return c;
      }
      return 0;
    };
    std::sort(begin, end, [&](const SortEntry& a, const SortEntry& b) {
      if (a.null_rank != b.null_rank) return a.null_rank < b.null_rank;
      if (a.prefix != b.prefix) return a.prefix < b.prefix;
      int c = compare_rows(a.row, b.row);
      return c != 0 ? c < 0 : a.row < b.row;
    });
    return;
  }
  // Entries arrive in row order within equal earlier keys, and the radix sort keeps it.
  RadixSort(begin, end);
  if (k + 1 == keys.size()) return;
  for (SortEntry* group = begin; group < end;) {
    SortEntry* next = group + 1;
    while (next < end && next->null_rank == group->null_rank && next->prefix == group->prefix) {
      ++next;
    }
    if (next - group > 1) SortEntries(group, next, k + 1, keys, specs);
    group = next;
  }
}

}  // namespace

std::vector<uint32_t> SortPermutation(const std::vector<const Vector*>& keys,
                                      const std::vector<SortKeySpec>& specs, size_t count) {
  std::vector<SortEntry> entries(count);
  for (size_t i = 0; i < count; ++i) entries[i] = {0, 0, static_cast<uint32_t>(i)};
  if (!keys.empty() && count > 1) {
    SortEntries(entries.data(), entries.data() + count, 0, keys, specs);
  }
  std::vector<uint32_t> perm(count);
  for (size_t i = 0; i < count; ++i) perm[i] = entries[i].row;
  return perm;
}

}  // namespace floe
