#include "planner/logical_filter.h"

namespace floe {

std::string LogicalFilter::Describe() const { return "Filter " + ExpressionListText(conjuncts); }

void LogicalFilter::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& c : conjuncts) fn(c);
}

}  // namespace floe
