#pragma once

#include <memory>
#include <vector>

#include "planner/table_source.h"

namespace floe {

/// range(end) / range(start, end[, step]) as in Spark: one bigint column `id`.
class RangeSource : public TableSource {
 public:
  RangeSource(int64_t start, int64_t end, int64_t step);
  /// Binds a call's arguments: (end), (start, end), (start, end, step) or, as Spark's,
  /// (start, end, step, numPartitions), numPartitions ignored. Throws BinderError for
  /// another count or an argument that is not an integer.
  static std::shared_ptr<RangeSource> FromArguments(const std::vector<Value>& args);
  const std::vector<std::string>& names() const override { return names_; }
  const std::vector<LogicalType>& types() const override { return types_; }
  std::string DisplayName() const override;
  std::unique_ptr<TableScanState> InitScan(const ScanRequest& request) const override;
  bool Scan(TableScanState& global, LocalTableScanState* local, DataChunk& out) const override;
  std::optional<size_t> EstimatedRows() const override { return count_; }

 private:
  int64_t start_, end_, step_;
  uint64_t count_;
  std::vector<std::string> names_{"id"};
  std::vector<LogicalType> types_{TypeId::kInt64};
};

}  // namespace floe
