#pragma once

#include "iceberg/expressions/expression.h"
#include "iceberg/manifests/data_file.h"
#include "iceberg/schema.h"

namespace floe::iceberg {

/// Evaluates a row filter against a data file's column metrics to prove that every row
/// of the file matches (Java's StrictMetricsEvaluator): a DELETE may then drop the file
/// whole without reading it. Missing metrics, NULLs or NaNs that could make a row fail
/// the predicate give false.
class StrictMetricsEvaluator {
 public:
  /// Builds the evaluator; `filter` is on `schema`'s field ids, whose types decode bounds.
  StrictMetricsEvaluator(const Schema& schema, const ExpressionPtr& filter);

  /// Returns true only when every row of the file matches the filter.
  bool Eval(const DataFile& file) const;

 private:
  bool Eval(const Expression& e, const DataFile& file) const;

  const Schema& schema_;
  ExpressionPtr filter_;
};

}  // namespace floe::iceberg
