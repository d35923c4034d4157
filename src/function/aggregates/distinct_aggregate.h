#pragma once

#include "function/aggregate_function.h"

namespace floe {

/// Wraps an aggregate so it sees each distinct tuple of its arguments once, as in
/// sum(DISTINCT x): the state keeps the set of argument tuples (encoded as bytes, with
/// -0.0 and NaNs normalized as Spark groups them), combine unions the sets, and finalize
/// feeds the distinct tuples through `inner`. NULLs are kept as values, so the inner
/// aggregate decides whether to ignore them (count(DISTINCT x) does).
BoundAggregateFunction MakeDistinctAggregate(BoundAggregateFunction inner);

}  // namespace floe
