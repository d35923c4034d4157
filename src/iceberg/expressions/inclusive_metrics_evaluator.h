#pragma once

#include "iceberg/expressions/expression.h"
#include "iceberg/manifests/data_file.h"
#include "iceberg/schema.h"

namespace floe::iceberg {

/// Evaluates a row filter against a data file's column metrics: lower/upper bounds and
/// value, null and NaN counts (Java's InclusiveMetricsEvaluator). A file may be skipped if
/// and only if Eval returns false; missing metrics never prune.
class InclusiveMetricsEvaluator {
 public:
  /// Builds the evaluator; `filter` is on `schema`'s field ids, whose types decode bounds.
  InclusiveMetricsEvaluator(const Schema& schema, const ExpressionPtr& filter);

  /// Returns false only when no row of the file can match the filter.
  bool Eval(const DataFile& file) const;

 private:
  bool Eval(const Expression& e, const DataFile& file) const;

  const Schema& schema_;
  ExpressionPtr filter_;
};

}  // namespace floe::iceberg
