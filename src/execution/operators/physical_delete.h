#pragma once

#include <memory>
#include <string>

#include "execution/physical_operator.h"
#include "planner/delete_target.h"

namespace floe {

/// DELETE FROM: runs the target's delete (with the condition's subqueries, which ran
/// before the plan, replaced by their values) on one thread; outputs no rows. What it did
/// is read from outcome() once the plan has run.
class PhysicalDelete : public PhysicalOperator {
 public:
  PhysicalDelete(std::shared_ptr<DeleteTarget> target, BoundExpressionPtr condition);

  std::string Name() const override { return "DeleteFromIcebergTable"; }
  std::string Details() const override { return target_->DisplayName(); }

  bool IsSource() const override { return true; }
  bool ParallelSource() const override { return false; }
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;

  const DeleteTarget& target() const { return *target_; }
  const DeleteOutcome& outcome() const { return outcome_; }

 private:
  std::shared_ptr<DeleteTarget> target_;
  BoundExpressionPtr condition_;
  mutable DeleteOutcome outcome_;
};

}  // namespace floe
