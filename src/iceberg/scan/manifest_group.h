#pragma once

#include <map>
#include <memory>
#include <vector>

#include "iceberg/expressions/residual_evaluator.h"
#include "iceberg/location_remapper.h"
#include "iceberg/manifests/manifest_file.h"
#include "iceberg/scan/delete_file_index.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/scan/manifest_cache.h"
#include "iceberg/scan/partition_count.h"
#include "iceberg/scan/pruning_options.h"
#include "iceberg/scan/scan_filter.h"
#include "iceberg/scan/table_scan_metrics.h"
#include "iceberg/table_metadata.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Plans the data files of a snapshot's manifests, in the shape of iceberg-cpp's
/// ManifestGroup: the filters are configuration, each a ScanFilter with its evaluators
/// cached per spec and the counters it adds to; each layer is one small predicate of a
/// filter (layer 1: manifests by their list summaries, and blocks of floe's block index;
/// layer 2: entries by partition tuple; layer 3: by column metrics); each task carries
/// its residual. Delete files are planned beside (by partition) and paired with the
/// data files they apply to.
class ManifestGroup {
 public:
  /// Plans against `schema`, a schema of `metadata`; `remapper` locates the files and
  /// `io` reads them.
  ManifestGroup(FileIO& io, std::shared_ptr<const TableMetadata> metadata, const Schema& schema, LocationRemapper remapper,
                PruningOptions options);

  /// Adds a filter. Filters apply in the order added and a file counts against the
  /// first that drops it: the query's static filter first, then dynamic ones.
  ManifestGroup& FilterWith(ScanFilter filter);
  const std::vector<ScanFilter>& filters() const { return filters_; }

  /// Plans the files of `manifests` (a snapshot's manifest list), counting in `metrics`.
  /// Throws IOError or FormatError on bad metadata.
  std::vector<FileScanTask> PlanFiles(const std::vector<ManifestFile>& manifests, TableScanMetrics* metrics);

 private:
  /// A manifest as planning reads it: the parts whose entries are evaluated one by one
  /// (the whole manifest, or the blocks of its block index the static filters may
  /// match) and its totals.
  struct PlannedManifest {
    int spec_id = 0;
    std::vector<std::shared_ptr<const CachedManifest>> parts;
    ManifestPartitions partitions;
    int64_t files = 0;
    int64_t records = 0;
    int64_t bytes = 0;
    /// Blocks of its block index (0 without one), blocks read, and the live files in
    /// the blocks the static filters dropped.
    int64_t blocks = 0;
    int64_t blocks_read = 0;
    int64_t files_in_pruned_blocks = 0;
    /// The file's real size, and the length its manifest list records.
    int64_t size = -1;
    int64_t recorded_size = -1;
  };
  /// The distinct partitions of one spec reaching each filter with a partition counter,
  /// and those kept.
  struct PartitionsSeen {
    std::vector<PartitionHashSet> reached;  // by filter
    PartitionHashSet kept;
  };

  /// Builds every filter's evaluators for `spec_id`. Throws FormatError for an unknown spec.
  void PrepareSpec(int spec_id);
  /// Layer 1: returns the filter that drops the manifest, or nullptr.
  const ScanFilter* ManifestPrunedBy(const ManifestFile& manifest);
  /// Returns the manifests as planning reads them (from the manifest cache, else read
  /// in parallel); blocks of a block index are read only when the static filters of
  /// their spec (prepared before) may match them.
  std::vector<PlannedManifest> ReadManifests(const std::vector<const ManifestFile*>& manifests) const;
  /// Returns the delete files of the delete manifests read that the static filters keep.
  std::vector<ManifestEntry> PlanDeletes(const std::vector<PlannedManifest>& planned, size_t first,
                                         TableScanMetrics* metrics);
  /// Layers 2 and 3 for the entries of one data manifest; adds the tasks of the files kept.
  void PlanDataManifest(const PlannedManifest& manifest, const DeleteFileIndex& deletes,
                        SpecScanMetrics& sm, PartitionsSeen& seen, std::vector<FileScanTask>* tasks);
  /// Returns the residual evaluator of the static filters for `spec_id`, built on first use.
  const ResidualEvaluator& ResidualsFor(int spec_id, const PartitionSpec& spec);

  FileIO& io_;
  std::shared_ptr<const TableMetadata> metadata_;
  const Schema& schema_;
  LocationRemapper remapper_;
  PruningOptions options_;
  std::vector<ScanFilter> filters_;
  ExpressionPtr static_filter_;  // the static filters' conjunction, which tasks' residuals are of
  std::map<int, std::unique_ptr<ResidualEvaluator>> residuals_;
};

}  // namespace floe::iceberg
