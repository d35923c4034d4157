#pragma once

#include "execution/join_output.h"
#include "execution/physical_operator.h"
#include "execution/runtime_filter/runtime_filter_slot.h"
#include "planner/bound_expression.h"
#include "sql/ast_table_ref.h"

namespace floe {

struct JoinBuildState;
struct JoinTable;

/// Hash join on equi-keys: children[1] (build) is collected and hashed first, then
/// children[0] (probe) streams through. Inner, left outer, left semi and left anti
/// (optionally NULL-aware for NOT IN); a residual condition filters matching pairs.
///
/// The build rows are reserved against memory_limit; once it refuses them, the join spills
/// (a grace hash join): build rows, then probe rows, go to spill files by their key hash's
/// partition, and after the probe each partition's build rows are hashed and joined with
/// its probe rows, one partition at a time. A spilled build side publishes no runtime
/// filter.
class PhysicalHashJoin : public PhysicalOperator {
 public:
  PhysicalHashJoin(std::vector<LogicalType> types, JoinType join_type,
                   std::vector<BoundExpressionPtr> probe_keys,
                   std::vector<BoundExpressionPtr> build_keys, BoundExpressionPtr residual,
                   bool null_aware);
  std::string Name() const override;
  std::string Details() const override;

  bool IsSink() const override { return true; }
  std::vector<size_t> SinkChildren() const override { return {1}; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context,
                                                    GlobalSinkState& global) const override;
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void Combine(ExecutionContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;

  bool IsStreamingOperator() const override { return true; }
  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

  bool HasFinalOutput() const override;
  void FinalOutput(ExecutionContext& context, const std::function<bool(DataChunk&)>& emit) const override;
  std::vector<std::string> AnalyzeLines() const override;

  JoinType join_type() const { return join_type_; }
  const std::vector<BoundExpressionPtr>& probe_keys() const { return probe_keys_; }
  const std::vector<BoundExpressionPtr>& build_keys() const { return build_keys_; }
  /// Publishes the runtime filter of build key `k` (its keys, or their range and a Bloom
  /// filter) into `slot` each time the build side finishes: dynamic partition pruning.
  void PublishKeysTo(size_t k, std::shared_ptr<RuntimeFilterSlot> slot);
  /// Makes NULL keys equal to each other (INTERSECT / EXCEPT).
  void SetNullsEqual(bool nulls_equal) { nulls_equal_ = nulls_equal; }
  /// Sets what the plan shows: the operator Spark would plan (BroadcastHashJoin,
  /// ShuffledHashJoin, SortMergeJoin, CartesianProduct: floe runs each as this hash join),
  /// and the join strategy hints of its sides as written.
  /// `spark_builds_left`: Spark would build (or broadcast) the left side (floe builds the
  /// right one whatever Spark would), shown as BuildLeft.
  void SetStrategy(std::string spark_operator, std::string hints, bool spark_builds_left = false) {
    spark_operator_ = std::move(spark_operator);
    hints_ = std::move(hints);
    spark_builds_left_ = spark_builds_left;
  }

 private:
  /// Joins a probe batch with `build`; `build_has_null_key` and `build_rows` are the whole
  /// build side's (NOT IN), not just this table's.
  void ProbeChunk(ExecutionContext& context, DataChunk& input, const JoinTable& build, bool build_has_null_key,
                  int64_t build_rows, PendingJoinOutput& state) const;
  /// Evaluates the probe keys of a batch into `keys`; returns their hashes (as the build
  /// side's are made).
  std::vector<uint64_t> HashProbeKeys(ExecutionContext& context, const DataChunk& input,
                                      std::vector<Vector>* keys) const;
  /// Spilled: sends the batch's rows to their partitions' files (NULL keys are answered now).
  void SpillProbeChunk(ExecutionContext& context, DataChunk& input, PendingJoinOutput& state) const;
  void StartSpilling(ExecutionContext& context, JoinBuildState& state) const;
  void SpillBuildRows(JoinBuildState& state, const DataChunk& rows) const;

  JoinType join_type_;
  std::vector<BoundExpressionPtr> probe_keys_;
  std::vector<BoundExpressionPtr> build_keys_;
  BoundExpressionPtr residual_;
  bool null_aware_;
  std::string spark_operator_ = "BroadcastHashJoin";
  bool spark_builds_left_ = false;
  std::string hints_;
  bool nulls_equal_ = false;
  std::vector<std::pair<size_t, std::shared_ptr<RuntimeFilterSlot>>> runtime_filter_slots_;
};

}  // namespace floe
