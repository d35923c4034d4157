#pragma once

#include "execution/physical_operator.h"
#include "planner/logical_operator.h"

namespace floe {

/// Turns an optimized logical plan into physical operators.
class PhysicalPlanner {
 public:
  /// Consumes the logical plan (its expressions move into the operators).
  PhysicalOperatorPtr Plan(LogicalOperator& op);

 private:
  PhysicalOperatorPtr PlanJoin(LogicalJoin& join);
  PhysicalOperatorPtr PlanSetOperation(LogicalSetOperation& op);
  PhysicalOperatorPtr PlanSetOperationAll(LogicalSetOperation& op, PhysicalOperatorPtr left,
                                          PhysicalOperatorPtr right);
};

}  // namespace floe
