#pragma once

#include <cstdint>
#include <vector>

#include "common/vector.h"

namespace floe {

/// Direction and NULL placement of one sort key.
struct SortKeySpec {
  bool ascending = true;
  bool nulls_first = true;
};

/// Returns the row order of `count` rows by the given key vectors (stable). Rows are
/// sorted by a 64-bit order-preserving prefix of each key (LSD radix sort); equal
/// prefixes of whole values go on to the next key, equal prefixes of longer values
/// (strings, decimals) compare the rows. Shared by ORDER BY and window functions.
std::vector<uint32_t> SortPermutation(const std::vector<const Vector*>& keys,
                                      const std::vector<SortKeySpec>& specs, size_t count);

}  // namespace floe
