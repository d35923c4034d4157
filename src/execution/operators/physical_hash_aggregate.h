#pragma once

#include "execution/physical_operator.h"
#include "planner/bound_expression.h"

namespace floe {

class AggregateHashTable;

/// GROUP BY with aggregates: each thread groups into its own hash table. A thread whose
/// table grows past a threshold (many distinct keys, little to gain from grouping early)
/// stops grouping and spreads its rows over radix partitions of the key hash instead.
/// At the end, few groups are merged on one thread; many are merged partition by
/// partition, each partition a task, and emitted in parallel. Output: keys, aggregates,
/// and (with grouping sets) the grouping id.
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

  /// Groups a thread holds before it stops grouping and partitions its rows instead.
  static constexpr size_t kPartitionThreshold = size_t{1} << 16;
  /// Total groups from which thread tables are merged partition by partition in parallel.
  static constexpr size_t kParallelMergeThreshold = size_t{1} << 15;

 private:
  struct Inputs;
  std::vector<LogicalType> KeyTypes() const;
  std::vector<LogicalType> PartitionedTypes() const;
  void UpdateGroups(AggregateHashTable& table, const std::vector<const Vector*>& keys,
                    size_t count, const uint64_t* hashes, const Inputs& inputs,
                    const FunctionContext& function_context) const;

  std::vector<BoundExpressionPtr> groups_;
  std::vector<BoundAggregate> aggregates_;
  std::vector<std::vector<size_t>> grouping_sets_;
};

}  // namespace floe
