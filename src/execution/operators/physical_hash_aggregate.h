#pragma once

#include "execution/physical_operator.h"
#include "planner/bound_expression.h"

namespace floe {

class AggregateHashTable;
class PartitionedRows;

/// GROUP BY with aggregates: each thread groups into its own hash table. A thread whose
/// table grows past a threshold (many distinct keys, little to gain from grouping early)
/// stops grouping and spreads its rows over radix partitions of the key hash instead.
/// At the end, few groups are merged on one thread; many are merged partition by
/// partition, each partition a task, and emitted in parallel. Partitioned rows are held
/// against memory_limit: when the reservation is refused, the thread writes them to spill
/// files, one per partition, and the source then groups one partition at a time as it
/// reads (the spill files deleted as they are read). Output: keys, aggregates, and (with
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
  std::unique_ptr<LocalSourceState> GetLocalSourceState(ExecutionContext& context,
                                                        GlobalSourceState& global) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;
  std::vector<std::string> AnalyzeLines() const override;

  /// Groups a thread holds before it stops grouping and partitions its rows instead.
  static constexpr size_t kPartitionThreshold = size_t{1} << 16;
  /// Total groups from which thread tables are merged partition by partition in parallel.
  static constexpr size_t kParallelMergeThreshold = size_t{1} << 15;
  /// Memory reserved per byte of partitioned rows (RowBytes): their batches' unused
  /// capacity and string heaps' slack.
  static constexpr int64_t kRowMemoryFactor = 2;

 private:
  struct Inputs;
  std::vector<LogicalType> KeyTypes() const;
  std::vector<LogicalType> PartitionedTypes() const;
  void UpdateGroups(AggregateHashTable& table, const std::vector<const Vector*>& keys,
                    size_t count, const uint64_t* hashes, const Inputs& inputs,
                    const FunctionContext& function_context) const;
  // Groups a batch of partitioned rows (PartitionedTypes) into `table`.
  void GroupRows(AggregateHashTable& table, DataChunk& chunk,
                 const FunctionContext& function_context) const;
  // Writes a thread's partitioned rows to spill files and frees them.
  void Spill(ExecutionContext& context, GlobalSinkState& global, PartitionedRows& rows) const;
  // Builds the table of partition p from the threads' groups and rows, in memory and
  // spilled, freeing those rows.
  std::unique_ptr<AggregateHashTable> GroupPartition(ExecutionContext& context,
                                                     GlobalSinkState& global, size_t p) const;
  // Writes groups [start, start + count) of `table` to `out`.
  void EmitGroups(ExecutionContext& context, AggregateHashTable& table, size_t start,
                  size_t count, DataChunk& out) const;

  std::vector<BoundExpressionPtr> groups_;
  std::vector<BoundAggregate> aggregates_;
  std::vector<std::vector<size_t>> grouping_sets_;
};

}  // namespace floe
