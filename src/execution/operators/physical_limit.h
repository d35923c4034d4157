#pragma once

#include <cstdint>
#include <optional>

#include "execution/physical_operator.h"

namespace floe {

/// LIMIT / OFFSET: keeps rows in arrival order until it has enough, then stops its input.
class PhysicalLimit : public PhysicalOperator {
 public:
  PhysicalLimit(std::vector<LogicalType> types, std::optional<int64_t> limit, int64_t offset)
      : PhysicalOperator(std::move(types)), limit_(limit), offset_(offset) {}
  std::string Name() const override { return "Limit"; }
  std::string Details() const override;
  bool IsSink() const override { return true; }
  bool IsSource() const override { return true; }
  bool ParallelSource() const override { return false; }
  bool SinkOrderMatters() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  std::optional<int64_t> limit_;
  int64_t offset_;
};

}  // namespace floe
