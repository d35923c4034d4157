#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "iceberg/expressions/expression.h"
#include "iceberg/location_remapper.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/scan/manifest_group.h"
#include "iceberg/scan/pruning_options.h"
#include "iceberg/scan/scan_filter.h"
#include "iceberg/scan/table_scan_metrics.h"
#include "iceberg/table_metadata.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Plans the scan of one snapshot of a table: reads the manifest list and the data and
/// delete manifests, drops manifests by their partition summaries (layer 1), data files
/// by their partition tuples under their own spec (layer 2) and by column metrics
/// (layer 3), and pairs each remaining data file with the delete files that apply. The
/// planning itself is a ManifestGroup configured with the scan's filters.
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
  /// pruning), applied at layers 1-3 after the static filter and counted apart; `blooms`
  /// hold the keys of columns whose keys were too many to list in `filter`.
  void SetDynamicFilter(ExpressionPtr filter, std::vector<ColumnBloomFilter> blooms = {});
  const ExpressionPtr& dynamic_filter() const { return dynamic_filter_; }
  const std::vector<ColumnBloomFilter>& dynamic_blooms() const { return dynamic_blooms_; }
  /// Plans the files to read; call once. Throws IOError or FormatError on bad metadata.
  std::vector<FileScanTask> PlanFiles();
  /// Returns what planning read and pruned.
  const TableScanMetrics& metrics() const { return metrics_; }
  /// Returns the filter projected onto the partition fields of each spec planning met.
  std::map<int, ExpressionPtr> PartitionFilters() const;
  /// Returns the dynamic filter projected the same way (empty without one).
  std::map<int, ExpressionPtr> DynamicPartitionFilters() const;

 private:
  /// Returns the projected filters of the planning filters of `kind`.
  std::map<int, ExpressionPtr> PartitionFiltersOf(ScanFilter::Kind kind) const;

  FileIO& io_;
  std::shared_ptr<const TableMetadata> metadata_;
  const Snapshot* snapshot_ = nullptr;
  const Schema* schema_ = nullptr;
  ExpressionPtr filter_;
  ExpressionPtr dynamic_filter_;
  std::vector<ColumnBloomFilter> dynamic_blooms_;
  LocationRemapper remapper_;
  PruningOptions options_;
  std::unique_ptr<ManifestGroup> planning_;  // set by PlanFiles
  TableScanMetrics metrics_;
};

}  // namespace floe::iceberg
