#pragma once

#include <cstdint>
#include <set>
#include <utility>

#include "common/spark_bloom_filter.h"
#include "planner/logical_join.h"
#include "planner/logical_operator.h"

namespace floe {

struct LogicalGet;

/// The settings of Spark's runtime Bloom filters (spark.sql.optimizer.runtime.bloomFilter.*).
struct RuntimeBloomFilterOptions {
  /// Only under floe.dynamic_pruning.policy = 'spark': floe's own policy filters by its
  /// runtime filters instead.
  bool spark_policy = false;
  bool enabled = true;
  int64_t application_side_threshold = int64_t{10} << 30;
  int64_t creation_side_threshold = int64_t{10} << 20;
  int64_t expected_items = SparkBloomFilter::kDefaultExpectedItems;
  int64_t num_bits = SparkBloomFilter::kDefaultNumBits;
  int64_t max_items = SparkBloomFilter::kDefaultMaxItems;
  int64_t max_bits = SparkBloomFilter::kDefaultMaxBits;
  /// spark.sql.optimizer.runtimeFilter.number.threshold.
  int64_t max_filters = 10;
  /// spark.sql.autoBroadcastJoinThreshold (-1: never).
  int64_t broadcast_threshold = int64_t{10} << 20;
  /// spark.sql.cbo.enabled: sizes and the creation side's rows from the cost-based estimates.
  bool cbo = false;
  /// Column pruning of the Bloom filter's subquery reads structs in part.
  bool nested_schema_pruning = true;
};

/// Spark 4.0's InjectRuntimeFilter: on each equi-join key, filters one side (the application
/// side) by `might_contain(<Bloom filter subquery>, xxhash64(key, 42))`, the subquery being
/// `bloom_filter_agg(xxhash64(other key, 42), items, bits)` over the other side's selective
/// filter over a scan (the creation side), where Spark would:
///   - Bloom filters are enabled, fewer than number.threshold were injected, and no dynamic
///     partition pruning subquery is planned on the key (Spark plans one even where it then
///     becomes dynamicpruningexpression(true));
///   - both keys are simple (no LIKE, regexp_extract / regexp_replace, from_json);
///   - the join type keeps only matching rows of the application side (either side of an
///     inner or a left semi join, a right outer join's left side, a left outer join's right);
///   - the join is probably a shuffle join (no broadcast hint, neither side broadcast by
///     size), or the application side has a shuffle (a shuffle join, an aggregate, a window);
///   - no Bloom filter on that key yet; the key leads to one scan, and the largest scan of
///     the application side is at least applicationSideScanSizeThreshold;
///   - the creation side is simple filters and projections over a scan, at least one filter
///     likely selective (a Bloom filter injected below counts), through joins to the side with
///     the key (or its equal, a transitive key, where the join keeps only matching rows), and
///     its estimated size is at most creationSideThreshold.
/// The left side is tried first, then the right. Sizes are the estimates the join strategy
/// uses (JoinStrategy::EstimateBytes); without CBO a filter does not shrink them. The filter
/// is placed above the scan the key leads to through filters and projections (where Spark's
/// PushDownPredicates takes it), else above the side. Runs after dynamic_partition_pruning.
class InjectRuntimeFilter {
 public:
  explicit InjectRuntimeFilter(RuntimeBloomFilterOptions options) : options_(options) {}
  LogicalOperatorPtr Rewrite(LogicalOperatorPtr op);

 private:
  void Visit(LogicalOperator& op);
  void PlanJoin(LogicalJoin& join);
  /// Filters join.children[side] by key k when the gates hold; returns whether it did.
  bool TryInject(LogicalJoin& join, size_t side, size_t k, bool has_shuffle);

  RuntimeBloomFilterOptions options_;
  int64_t injected_ = 0;
  int next_subquery_id_ = 0;
  /// The scan columns a Bloom filter already tests (Spark's hasBloomFilter).
  std::set<std::pair<const LogicalGet*, size_t>> filtered_;
  /// The filters injected at the join being planned (left out of its creation sides).
  std::set<const BoundExpression*> injected_here_;
};

}  // namespace floe
