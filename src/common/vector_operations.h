#pragma once

#include <cstdint>

#include "common/value.h"
#include "common/vector.h"

namespace floe {

/// Hashes `count` rows of a vector into hashes[]; with `combine`, mixes into the existing
/// hashes (for multi-column keys). NULL hashes to a fixed value.
void HashVector(const Vector& vector, size_t count, uint64_t* hashes, bool combine);

/// Returns the hash HashVector gives `value` in a vector of its type (not combined); INT
/// and BIGINT (and DATE and TIMESTAMP) of one number hash alike, as do FLOAT and DOUBLE.
/// NULL hashes to HashVector's NULL hash.
uint64_t HashValue(const Value& value);

/// Compares row i of a with row j of b (same type), NULLs excluded: <0, 0, >0.
/// Doubles order NaN last and -0.0 == 0.0, as Spark does.
int CompareRows(const Vector& a, size_t i, const Vector& b, size_t j);

/// Returns the hash HashVector gives `value` in a vector of its type (not combined); INT
/// and BIGINT (and DATE and TIMESTAMP) of one number hash alike, as do FLOAT and DOUBLE.
/// NULL hashes to HashVector's NULL hash.
uint64_t HashValue(const Value& value);

/// Compares row i of a with row j of b (same type) as one sort key orders them: NULLs
/// first or last, the others by CompareRows, ascending or descending. <0 when row i of a
/// sorts first, 0 when they tie.
inline int CompareSortKey(const Vector& a, size_t i, const Vector& b, size_t j, bool ascending, bool nulls_first) {
  bool an = a.IsNull(i), bn = b.IsNull(j);
  if (an || bn) {
    if (an && bn) return 0;
    return an == nulls_first ? -1 : 1;
  }
  int c = CompareRows(a, i, b, j);
  return ascending ? c : -c;
}

/// Returns true when row i of a equals row j of b, NULL equal to NULL (grouping semantics).
bool RowsEqualNullSafe(const Vector& a, size_t i, const Vector& b, size_t j);

/// Returns a well-mixed 64-bit hash of 64 bits.
inline uint64_t MixHash(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

}  // namespace floe
