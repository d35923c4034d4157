#pragma once

#include <functional>

#include "planner/logical_operator.h"

namespace floe {

/// Returns a copy of a chain of filters and projections over a scan (a dimension, a runtime
/// filter's creation side), without the filter conjuncts `drop` names (a filter left with
/// none is left out); null when the chain holds any other operator. The scan's source is
/// shared, its filters copied; its runtime filters and dynamic pruning notes are not (they
/// belong to the plan's own scan).
LogicalOperatorPtr CopyScanChain(const LogicalOperator& op,
                                 const std::function<bool(const BoundExpression&)>& drop = nullptr);

}  // namespace floe
