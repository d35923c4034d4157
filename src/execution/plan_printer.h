#pragma once

#include <string>

#include "execution/physical_operator.h"

namespace floe {

/// Prints a physical plan as Spark's explain() does: one operator per line, children
/// indented under "+- " / ":- " markers.
std::string PrintPhysicalPlan(const PhysicalOperator& root, bool analyze = false);

}  // namespace floe
