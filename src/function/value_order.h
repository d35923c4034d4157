#pragma once

#include <cmath>
#include <type_traits>

#include "common/string_ref.h"
#include "common/types.h"

namespace floe {

/// Returns true when a sorts before b in Spark's order: NaN is greater than every
/// other float and equal to itself; strings and binaries compare as unsigned bytes.
template <typename T>
inline bool OrderLess(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a)) return false;
    if (std::isnan(b)) return true;
    return a < b;
  } else if constexpr (std::is_same_v<T, StringRef>) {
    return a.Compare(b) < 0;
  } else {
    return a < b;
  }
}

/// Returns true when T has an order min/max and min_by/max_by may use.
template <typename T>
constexpr bool kIsOrdered = !std::is_same_v<T, Interval>;

}  // namespace floe
