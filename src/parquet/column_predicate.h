#pragma once

#include <vector>

#include "common/value.h"
#include "parquet/column_statistics.h"

namespace floe {

/// One conjunct of a scan filter on a file column, used to skip row groups and pages.
/// The values have the column's floe type; a predicate whose values have another type
/// never prunes.
struct ColumnPredicate {
  enum class Op { kEq, kLt, kLe, kGt, kGe, kIsNull, kIsNotNull, kIn };
  /// Index into ParquetReader::columns().
  int column = 0;
  Op op = Op::kEq;
  /// One value for comparisons, any number for kIn, none for the NULL tests.
  std::vector<Value> values;

  /// Returns false only when no row described by the statistics can satisfy the predicate.
  bool MayMatch(const ColumnStatistics& stats) const;
};

}  // namespace floe
