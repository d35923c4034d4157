#include "planner/logical_limit.h"

namespace floe {

std::string LogicalLimit::Describe() const {
  return "Limit " + (limit ? std::to_string(*limit) : std::string("ALL")) +
         (offset ? " OFFSET " + std::to_string(offset) : "");
}

}  // namespace floe
