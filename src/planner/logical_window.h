#pragma once

#include <vector>

#include "planner/bound_window_function.h"
#include "planner/logical_operator.h"

namespace floe {

/// Adds one column per window function to its input's columns.
struct LogicalWindow : LogicalOperator {
  LogicalWindow() : LogicalOperator(LogicalOperatorType::kWindow) {}
  std::vector<BoundWindowFunction> functions;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

}  // namespace floe
