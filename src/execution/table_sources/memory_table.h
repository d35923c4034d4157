#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "planner/table_source.h"

namespace floe {

/// A temporary table held in memory: batches appended by INSERT, read in parallel.
class MemoryTable : public TableSource, public std::enable_shared_from_this<MemoryTable> {
 public:
  MemoryTable(std::string name, std::vector<std::string> names, std::vector<LogicalType> types,
              std::vector<bool> not_null);
  const std::vector<std::string>& names() const override { return names_; }
  const std::vector<LogicalType>& types() const override { return types_; }
  const std::vector<bool>& not_null() const { return not_null_; }
  std::string DisplayName() const override { return "memory " + name_; }
  std::unique_ptr<TableScanState> InitScan(const ScanRequest& request) const override;
  bool Scan(TableScanState& global, LocalTableScanState* local, DataChunk& out) const override;
  std::optional<size_t> EstimatedRows() const override;

  /// Appends rows (all columns, in table order); a snapshot of batches is read by scans.
  void Append(std::vector<std::shared_ptr<DataChunk>> chunks);
  /// Appends rows given as values (all columns, in table order), in batches.
  void AppendRows(const std::vector<std::vector<Value>>& rows);
  /// Replaces every row.
  void Replace(std::vector<std::shared_ptr<DataChunk>> chunks);

 private:
  std::string name_;
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  std::vector<bool> not_null_;
  mutable std::mutex mutex_;
  std::vector<std::shared_ptr<DataChunk>> chunks_;
};

}  // namespace floe
