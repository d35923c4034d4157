#pragma once

#include <string>
#include <vector>

#include "execution/physical_operator.h"
#include "planner/logical_copy_to_file.h"

namespace floe {

/// COPY ... TO 'file': the sink that streams the query's batches, in order, into a new
/// file. It writes a temporary file beside the target and renames it over the target
/// when every row is written, so a failed COPY leaves no file (and the old one intact).
/// Missing folders of the target are created. Then, as a source, it outputs one row: the
/// count of rows written.
class PhysicalCopyToFile : public PhysicalOperator {
 public:
  /// Takes the query's column types and names (NULL-typed columns are written as strings).
  PhysicalCopyToFile(std::vector<LogicalType> input_types, std::vector<std::string> names,
                     std::string path, CopyToFileOptions options);

  std::string Name() const override { return "CopyToFile"; }
  std::string Details() const override { return path_; }
  bool IsSink() const override { return true; }
  bool SinkOrderMatters() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;

  bool IsSource() const override { return true; }
  bool ParallelSource() const override { return false; }
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;

  /// Returns the number of rows written, after execution.
  int64_t RowsWritten() const;

 private:
  std::vector<LogicalType> input_types_;
  std::vector<std::string> names_;
  std::string path_;
  CopyToFileOptions options_;
};

}  // namespace floe
