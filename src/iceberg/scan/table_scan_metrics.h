#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace floe::iceberg {

/// What scan planning kept and dropped at each pruning layer, for one spec or in all.
struct SpecScanMetrics {
  int64_t manifests_total = 0;
  int64_t manifests_read = 0;
  /// Manifests whose real length differs from the one their manifest list records.
  int64_t manifest_size_mismatches = 0;
  int64_t manifest_size_recorded = 0;
  int64_t manifest_size_real = 0;
  int64_t delete_manifests_total = 0;
  int64_t delete_manifests_read = 0;
  /// Blocks of the manifests read that have floe's partition block index, and those
  /// decoded (the others' partition summaries ruled them out).
  int64_t manifest_blocks_total = 0;
  int64_t manifest_blocks_read = 0;
  /// Data files: in all manifests (skipped manifests by their list counts), and kept.
  int64_t data_files_total = 0;
  int64_t data_files_manifest_pruned = 0;
  int64_t data_files_partition_pruned = 0;
  int64_t data_files_metrics_pruned = 0;
  int64_t data_files_read = 0;
  /// Data files read whose every row matches the scan's filter expression (not shown in
  /// ToLines: a query's own filter may be narrower).
  int64_t data_files_all_rows_match = 0;
  int64_t delete_files_total = 0;
  int64_t delete_files_read = 0;
  /// Distinct partition tuples among the data files of the manifests read, and kept.
  int64_t partitions_total = 0;
  int64_t partitions_read = 0;
  /// File sizes of the data files of the manifests read, and of those kept.
  int64_t bytes_total = 0;
  int64_t bytes_read = 0;
  /// Record counts: of every data file (skipped manifests by their list counts), and kept.
  int64_t rows_total = 0;
  int64_t rows_read = 0;
  /// Pruned by the runtime filter (dynamic partition pruning) after the static filter
  /// kept them: manifests, data files (at any layer) and partitions.
  int64_t manifests_dynamic_pruned = 0;
  int64_t data_files_dynamic_pruned = 0;
  int64_t partitions_dynamic_pruned = 0;

  /// Adds another's counts to these.
  SpecScanMetrics& operator+=(const SpecScanMetrics& o);
};

/// The planning metrics of a table scan: totals and per partition spec id.
struct TableScanMetrics {
  SpecScanMetrics total;
  std::map<int, SpecScanMetrics> by_spec;
  /// A runtime filter took part (the dynamic pruning lines are shown).
  bool dynamic = false;

  /// Returns lines such as ("manifests", "3 read / 10 total"), then per spec when there
  /// are several ("spec 1 data files", ...).
  std::vector<std::pair<std::string, std::string>> ToLines() const;
};

}  // namespace floe::iceberg
