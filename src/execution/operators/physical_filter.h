#pragma once

#include "execution/physical_operator.h"
#include "planner/bound_expression.h"

namespace floe {

/// Keeps the rows for which the condition is true.
class PhysicalFilter : public PhysicalOperator {
 public:
  PhysicalFilter(std::vector<LogicalType> types, BoundExpressionPtr condition)
      : PhysicalOperator(std::move(types)), condition_(std::move(condition)) {}
  std::string Name() const override { return "Filter"; }
  std::string Details() const override { return condition_->text; }
  bool IsStreamingOperator() const override { return true; }
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

 private:
  BoundExpressionPtr condition_;
};

/// Computes one output column per expression.
class PhysicalProjection : public PhysicalOperator {
 public:
  PhysicalProjection(std::vector<LogicalType> types, std::vector<BoundExpressionPtr> expressions)
      : PhysicalOperator(std::move(types)), expressions_(std::move(expressions)) {}
  std::string Name() const override { return "Project"; }
  std::string Details() const override;
  bool IsStreamingOperator() const override { return true; }
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

 private:
  std::vector<BoundExpressionPtr> expressions_;
};

}  // namespace floe
