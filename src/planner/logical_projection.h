#pragma once

#include <vector>

#include "planner/logical_operator.h"

namespace floe {

/// Computes one output column per expression.
struct LogicalProjection : LogicalOperator {
  LogicalProjection() : LogicalOperator(LogicalOperatorType::kProjection) {}
  std::vector<BoundExpressionPtr> expressions;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

}  // namespace floe
