#pragma once

#include "execution/physical_operator.h"
#include "planner/bound_expression.h"
#include "planner/logical_generate.h"

namespace floe {

/// Emits each input row once per element of its generator argument, with the element's
/// columns after the input's (LogicalGenerate); a batch of input may take several calls.
class PhysicalGenerate : public PhysicalOperator {
 public:
  PhysicalGenerate(std::vector<LogicalType> types, BoundExpressionPtr argument, GeneratorKind kind, bool outer,
                   std::string text)
      : PhysicalOperator(std::move(types)), argument_(std::move(argument)), kind_(kind), outer_(outer),
        text_(std::move(text)) {}
  std::string Name() const override { return "Generate"; }
  std::string Details() const override { return text_ + (outer_ ? ", outer" : ""); }
  bool IsStreamingOperator() const override { return true; }
  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

 private:
  BoundExpressionPtr argument_;
  GeneratorKind kind_;
  bool outer_;
  std::string text_;
};

}  // namespace floe
