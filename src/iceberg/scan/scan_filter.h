#pragma once

#include <map>
#include <memory>
#include <vector>

#include "common/bloom_filter.h"
#include "iceberg/expressions/expression.h"
#include "iceberg/expressions/inclusive_metrics_evaluator.h"
#include "iceberg/expressions/manifest_evaluator.h"
#include "iceberg/expressions/partition_evaluator.h"
#include "iceberg/manifests/data_file.h"
#include "iceberg/manifests/manifest_file.h"
#include "iceberg/partition_spec.h"
#include "iceberg/scan/table_scan_metrics.h"
#include "iceberg/schema.h"

namespace floe::iceberg {

/// The build keys of a join on one column, too many to list: a Bloom filter of their
/// hashes (HashValue; a value whose hash it lacks is no key). Only given for a column
/// whose values are of the keys' type.
struct ColumnBloomFilter {
  int field_id = 0;
  std::shared_ptr<const BloomFilter> bloom;
};

/// The counters of SpecScanMetrics that a filter adds what it prunes to, per layer (a
/// null one is not counted).
struct PruneCounters {
  int64_t SpecScanMetrics::*manifests = nullptr;
  int64_t SpecScanMetrics::*manifest_files = nullptr;
  int64_t SpecScanMetrics::*partition_files = nullptr;
  int64_t SpecScanMetrics::*metrics_files = nullptr;
  /// Distinct partitions that reached the filter's partition test and went no further.
  int64_t SpecScanMetrics::*partitions = nullptr;
};

/// A ScanFilter's predicates for the files of one partition spec: layer 1 (manifest
/// summaries) and layer 2 (partition tuples through the spec's transforms). Each returns
/// false only when no row of what it tests can match.
class SpecFilter {
 public:
  /// Builds the evaluators of `expression` for `spec`; `blooms` on `schema`'s columns
  /// are tested against the identity partition fields of the spec.
  SpecFilter(const ExpressionPtr& expression, const PartitionSpec& spec, const Schema& schema,
             const std::vector<ColumnBloomFilter>& blooms);

  /// Layer 1: returns false only when no file of the manifest (or manifest block, by its
  /// summaries) can hold a matching row.
  bool MayMatchManifest(const ManifestFile& manifest) const;
  /// Layer 2: returns false only when no row of a file with this partition tuple can match.
  bool MayMatchPartition(const std::vector<Value>& partition) const;
  /// Returns the filter projected onto the spec's partition fields.
  const ExpressionPtr& partition_filter() const { return partition_.partition_filter(); }

 private:
  /// A Bloom filter and the position of an identity partition field on its column.
  struct IdentityBloom {
    size_t position = 0;
    TypePtr type;
    const BloomFilter* bloom = nullptr;
  };

  ManifestEvaluator manifest_;
  PartitionEvaluator partition_;
  std::vector<IdentityBloom> identity_blooms_;
};

/// One filter of scan planning, applied at every layer above the Parquet reader: manifest
/// summaries (layer 1) and partition tuples (layer 2) by its SpecFilter of the file's
/// spec, built once per spec, column metrics (layer 3) by its own predicate. A static
/// filter comes from the query; a dynamic one from a join's build keys (an IN list, or a
/// range plus Bloom filters of the keys) and counts what it prunes apart.
class ScanFilter {
 public:
  enum class Kind { kStatic, kDynamic };

  /// Makes a filter on `schema`'s field ids; `blooms` are tested where a column is known
  /// to hold a single value (an identity partition, bounds that meet).
  ScanFilter(Kind kind, ExpressionPtr expression, const Schema& schema, std::vector<ColumnBloomFilter> blooms = {});
  ScanFilter(ScanFilter&&) = default;

  Kind kind() const { return kind_; }
  const ExpressionPtr& expression() const { return expression_; }
  const std::vector<ColumnBloomFilter>& blooms() const { return blooms_; }
  /// Returns the counters a filter of this kind adds to.
  const PruneCounters& counters() const;

  /// Builds the SpecFilter of `spec` unless built (before threads read it).
  void Prepare(const PartitionSpec& spec);
  /// Returns the SpecFilter of a prepared spec; throws InternalError for another.
  const SpecFilter& ForSpec(int spec_id) const;
  /// Returns the SpecFilter of `spec_id`, or nullptr when it is not prepared.
  const SpecFilter* FindSpec(int spec_id) const;
  /// Layer 3: returns false only when the file's column metrics rule out every row.
  bool MayMatchMetrics(const DataFile& file) const;
  /// Returns the filter projected onto the partition fields of every prepared spec.
  std::map<int, ExpressionPtr> PartitionFilters() const;

 private:
  Kind kind_;
  ExpressionPtr expression_;
  const Schema* schema_;
  std::vector<ColumnBloomFilter> blooms_;
  InclusiveMetricsEvaluator metrics_;
  std::map<int, std::unique_ptr<SpecFilter>> specs_;
};

}  // namespace floe::iceberg
