#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "iceberg/expressions/expression.h"
#include "iceberg/expressions/inclusive_metrics_evaluator.h"
#include "iceberg/expressions/manifest_evaluator.h"
#include "iceberg/expressions/partition_evaluator.h"
#include "iceberg/location_remapper.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/scan/manifest_cache.h"
#include "iceberg/scan/table_scan_metrics.h"
#include "iceberg/table_metadata.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Which pruning layers a scan uses; switching one off never changes results.
struct PruningOptions {
  bool manifests = true;
  bool partitions = true;
  bool file_metrics = true;
  bool row_groups = true;
};

/// Plans the scan of one snapshot of a table: reads the manifest list and the data and
/// delete manifests, drops manifests by their partition summaries (layer 1), data files
/// by their partition tuples under their own spec (layer 2) and by column metrics
/// (layer 3), and pairs each remaining data file with the delete files that apply.
class TableScan {
 public:
  /// Scans `snapshot_id` (nullopt: the current snapshot; a table without snapshots is
  /// empty) with `filter` on the field ids of the read schema: the current schema, or the
  /// snapshot's own for a snapshot id (SetReadSchema changes it: a branch reads the current
  /// one). Throws InvalidInputError when the snapshot id is unknown.
  TableScan(FileIO& io, std::shared_ptr<const TableMetadata> metadata, std::optional<int64_t> snapshot_id,
            ExpressionPtr filter, LocationRemapper remapper, PruningOptions options = {});

  /// Returns the schema the scan reads with (TableMetadata::ReadSchema).
  const Schema& schema() const { return *schema_; }
  /// Sets the schema the scan reads with, one of the table's (before PlanFiles).
  void SetReadSchema(const Schema& schema) { schema_ = &schema; }
  /// Returns the snapshot scanned, or nullptr for an empty table.
  const Snapshot* snapshot() const { return snapshot_; }
  const ExpressionPtr& filter() const { return filter_; }
  const LocationRemapper& remapper() const { return remapper_; }
  /// Returns the FileIO the scan reads through (and its readers should).
  FileIO& io() const { return io_; }
  const PruningOptions& options() const { return options_; }
  const TableMetadata& metadata() const { return *metadata_; }

  /// Sets a filter known only at run time (a join's build keys: dynamic partition
  /// pruning), applied at layers 1-3 after the static filter and counted apart.
  void SetDynamicFilter(ExpressionPtr filter) { dynamic_filter_ = std::move(filter); }
  const ExpressionPtr& dynamic_filter() const { return dynamic_filter_; }
  /// Plans the files to read; call once. Throws IOError or FormatError on bad metadata.
  std::vector<FileScanTask> PlanFiles();
  /// Returns what planning read and pruned.
  const TableScanMetrics& metrics() const { return metrics_; }
  /// Returns the filter projected onto the partition fields of each spec planning met.
  std::map<int, ExpressionPtr> PartitionFilters() const;
  /// Returns the dynamic filter projected the same way (empty without one).
  std::map<int, ExpressionPtr> DynamicPartitionFilters() const;

 private:
  struct SpecEvaluators {
    std::unique_ptr<ManifestEvaluator> manifest;
    std::unique_ptr<PartitionEvaluator> partition;
    std::unique_ptr<PartitionEvaluator> strict;
    std::unique_ptr<ManifestEvaluator> dynamic_manifest;    // null without a dynamic filter
    std::unique_ptr<PartitionEvaluator> dynamic_partition;  // null without a dynamic filter
  };
  /// A set of 64-bit hashes (open addressing, no allocation per insert), for counting
  /// distinct partitions.
  class HashSet {
   public:
    void Insert(uint64_t h);
    size_t size() const { return size_; }

   private:
    std::vector<uint64_t> slots_;
    size_t size_ = 0;
  };
  /// A manifest as planning reads it: the parts whose entries are evaluated one by one
  /// (the whole manifest, or the blocks of its block index the partition filter may
  /// match) and its totals.
  struct PlannedManifest {
    int spec_id = 0;
    std::vector<std::shared_ptr<const CachedManifest>> parts;
    /// The distinct partition hashes of all its live entries, and what owns them.
    const std::vector<uint64_t>* partition_hashes = nullptr;
    std::shared_ptr<const void> owner;
    int64_t files = 0;
    int64_t records = 0;
    int64_t bytes = 0;
    /// Blocks of its block index (0 without one), blocks read, and the live files in
    /// the blocks the partition filter dropped.
    int64_t blocks = 0;
    int64_t blocks_read = 0;
    int64_t files_in_pruned_blocks = 0;
  };
  /// Returns the number of distinct partition hashes over `manifests` (memoized by their
  /// owners while those live).
  static int64_t CountDistinctPartitions(const std::vector<const PlannedManifest*>& manifests);
  /// Fills `out` with the entries of `manifest` whose partition value lies in the range
  /// a conjunct of the spec's partition filter gives one field (the others cannot match);
  /// returns false when no conjunct gives one.
  bool CandidatesByIndex(const CachedManifest& manifest, const SpecEvaluators& evaluators,
                         std::vector<uint32_t>* out) const;
  /// Returns the evaluators of one spec, built on first use.
  const SpecEvaluators& EvaluatorsFor(int spec_id);
  /// Returns the manifests as planning reads them (from the manifest cache, else read
  /// in parallel); blocks of a block index are read only when the partition filter of
  /// their spec's evaluators (built before) may match them.
  std::vector<PlannedManifest> ReadManifests(const std::vector<const ManifestFile*>& manifests) const;

  FileIO& io_;
  std::shared_ptr<const TableMetadata> metadata_;
  const Snapshot* snapshot_ = nullptr;
  const Schema* schema_ = nullptr;
  ExpressionPtr filter_;
  ExpressionPtr dynamic_filter_;
  LocationRemapper remapper_;
  PruningOptions options_;
  std::map<int, SpecEvaluators> evaluators_;
  TableScanMetrics metrics_;
};

}  // namespace floe::iceberg
