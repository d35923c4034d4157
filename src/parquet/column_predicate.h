#pragma once

#include <memory>

#include <vector>

#include "common/bloom_filter.h"
#include "common/sorted_values.h"
#include "common/value.h"
#include "parquet/column_statistics.h"
#include "parquet/parquet_schema.h"

namespace floe {

/// One conjunct of a scan filter on a file column, used to skip row groups and pages.
/// The values have the column's floe type, or one that converts to it without loss
/// (INT to BIGINT, DOUBLE or DECIMAL; FLOAT to DOUBLE); other values never prune.
struct ColumnPredicate {
  enum class Op { kEq, kLt, kLe, kGt, kGe, kIsNull, kIsNotNull, kIn };
  /// Index into ParquetReader::columns().
  int column = 0;
  Op op = Op::kEq;
  /// One value for comparisons, any number for kIn, none for the NULL tests.
  std::vector<Value> values;
  /// When >= 0: the predicate is on this leaf of `column`, a field inside structs only
  /// (s.a.b; ParquetReader::StructLeaf), whose statistics prune as a flat column's.
  int leaf_index = -1;
  /// kIn over many values (a runtime filter's keys): them distinct, non-NULL and ascending,
  /// shared between the readers of a scan's files (`values` then empty); MayMatch finds the
  /// first at or above a minimum by binary search.
  SortedValuesPtr sorted_values;

  /// Returns false only when no row described by the statistics can satisfy the predicate.
  /// Doubles compare as Spark orders them: NaN equals NaN and is above every number.
  bool MayMatch(const ColumnStatistics& stats) const;
  /// Returns false only when `bloom`, the Parquet Bloom filter of a chunk of `column`, holds
  /// none of an equality's or IN's values (ParquetBloomHashes). Other predicates, a value the
  /// filter cannot be asked about, and an IN of more than kMaxBloomProbes values may match.
  bool MayMatchBloom(const ParquetColumn& column, const BloomFilter& bloom) const;
  /// Returns true when MayMatchBloom may rule a chunk out: an equality, or an IN of at most
  /// kMaxBloomProbes values (so that a filter is read only when it can be used).
  bool CanAskBloom() const {
    if (op != Op::kEq && op != Op::kIn) return false;
    size_t n = sorted_values ? sorted_values->size() : values.size();
    return n > 0 && n <= kMaxBloomProbes;
  }
  /// An IN list longer than this is not tested against Bloom filters: hashing and probing
  /// each value for every row group would cost more than it saves.
  static constexpr size_t kMaxBloomProbes = 16384;
  /// Moves a kIn's values into sorted_values, distinct and ascending, when they are many,
  /// non-NULL and of one type.
  void SortIn();

 private:
  bool MayMatchOnlyNaN(const std::vector<Value>& values) const;
  // MayMatch of a kIn over sorted_values; `only_nan` when every non-NULL value is NaN.
  bool MayMatchSorted(const ColumnStatistics& stats, bool only_nan, bool may_have_nan) const;
  bool MayMatchValues(const std::vector<Value>& values, const Value& min, const Value& max,
                      bool may_have_nan) const;
};

}  // namespace floe
