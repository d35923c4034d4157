#pragma once

#include <unordered_map>
#include <vector>

#include "iceberg/expressions/expression.h"
#include "iceberg/manifests/manifest_file.h"
#include "iceberg/partition_spec.h"
#include "iceberg/schema.h"

namespace floe::iceberg {

/// Evaluates a row filter against the partition field summaries of a manifest list entry
/// (lower/upper bound, contains_null, contains_nan), through the inclusive projection of
/// the filter onto one partition spec. Manifest files may be skipped if and only if the
/// return value of Eval is false.
class ManifestEvaluator {
 public:
  /// Builds the evaluator for manifests written with `spec`; `filter` is on `schema`'s ids.
  ManifestEvaluator(const ExpressionPtr& filter, const PartitionSpec& spec, const Schema& schema);

  /// Returns false only when no row of the manifest's files can match the filter.
  bool Eval(const ManifestFile& manifest) const;
  /// Returns the filter projected onto the spec's partition field ids.
  const ExpressionPtr& partition_filter() const { return partition_filter_; }

 private:
  bool Eval(const Expression& e, const ManifestFile& manifest) const;

  ExpressionPtr partition_filter_;
  std::unordered_map<int, size_t> positions_;  // partition field id -> summary position
  std::vector<TypePtr> types_;                 // partition value type by position
};

}  // namespace floe::iceberg
