#include "planner/logical_get.h"

namespace floe {

std::string LogicalGet::Describe() const {
  std::string out = "Get " + source->DisplayName() + " [";
  for (size_t i = 0; i < column_ids.size(); ++i) {
    if (i) out += ", ";
    out += names[i];
  }
  out += "]";
  if (!filters.empty()) out += " filters: " + ExpressionListText(filters);
  return out;
}

void LogicalGet::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& f : filters) fn(f);
  for (auto& r : runtime_filters) fn(r.probe_key);
}

}  // namespace floe
