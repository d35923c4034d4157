#pragma once

#include <map>
#include <memory>

#include "execution/physical_operator.h"
#include "execution/runtime_filter/runtime_filter_slot.h"
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
  /// Returns the slot of runtime filter `id`, created on first use (by its scan or its
  /// join): the join publishes into it, the scan reads it.
  std::shared_ptr<RuntimeFilterSlot> RuntimeFilterSlotFor(int id);

  std::map<int, std::shared_ptr<RuntimeFilterSlot>> runtime_filter_slots_;
};

}  // namespace floe
