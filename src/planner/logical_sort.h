#pragma once

#include <vector>

#include "planner/logical_operator.h"

namespace floe {

/// Orders rows.
struct LogicalSort : LogicalOperator {
  LogicalSort() : LogicalOperator(LogicalOperatorType::kSort) {}
  std::vector<BoundOrder> orders;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

}  // namespace floe
