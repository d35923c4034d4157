#include "planner/logical_join.h"

namespace floe {

std::string LogicalJoin::Describe() const {
  std::string out = std::string("Join ") + JoinTypeName(join_type);
  for (size_t i = 0; i < left_keys.size(); ++i) {
    out += i ? " AND " : " ";
    out += "(" + left_keys[i]->text + " = " + right_keys[i]->text + ")";
  }
  if (residual) out += " residual " + residual->text;
  return out;
}

void LogicalJoin::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& k : left_keys) fn(k);
  for (auto& k : right_keys) fn(k);
  if (residual) fn(residual);
}

}  // namespace floe
