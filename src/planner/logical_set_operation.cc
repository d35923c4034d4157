#include "planner/logical_set_operation.h"

namespace floe {

std::string LogicalSetOperation::Describe() const {
  const char* name = set_type == SetOperationType::kUnion
                         ? "Union"
                         : (set_type == SetOperationType::kIntersect ? "Intersect" : "Except");
  return std::string(name) + (all ? " ALL" : "");
}

}  // namespace floe
