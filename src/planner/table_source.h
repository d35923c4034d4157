#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/bloom_filter.h"
#include "common/field_selection.h"
#include "common/types.h"
#include "common/vector.h"
#include "planner/bound_expression.h"

namespace floe {

/// The global state of one scan, shared by the worker threads that read it.
struct TableScanState {
  virtual ~TableScanState() = default;
};

/// A thread's own state within a scan.
struct LocalTableScanState {
  virtual ~LocalTableScanState() = default;
};

/// Counters a scan reports (EXPLAIN ANALYZE, system.scans).
struct ScanMetrics {
  std::vector<std::pair<std::string, std::string>> lines;
};

/// What a scan is asked for: the columns (indexes into the source's columns) and the
/// filters it may use to skip data. Filters are over the projected columns' positions;
/// the scan may ignore them (a Filter above still applies them).
struct ScanRequest {
  /// A filter known only at run time (a join's build keys, dynamic partition pruning).
  struct DynamicFilter {
    /// The keys as an expression over the projected columns: an IN list, or a range.
    const BoundExpression* expression = nullptr;
    /// When the keys were too many to list and the probe key is a projected column of
    /// their type: that column and a Bloom filter of the keys (hashed as HashVector
    /// hashes the column), which a value whose hash it lacks is not one of.
    std::optional<size_t> column;
    std::shared_ptr<const BloomFilter> bloom;
  };

  std::vector<size_t> column_ids;
  /// Per column of column_ids, the part the query reads (nested column pruning); empty, or
  /// a whole selection: all of it. A source may read more than asked.
  std::vector<FieldSelection> column_fields;
  std::vector<const BoundExpression*> filters;
  /// Filters known only at run time, over the projected columns; the scan may use them
  /// to skip data, kept apart for metrics.
  std::vector<DynamicFilter> runtime_filters;
};

/// What a table's statistics say of one column (ANALYZE TABLE ... FOR COLUMNS): each known
/// one set. min and max are of the column's type.
struct SourceColumnStatistics {
  std::optional<double> distinct_count;
  std::optional<double> null_count;
  std::optional<Value> min;
  std::optional<Value> max;
  std::optional<double> avg_len;
  std::optional<double> max_len;
  /// Set when they were computed for another snapshot than the one the source reads (stale).
  std::optional<int64_t> stale_snapshot_id;
};

/// Something a FROM clause reads: a temporary table, range(), read_parquet(), an Iceberg
/// table. The binder gets one from the catalog or a table function; the scan operator
/// reads it in parallel.
class TableSource {
 public:
  virtual ~TableSource() = default;
  virtual const std::vector<std::string>& names() const = 0;
  virtual const std::vector<LogicalType>& types() const = 0;
  /// Returns the name shown in plans ("range", "memory table t", "iceberg floe.ns.t").
  virtual std::string DisplayName() const = 0;

  /// Prepares a scan; called once per query execution.
  virtual std::unique_ptr<TableScanState> InitScan(const ScanRequest& request) const = 0;
  /// Prepares one worker thread's state.
  virtual std::unique_ptr<LocalTableScanState> InitLocal(TableScanState& global) const {
    return nullptr;
  }
  /// Fills `out` (columns as in request.column_ids) with the next rows; returns false when
  /// the scan is exhausted. Safe to call from several threads sharing `global`.
  virtual bool Scan(TableScanState& global, LocalTableScanState* local, DataChunk& out) const = 0;
  /// Returns the metrics of a finished scan.
  virtual ScanMetrics Metrics(TableScanState& global) const { return {}; }
  /// Returns the columns the data is partitioned by: filters on them prune whole files.
  virtual std::vector<std::string> PartitionColumns() const { return {}; }
  /// A column the source has but cannot read yet (a nested Iceberg type), with its type as
  /// SQL names it: `SELECT *` and references by name fail naming it, DESCRIBE shows it.
  struct UnreadableColumn {
    std::string name;
    std::string type;
  };
  virtual std::vector<UnreadableColumn> UnreadableColumns() const { return {}; }
  /// Returns how many of the last names() are metadata columns (Iceberg's _row_id):
  /// selected by name, never by `*`, and shadowed by a column of the same name.
  virtual size_t MetadataColumnCount() const { return 0; }
  /// Returns the scan operator's name in plans ("BatchScan" for Iceberg tables).
  virtual std::string ScanOperatorName() const { return "Scan"; }
  /// Returns true when the source chooses what it reads as its scan starts, after the hash
  /// joins it probes have built: a runtime filter on a partition column (dynamic partition
  /// pruning) then skips partitions (Iceberg tables, hive-partitioned Parquet folders).
  virtual bool PrunesPartitionsAtRunTime() const { return false; }
  /// Returns extra details for EXPLAIN (snapshot id, format, ...), or "".
  virtual std::string ExplainDetails() const { return ""; }
  /// Returns the branch the scan reads, or "" (the table itself, a tag, a snapshot).
  virtual std::string Branch() const { return ""; }
  /// Returns the filters the source itself evaluates for `request`, as its engine
  /// prints them (Iceberg: "event_time IS NOT NULL, event_time >= ..."), or "".
  virtual std::string ExplainFilters(const ScanRequest& request) const { return ""; }
  /// Returns a row-count estimate for join ordering, when known.
  virtual std::optional<size_t> EstimatedRows() const { return std::nullopt; }
  /// Returns the rows a scan of `column_ids` with `filters` (over those columns) is estimated
  /// to read, as the source's planning would prune them; EstimatedRows() by default.
  virtual std::optional<size_t> EstimatedScanRows(const std::vector<size_t>& column_ids,
                                                  const std::vector<const BoundExpression*>& filters) const {
    return EstimatedRows();
  }
  /// Returns, per column of names(), the statistics the source keeps for the data it reads
  /// (nullopt: none); empty when it keeps none at all.
  virtual std::vector<std::optional<SourceColumnStatistics>> ColumnStatistics() const { return {}; }
};

}  // namespace floe
