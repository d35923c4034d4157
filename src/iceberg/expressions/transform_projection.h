#pragma once

#include "iceberg/expressions/predicate.h"
#include "iceberg/transforms/transform.h"
#include "iceberg/type.h"

namespace floe::iceberg {

/// Projects one predicate on a source column through one partition transform onto its
/// partition field (Java's Transform.project / projectStrict). Inclusive: the projection
/// is true for every partition holding a row that satisfies the predicate. Strict: when
/// the projection is true for a partition, every row of it satisfies the predicate.
/// "Cannot project" returns nullptr.
class TransformProjection {
 public:
  /// Returns the inclusive projection onto partition field `partition_field_id`, or nullptr.
  static ExpressionPtr Inclusive(const Transform& transform, const Type& source, int partition_field_id,
                                 const Predicate& predicate);
  /// Returns the strict projection onto partition field `partition_field_id`, or nullptr.
  static ExpressionPtr Strict(const Transform& transform, const Type& source, int partition_field_id,
                              const Predicate& predicate);
};

/// Returns the value one step (a day, a microsecond, one unscaled unit) after (`delta` 1)
/// or before (-1) an integer, decimal, date or timestamp value, or NULL when out of range
/// or not a stepped type.
Value StepValue(const Value& value, int delta);

}  // namespace floe::iceberg
