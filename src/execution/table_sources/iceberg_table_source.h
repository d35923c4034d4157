#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "common/date_time.h"
#include "iceberg/location_remapper.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/table_metadata.h"
#include "io/file_io.h"
#include "planner/table_source.h"

namespace floe {

/// Which pruning layers an Iceberg scan uses; results never depend on them.
struct IcebergScanOptions {
  bool prune_manifests = true, prune_partitions = true, prune_file_metrics = true, prune_row_groups = true;
  /// The session time zone: the day of a TIMESTAMP in CAST(ts AS DATE) and the like.
  TimeZone time_zone;
};

/// Reads one snapshot of an Iceberg table: plans its files once per InitScan with
/// pruning at every layer (manifests, partitions, file metrics, row groups) and hands
/// out (file, row group) morsels to the worker threads, deletes applied.
class IcebergTableSource : public TableSource {
 public:
  /// `snapshot_id` nullopt: the current snapshot; a table without snapshots is empty.
  /// `branch`: the branch whose snapshot that is, when the read named one.
  /// Files are read through `io`, which must outlive the source.
  IcebergTableSource(FileIO& io, std::string display_name, std::shared_ptr<const iceberg::TableMetadata> metadata,
                     std::optional<int64_t> snapshot_id, iceberg::LocationRemapper remapper,
                     IcebergScanOptions options, std::string branch = "");

  const std::vector<std::string>& names() const override { return names_; }
  const std::vector<LogicalType>& types() const override { return types_; }
  std::string DisplayName() const override { return display_name_; }
  std::unique_ptr<TableScanState> InitScan(const ScanRequest& request) const override;
  std::unique_ptr<LocalTableScanState> InitLocal(TableScanState& global) const override;
  bool Scan(TableScanState& global, LocalTableScanState* local, DataChunk& out) const override;
  ScanMetrics Metrics(TableScanState& global) const override;
  /// Returns the source columns of every partition spec's non-void fields.
  std::vector<std::string> PartitionColumns() const override;
  bool PrunesPartitionsAtRunTime() const override { return true; }
  std::string ScanOperatorName() const override { return "BatchScan"; }
  std::vector<UnreadableColumn> UnreadableColumns() const override { return unreadable_; }
  size_t MetadataColumnCount() const override { return metadata_columns_; }
  /// Returns "snapshot=<id>" (or "snapshot=none" for a table without snapshots).
  std::string ExplainDetails() const override;
  std::string Branch() const override { return branch_; }
  std::optional<size_t> EstimatedRows() const override;
  /// Iceberg's SparkScan.estimateStatistics: a partitioned table read without filters counts
  /// its snapshot's total-records; otherwise the records of the data files planning keeps
  /// with the filters (every pruning layer on, whatever floe.pruning.enabled says), cached per
  /// filter set.
  std::optional<size_t> EstimatedScanRows(const std::vector<size_t>& column_ids,
                                          const std::vector<const BoundExpression*>& filters) const override;
  /// Returns what ANALYZE TABLE (compute_table_stats) stored for each column: the statistics
  /// file of the snapshot read, else the newest other one's, marked stale.
  std::vector<std::optional<SourceColumnStatistics>> ColumnStatistics() const override;
  /// Returns the converted Iceberg filters as Spark's Iceberg scan prints them:
  /// "event_time IS NOT NULL, event_time >= 2026-01-15 00:00:00" (values in SQL form).
  std::string ExplainFilters(const ScanRequest& request) const override;

 private:
  /// Returns the snapshot the scan reads (time travel's, else the current one); null when the
  /// table has none.
  const iceberg::Snapshot* ReadSnapshot() const;
  /// Returns ColumnStatistics's answer, read from the metadata's statistics files.
  std::vector<std::optional<SourceColumnStatistics>> ReadColumnStatistics() const;
  /// Returns, per task, the request filters its partition values prove (bit i: every
  /// row of the file passes filter i), so the scan can tag its batches with them.
  std::vector<uint64_t> ProvenFilters(const ScanRequest& request, const std::vector<int>& field_ids,
                                      const std::vector<iceberg::FileScanTask>& tasks) const;

  FileIO& io_;
  std::string display_name_;
  std::shared_ptr<const iceberg::TableMetadata> metadata_;
  std::optional<int64_t> snapshot_id_;
  iceberg::LocationRemapper remapper_;
  IcebergScanOptions options_;
  std::string branch_;
  const iceberg::Schema* schema_ = nullptr;
  std::vector<int> field_ids_;
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  std::vector<UnreadableColumn> unreadable_;  // nested columns, left out of names_ and types_
  size_t metadata_columns_ = 0;  // the last names_: _file, _pos, and in v3 _row_id, _last_updated_sequence_number
  // ColumnStatistics's, read from the metadata's statistics files on the first call
  mutable std::once_flag statistics_once_;
  mutable std::vector<std::optional<SourceColumnStatistics>> statistics_;
  // EstimatedScanRows's planned records, by the filters' text
  mutable std::mutex estimates_mutex_;
  mutable std::map<std::string, std::optional<size_t>> estimates_;
};

}  // namespace floe
