#pragma once

#include <string>
#include <vector>

#include "execution/physical_operator.h"
#include "iceberg/write/partitioned_data_writer.h"

namespace floe {

/// INSERT / CTAS into an Iceberg table: the sink that streams the query's batches into the
/// table's data files as they come (rows routed by the partition spec on every thread, files
/// rolled at the target size, memory bounded by the writer's limit). It writes data files only;
/// the caller commits them, or aborts the writer to delete them when anything fails.
class PhysicalIcebergWrite : public PhysicalOperator {
 public:
  /// Takes the table's column types, names and NOT NULL flags, the table's name for errors,
  /// and the writer (owned by the caller, which finishes or aborts it).
  PhysicalIcebergWrite(std::vector<LogicalType> types, std::vector<std::string> names,
                       std::vector<bool> required, std::string table_name,
                       iceberg::PartitionedDataWriter& writer);

  std::string Name() const override { return "AppendData"; }
  std::string Details() const override { return table_name_; }
  bool IsSink() const override { return true; }
  std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context,
                                                    GlobalSinkState& global) const override;
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void Combine(ExecutionContext& context, GlobalSinkState& global, LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;

  /// Returns the files written, after execution.
  const std::vector<iceberg::DataFile>& files() const { return files_; }

 private:
  std::vector<std::string> names_;
  std::vector<bool> required_;
  std::string table_name_;
  iceberg::PartitionedDataWriter& writer_;
  mutable std::vector<iceberg::DataFile> files_;
};

}  // namespace floe
