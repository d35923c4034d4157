#include "execution/operators/physical_delete.h"

#include "execution/resolve_subqueries.h"
#include "execution/task_scheduler.h"

namespace floe {

PhysicalDelete::PhysicalDelete(std::shared_ptr<DeleteTarget> target, BoundExpressionPtr condition)
    : PhysicalOperator({}), target_(std::move(target)), condition_(std::move(condition)) {}

bool PhysicalDelete::GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
                             LocalSourceState& local) const {
  BoundExpressionPtr condition = condition_ ? ResolveSubqueries(*condition_, context.function_context) : nullptr;
  outcome_ = target_->Delete(condition.get(), context.function_context,
                             [&](int n, const std::function<void(int)>& fn) { RunParallel(context, n, fn); },
                             context.query);
  return false;
}

}  // namespace floe
