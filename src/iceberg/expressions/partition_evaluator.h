#pragma once

#include <unordered_map>
#include <vector>

#include "common/value.h"
#include "iceberg/expressions/expression.h"
#include "iceberg/partition_spec.h"
#include "iceberg/schema.h"

namespace floe::iceberg {

/// Evaluates a row filter against the partition tuple of a data file (Java's Evaluator
/// over the partition struct), through the inclusive projection onto the file's spec.
/// A file may be skipped if and only if Eval returns false.
class PartitionEvaluator {
 public:
  /// Builds the evaluator for files written with `spec`; `filter` is on `schema`'s ids.
  /// With `strict`, it evaluates the strict projection instead (see Eval).
  PartitionEvaluator(const ExpressionPtr& filter, const PartitionSpec& spec, const Schema& schema,
                     bool strict = false);
  /// Builds the inclusive evaluator over a filter already projected onto `spec` (a
  /// ManifestEvaluator's partition_filter()): a runtime filter's million keys are
  /// projected once.
  PartitionEvaluator(ExpressionPtr projected, const PartitionSpec& spec);

  /// Returns false only when no row of a file with this partition tuple can match; when
  /// strict, returns true only when every row of such a file matches.
  bool Eval(const std::vector<Value>& partition) const;
  /// Returns the filter projected onto the spec's partition field ids.
  const ExpressionPtr& partition_filter() const { return partition_filter_; }

 private:
  bool Eval(const Expression& e, const std::vector<Value>& partition) const;

  ExpressionPtr partition_filter_;
  std::unordered_map<int, size_t> positions_;
  bool strict_ = false;
};

}  // namespace floe::iceberg
