#pragma once

#include "planner/logical_operator.h"

namespace floe {

/// Reorders a chain of comma (cross) joins under a filter so that every input after the
/// first shares a filter conjunct with an input placed before it, when such an order exists;
/// the input that shares conjuncts with the most others goes first (in a star join: the fact
/// table, so each dimension becomes a hash join's build side).
///
///   Filter(d.k = f.dk AND c.k = f.ck)         Filter(d.k = f.dk AND c.k = f.ck)
///     Cross                                     Project [d.*, c.*, f.*]
///       Cross                        =>           Cross
///         Get d    Get c                            Cross
///       Get f                                         Get f    Get d
///                                                   Get c
///
/// Filter pushdown then turns the conjuncts into hash-join keys. Correct because inner
/// and cross joins are commutative and associative, and the projection restores the
/// original column order. Chains without a cartesian product are left as written, unless
/// ANALYZE TABLE stored statistics for an input: then, after the most linked input (the
/// larger first among equals), each next input is the one linked to those placed with the
/// fewest rows floe estimates after its own conjuncts (StatisticsEstimator, FilterEstimation),
/// so the most selective join runs first.
class JoinOrder {
 public:
  LogicalOperatorPtr Rewrite(LogicalOperatorPtr op);
};

}  // namespace floe
