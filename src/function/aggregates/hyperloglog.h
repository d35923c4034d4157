#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/types.h"
#include "function/aggregate_function.h"

namespace floe {

/// A HyperLogLog sketch of 2^p one-byte registers, as Spark's HyperLogLogPlusPlus sizes
/// it, estimated with Ertl's improved raw estimator ("New cardinality estimation
/// algorithms for HyperLogLog sketches", 2017), which needs no bias-correction tables
/// and is accurate from 0 to far beyond 10^9.
class HyperLogLog {
 public:
  static constexpr double kDefaultRelativeSD = 0.05;
  static constexpr int kMinPrecision = 4;
  static constexpr int kMaxPrecision = 18;

  /// Returns Spark's precision for a relative standard deviation: ceil(2 log2(1.106/rsd)).
  /// Throws InvalidInputError when it is outside [kMinPrecision, kMaxPrecision].
  static int PrecisionFor(double relative_sd);

  explicit HyperLogLog(int precision);

  /// Adds a 64-bit hash of a value.
  void Add(uint64_t hash) {
    size_t index = hash >> (64 - precision_);
    uint64_t rest = hash << precision_;
    uint8_t rank = rest == 0 ? static_cast<uint8_t>(65 - precision_)
                             : static_cast<uint8_t>(__builtin_clzll(rest) + 1);
    if (rank > registers_[index]) registers_[index] = rank;
  }
  /// Merges another sketch of the same precision (register-wise max).
  void Merge(const HyperLogLog& other);
  /// Returns the estimated number of distinct hashes added.
  int64_t Estimate() const;

  int precision() const { return precision_; }

 private:
  int precision_;
  std::vector<uint8_t> registers_;
};

/// Returns the 64-bit xxHash (XXH64) of `size` bytes with a seed.
uint64_t XxHash64(const void* data, size_t size, uint64_t seed);

/// Binds approx_count_distinct(x[, rsd]): a bigint estimate of the
/// number of distinct non-NULL x, 0 for no rows; rsd (default 0.05) must be constant.
BoundAggregateFunction BindApproxCountDistinct(const std::vector<LogicalType>& arg_types,
                                               bool distinct);

}  // namespace floe
