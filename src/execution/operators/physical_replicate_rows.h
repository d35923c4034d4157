#pragma once

#include "execution/physical_operator.h"

namespace floe {

/// How many copies of a distinct row a multiset operation keeps, from the row's count
/// in its left input (m) and in its right input (n).
enum class ReplicateCount {
  kMinimum,     // INTERSECT ALL: min(m, n)
  kDifference,  // EXCEPT ALL: max(m - n, 0)
};

/// Emits the leading columns of each input row as many times as its two trailing bigint
/// counts say (Spark's ReplicateRows, after its INTERSECT ALL / EXCEPT ALL rewrite).
class PhysicalReplicateRows : public PhysicalOperator {
 public:
  /// Takes the output types; the input has them followed by the left and right counts.
  PhysicalReplicateRows(std::vector<LogicalType> types, ReplicateCount count)
      : PhysicalOperator(std::move(types)), count_(count) {}
  std::string Name() const override { return "ReplicateRows"; }
  std::string Details() const override;
  bool IsStreamingOperator() const override { return true; }
  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

 private:
  ReplicateCount count_;
};

}  // namespace floe
