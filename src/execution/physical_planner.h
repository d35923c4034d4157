#pragma once

#include <map>
#include <memory>

#include "execution/physical_operator.h"
#include "execution/runtime_filter/runtime_filter.h"
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
  /// Returns the runtime filter `id`, created on first use (by its scan or its join).
  std::shared_ptr<RuntimeFilter> RuntimeFilterFor(int id, size_t key_index);

  std::map<int, std::shared_ptr<RuntimeFilter>> runtime_filters_;
};

}  // namespace floe
