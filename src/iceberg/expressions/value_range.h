#pragma once

#include "common/value.h"
#include "iceberg/expressions/predicate.h"

namespace floe::iceberg {

/// The known bounds of the non-NULL, non-NaN values of a column or partition field in a
/// file or manifest; a NULL bound is unknown. Strings bounds may be truncated prefixes
/// (lower) or incremented prefixes (upper), which still bound every value.
struct ValueRange {
  Value lower;
  Value upper;
  /// True when no value is NaN (a floating-point column whose NaN count is known to be 0):
  /// only then can bounds show that != or NOT IN holds for no value (NaN satisfies both).
  bool nan_free = false;

  /// Returns false only when no value within the bounds satisfies the comparison, set or
  /// prefix predicate; NULL and NaN tests are the caller's.
  bool MayMatch(const Predicate& predicate) const;
};

}  // namespace floe::iceberg
