#pragma once

#include "execution/physical_operator.h"
#include "planner/bound_expression.h"

namespace floe {

/// GROUP BY with aggregates: each thread groups into its own hash table, the tables are
/// merged at the end, then the groups are emitted. Output: keys, aggregates, and (with
/// grouping sets) the grouping id.
class PhysicalHashAggregate : public PhysicalOperator {
 public:
  PhysicalHashAggregate(std::vector<LogicalType> types, std::vector<BoundExpressionPtr> groups,
                        std::vector<BoundAggregate> aggregates,
                        std::vector<std::vector<size_t>> grouping_sets);
  // The hash table's states refer to aggregates_: drop it first.
  ~PhysicalHashAggregate() override { sink_state.reset(); }
  std::string Name() const override { return "HashAggregate"; }
  std::string Details() const override;
  bool IsSink() const override { return true; }
  bool IsSource() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context,
                                                    GlobalSinkState& global) const override;
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void Combine(ExecutionContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  std::vector<LogicalType> KeyTypes() const;

  std::vector<BoundExpressionPtr> groups_;
  std::vector<BoundAggregate> aggregates_;
  std::vector<std::vector<size_t>> grouping_sets_;
};

}  // namespace floe
