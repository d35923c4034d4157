#include "planner/logical_sort.h"

namespace floe {

std::string LogicalSort::Describe() const {
  std::string out = "Sort [";
  for (size_t i = 0; i < orders.size(); ++i) {
    if (i) out += ", ";
    out += orders[i].expression->text + (orders[i].ascending ? " ASC" : " DESC") +
           (orders[i].nulls_first ? " NULLS FIRST" : " NULLS LAST");
  }
  return out + "]";
}

void LogicalSort::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& o : orders) fn(o.expression);
}

}  // namespace floe
