#pragma once

#include "execution/join_output.h"
#include "execution/physical_operator.h"
#include "planner/bound_expression.h"
#include "sql/ast_table_ref.h"

namespace floe {

/// Join without equi-keys: every probe row against every build row, with a condition.
class PhysicalNestedLoopJoin : public PhysicalOperator {
 public:
  PhysicalNestedLoopJoin(std::vector<LogicalType> types, JoinType join_type,
                         BoundExpressionPtr condition);
  std::string Name() const override;
  std::string Details() const override;
  bool IsSink() const override { return true; }
  std::vector<size_t> SinkChildren() const override { return {1}; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;
  bool IsStreamingOperator() const override { return true; }
  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;
  bool HasFinalOutput() const override {
    return join_type_ == JoinType::kRight || join_type_ == JoinType::kFull;
  }
  void FinalOutput(ExecutionContext& context, const std::function<bool(DataChunk&)>& emit) const override;

 private:
  JoinType join_type_;
  BoundExpressionPtr condition_;
};

}  // namespace floe
