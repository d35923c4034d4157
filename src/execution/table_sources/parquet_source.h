#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/value.h"
#include "planner/table_source.h"

#include "io/file_io.h"

namespace floe {

/// How read_parquet reads its files.
struct ParquetSourceOptions {
  /// Where the files are read from (must outlive the source); required.
  FileIO* io = nullptr;
  /// Exposes `key=value` directories as extra columns after the files' columns.
  bool hive_partitioning = false;
  /// Takes the union of every file's columns (matched by name), NULL where a file lacks
  /// one; otherwise the first file's columns are the schema and every file must have them.
  bool union_by_name = false;
  /// Skips row groups and pages by statistics (setting floe.pruning.row_groups).
  bool prune_row_groups = true;
  /// Skips files by their partition values (setting floe.pruning.partitions).
  bool prune_files = true;
  /// Folders directly under the path whose files are not read (a parquet table's: the
  /// metadata and data folders of the Iceberg table migrated in its place).
  std::vector<std::string> skipped_folders;
};

/// read_parquet('path/or/glob*.parquet'): the union of the rows of Parquet files. The
/// morsel is one row group of one file; only the projected columns are read, and the
/// scan's simple filters skip row groups and pages by statistics and files by their
/// partition values.
class ParquetSource : public TableSource {
 public:
  /// Lists the files and reads the schema; throws IOError when no file matches and the
  /// reader's FormatError when a file is not valid Parquet.
  ParquetSource(std::string pattern, ParquetSourceOptions options);

  const std::vector<std::string>& names() const override { return names_; }
  bool PrunesPartitionsAtRunTime() const override { return true; }
  /// The columns of hive-style folders (key=value), with hive_partitioning.
  std::vector<std::string> PartitionColumns() const override {
    return {names_.begin() + static_cast<std::ptrdiff_t>(file_columns_), names_.end()};
  }
  const std::vector<LogicalType>& types() const override { return types_; }
  std::string DisplayName() const override;
  std::unique_ptr<TableScanState> InitScan(const ScanRequest& request) const override;
  std::unique_ptr<LocalTableScanState> InitLocal(TableScanState& global) const override;
  bool Scan(TableScanState& global, LocalTableScanState* local, DataChunk& out) const override;
  ScanMetrics Metrics(TableScanState& global) const override;
  std::optional<size_t> EstimatedRows() const override { return estimated_rows_; }

  /// Returns the files read, in order.
  const std::vector<std::string>& files() const { return files_; }

 private:
  std::string pattern_;
  ParquetSourceOptions options_;
  std::vector<std::string> files_;
  /// One entry per file: its partition values (one per partition column).
  std::vector<std::vector<Value>> partition_values_;
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  /// Columns [0, file_columns_) come from the files, the rest from their directories.
  size_t file_columns_ = 0;
  size_t estimated_rows_ = 0;
};

}  // namespace floe
