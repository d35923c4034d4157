#pragma once

#include "iceberg/expressions/expression.h"
#include "iceberg/partition_spec.h"
#include "iceberg/schema.h"

namespace floe::iceberg {

/// Projects a row filter (predicates on source field ids) onto the partition tuple of a
/// spec (predicates on partition field ids), through each field's transform.
class Projections {
 public:
  /// Returns an expression true for every partition that may hold a matching row; a
  /// predicate no field of the spec can express becomes true.
  static ExpressionPtr Inclusive(const PartitionSpec& spec, const Schema& schema, const ExpressionPtr& filter);
  /// Returns an expression true only for partitions whose every row matches; a predicate
  /// no field of the spec can express becomes false.
  static ExpressionPtr Strict(const PartitionSpec& spec, const Schema& schema, const ExpressionPtr& filter);
};

}  // namespace floe::iceberg
