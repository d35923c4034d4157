#pragma once

#include <map>
#include <memory>

#include "execution/operators/physical_subquery.h"
#include "execution/physical_operator.h"
#include "execution/runtime_filter/runtime_filter_slot.h"
#include "planner/logical_join.h"
#include "planner/logical_operator.h"
#include "planner/logical_set_operation.h"

namespace floe {

/// Turns an optimized logical plan into physical operators.
class PhysicalPlanner {
 public:
  /// Consumes the logical plan (its expressions move into the operators); the subqueries
  /// an operator's expressions read are planned and attached to it.
  PhysicalOperatorPtr Plan(LogicalOperator& op);
  /// Plans a subquery's plan (consumed), once per subquery.
  std::shared_ptr<PhysicalSubquery> PlanSubquery(const std::shared_ptr<BoundSubquery>& subquery);

 private:
  PhysicalOperatorPtr PlanOperator(LogicalOperator& op);
  PhysicalOperatorPtr PlanJoin(LogicalJoin& join);
  PhysicalOperatorPtr PlanSetOperation(LogicalSetOperation& op);
  PhysicalOperatorPtr PlanSetOperationAll(LogicalSetOperation& op, PhysicalOperatorPtr left,
                                          PhysicalOperatorPtr right);
  /// Returns the slot of runtime filter `id`, created on first use (by its scan or its
  /// join): the join publishes into it, the scan reads it.
  std::shared_ptr<RuntimeFilterSlot> RuntimeFilterSlotFor(int id);

  std::map<int, std::shared_ptr<RuntimeFilterSlot>> runtime_filter_slots_;
  /// The subqueries planned so far, shared with the planners of subqueries: a subquery read
  /// both by the plan and inside another subquery's plan (a runtime Bloom filter built from a
  /// side another one filters) is planned once, its logical plan being consumed.
  std::shared_ptr<std::map<const BoundSubquery*, std::shared_ptr<PhysicalSubquery>>> subqueries_ =
      std::make_shared<std::map<const BoundSubquery*, std::shared_ptr<PhysicalSubquery>>>();
};

}  // namespace floe
