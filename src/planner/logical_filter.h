#pragma once

#include <vector>

#include "planner/logical_operator.h"

namespace floe {

/// Keeps the rows for which the condition is true.
struct LogicalFilter : LogicalOperator {
  LogicalFilter() : LogicalOperator(LogicalOperatorType::kFilter) {}
  std::vector<BoundExpressionPtr> conjuncts;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

}  // namespace floe
