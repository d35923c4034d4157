#pragma once

#include <string>

#include "execution/physical_operator.h"

namespace floe {

/// Prints a physical plan as Spark's explain() does: one operator per line, children
/// indented under "+- " / ":- " markers.
std::string PrintPhysicalPlan(const PhysicalOperator& root, bool analyze = false);

/// Prints a plan as Spark's explain("formatted"): the tree with operator numbers, then one
/// section per operator with its output columns and details.
std::string PrintFormattedPlan(const PhysicalOperator& root);

}  // namespace floe
