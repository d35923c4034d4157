#pragma once

#include <memory>
#include <unordered_map>
#include <vector>

#include "common/value.h"
#include "iceberg/expressions/expression.h"
#include "iceberg/expressions/partition_evaluator.h"
#include "iceberg/partition_spec.h"
#include "iceberg/schema.h"

namespace floe::iceberg {

/// Finds what of a row filter is left to test on the rows of a file once its partition
/// tuple is known (Java's ResidualEvaluator): a predicate that every row of the partition
/// satisfies (its strict projection holds) becomes true, one that no row can (its
/// inclusive projection fails) becomes false, the others stay. The residual is true
/// exactly when PartitionEvaluator's strict Eval of the whole filter is.
class ResidualEvaluator {
 public:
  /// Builds the evaluator for files written with `spec`; `filter` is on `schema`'s ids.
  ResidualEvaluator(const ExpressionPtr& filter, const PartitionSpec& spec, const Schema& schema);

  /// Returns the residual of the filter for a file with this partition tuple.
  ExpressionPtr ResidualFor(const std::vector<Value>& partition) const;

 private:
  struct Leaf {
    std::unique_ptr<PartitionEvaluator> strict;
    std::unique_ptr<PartitionEvaluator> inclusive;
  };
  ExpressionPtr ResidualOf(const ExpressionPtr& e, const std::vector<Value>& partition) const;

  ExpressionPtr filter_;
  std::unordered_map<const Expression*, Leaf> leaves_;
};

}  // namespace floe::iceberg
