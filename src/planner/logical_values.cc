#include "planner/logical_values.h"

namespace floe {

std::string LogicalValues::Describe() const {
  return "Values " + std::to_string(rows.size()) + " rows";
}

}  // namespace floe
