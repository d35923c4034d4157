#include "planner/logical_projection.h"

namespace floe {

std::string LogicalProjection::Describe() const { return "Project [" + ExpressionListText(expressions) + "]"; }

void LogicalProjection::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& e : expressions) fn(e);
}

}  // namespace floe
