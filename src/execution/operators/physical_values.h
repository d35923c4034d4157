#pragma once

#include <vector>

#include "execution/physical_operator.h"

namespace floe {

/// Constant rows as a source (VALUES, and the one empty row of SELECT without FROM).
class PhysicalValues : public PhysicalOperator {
 public:
  PhysicalValues(std::vector<LogicalType> types, std::vector<std::vector<Value>> rows);
  std::string Name() const override { return "LocalTableScan"; }
  bool IsSource() const override { return true; }
  bool ParallelSource() const override { return false; }
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  std::vector<std::vector<Value>> rows_;
};

}  // namespace floe
