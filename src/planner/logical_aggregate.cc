#include "planner/logical_aggregate.h"

namespace floe {

void LogicalAggregate::AddGroupAndAggregateColumns() {
  for (const auto& g : groups) {
    types.push_back(g->type);
    names.push_back(g->text);
  }
  for (const auto& a : aggregates) {
    types.push_back(a.function->return_type);
    names.push_back(a.text);
  }
}

std::string LogicalAggregate::Describe() const {
  std::string out = "Aggregate [" + ExpressionListText(groups) + "] [";
  for (size_t i = 0; i < aggregates.size(); ++i) {
    if (i) out += ", ";
    out += aggregates[i].text;
  }
  return out + "]";
}

void LogicalAggregate::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& g : groups) fn(g);
  for (auto& a : aggregates) {
    for (auto& arg : a.args) fn(arg);
    if (a.filter) fn(a.filter);
  }
}

}  // namespace floe
