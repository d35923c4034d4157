#include "planner/logical_window.h"

namespace floe {

std::string LogicalWindow::Describe() const {
  std::string out = "Window [";
  for (size_t i = 0; i < functions.size(); ++i) {
    if (i) out += ", ";
    out += functions[i].text;
  }
  return out + "]";
}

void LogicalWindow::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& f : functions) {
    for (auto& a : f.aggregate.args) fn(a);
    if (f.aggregate.filter) fn(f.aggregate.filter);
    for (auto& a : f.args) fn(a);
    for (auto& p : f.partitions) fn(p);
    for (auto& o : f.orders) fn(o.expression);
  }
}

}  // namespace floe
