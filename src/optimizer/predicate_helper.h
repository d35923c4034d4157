#pragma once

#include "planner/bound_expression.h"

namespace floe {

/// Returns whether a filter is likely to drop rows, as Spark's PredicateHelper.isLikelySelective
/// decides: comparisons, IN, LIKE / RLIKE, the string predicates and the other binary predicates
/// (might_contain) are; IS [NOT] NULL, a boolean column or any other function is not; NOT of one
/// is what it is, AND is when either side is, OR when both are. Dynamic partition pruning and
/// runtime Bloom filters ask it of the other side's filters.
bool IsLikelySelective(const BoundExpression& e);

}  // namespace floe
