#pragma once

#include <memory>
#include <string>

#include "planner/delete_target.h"
#include "planner/logical_operator.h"

namespace floe {

/// DELETE FROM: removes the rows of the target where the condition (over the target's
/// columns) is true; every row when there is none. Outputs no columns.
struct LogicalDelete : LogicalOperator {
  LogicalDelete() : LogicalOperator(LogicalOperatorType::kDelete) {}
  std::shared_ptr<DeleteTarget> target;
  BoundExpressionPtr condition;  // null: every row
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override {
    if (condition) fn(condition);
  }
};

}  // namespace floe
