#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "common/bloom_filter.h"
#include "common/sorted_values.h"
#include "common/value.h"
#include "common/vector.h"
#include "planner/bound_expression.h"

namespace floe {

/// The build keys of one hash join key, as a filter on the probe side (dynamic partition
/// pruning): the distinct non-NULL keys while there are at most `max_values` of them,
/// else their min/max range and a Bloom filter of every one. NULL keys are left out: a
/// NULL never equals a key. Published by the join into a RuntimeFilterSlot.
class RuntimeFilter {
 public:
  /// Collects the filter of `count` rows of a build key column a column at a time: one
  /// hash pass (HashVector, which hashes -0.0 as 0.0 and every NaN alike), the distinct
  /// keys by hash while there are at most `max_values`, the min and max by a typed pass,
  /// and the Bloom filter from the hashes; the listed keys are kept typed (SortedValues).
  /// Integer-like keys of at most `max_values` rows are listed by a radix sort of the keys
  /// instead, with no hash pass. `hashes`, when given, are the keys' hashes as HashVector
  /// makes them (a one-key join has them already).
  static std::shared_ptr<const RuntimeFilter> FromBuildKeys(const Vector& keys, size_t count, size_t max_values,
                                                            const uint64_t* hashes = nullptr);

  /// Returns true when a random sample of the `non_null` non-NULL keys among rows
  /// [0, count) (`hashes` theirs, as HashVector makes them) shows, beyond reasonable doubt,
  /// more than `max_values` distinct keys, so that listing them would be futile.
  ///
  /// With at most M distinct keys among N rows, two rows drawn at random hold one key with
  /// chance sum(n_k (n_k - 1)) / (N (N - 1)) >= (N / M - 1) / (N - 1), as
  /// sum(n_k^2) >= N^2 / M (n_k the rows of key k). Among s distinct sampled rows (32,768
  /// draws), s (s - 1) / 2 pairs, at least `expected` of them are then expected to share a
  /// key. The test is made only where that is 64 or more, and finds more keys when fewer
  /// than a quarter as many pairs share one. Equal hashes count as one key (two keys of one
  /// hash add a pair: toward listing). The rows are drawn at random, not by stride, which
  /// sorted runs of one key would fool; the seed is fixed, so that one build side always
  /// gives one filter.
  static bool SampleShowsMoreKeys(const Validity& validity, size_t count, size_t non_null, const uint64_t* hashes,
                                  size_t max_values);

  /// Returns the type of the keys.
  const LogicalType& type() const { return type_; }
  /// Returns the rows of the build side, NULL keys included.
  size_t build_rows() const { return build_rows_; }
  /// Returns the time FromBuildKeys took: the build-key pass, part of the join's build.
  double collect_ms() const { return collect_ms_; }
  /// Returns the most distinct keys the filter lists.
  size_t max_values() const { return max_values_; }
  /// Returns true when the filter lists the distinct keys (values()); false when it is
  /// a range and a Bloom filter.
  bool exact() const { return bloom_ == nullptr; }
  /// Returns the distinct non-NULL keys in ascending order (empty unless exact()).
  const SortedValues& values() const { return *values_; }
  /// Returns the smallest and the largest non-NULL key (NULL values when there is none).
  const Value& min() const { return min_; }
  const Value& max() const { return max_; }
  /// Returns the Bloom filter of every non-NULL key (hashed as HashVector hashes a
  /// column of type()), or null when exact().
  const std::shared_ptr<const BloomFilter>& bloom() const { return bloom_; }
  /// Returns false only when no build key equals `value` (a value of type(), or one it
  /// promotes from: int to long, float to double); a NULL never matches.
  bool MayContain(const Value& value) const;
  /// Returns the filter on `probe_key`: `probe_key IN (keys)` (an in_list sharing the
  /// keys, however many; no keys: `false`), or
  /// `probe_key >= min AND probe_key <= max` when not exact (the Bloom filter is applied
  /// apart, where a value can be hashed).
  BoundExpressionPtr ToExpression(const BoundExpression& probe_key) const;
  /// Describes the filter for plans: "90 distinct keys", "min/max range and Bloom filter
  /// (more than 10 distinct keys)".
  std::string Describe() const;

 private:
  RuntimeFilter() = default;
  // Lists the distinct non-NULL keys of rows [0, count) of an integer-like column (integers,
  // dates, timestamps, times) in `filter`, with their min and max, by sorting the keys
  // themselves: no hash pass (count is at most max_values, so every key is listed). Returns
  // false, listing nothing, for any other type.
  static bool ListIntegerKeys(const Vector& keys, size_t count, RuntimeFilter* filter);

  LogicalType type_;
  size_t build_rows_ = 0;
  size_t max_values_ = 0;
  double collect_ms_ = 0;
  SortedValuesPtr values_ = SortedValues::Of({});
  Value min_, max_;
  std::shared_ptr<const BloomFilter> bloom_;
};

}  // namespace floe
