#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"

namespace floe {

struct BoundExpression;
struct LogicalOperator;

/// What an uncorrelated subquery gave when it ran.
struct SubqueryResult {
  SubqueryResult();
  ~SubqueryResult();
  /// Scalar: its value (NULL when it returned no row); EXISTS: whether it returned a row.
  Value value;
  /// IN: one item per row, of the type both sides compare as (a constant, or the cast of
  /// one when the cast fails: it then fails only where the IN is evaluated).
  std::vector<std::unique_ptr<BoundExpression>> in_items;
};

/// An uncorrelated subquery used as an expression, as Spark's ScalarSubquery, Exists and
/// InSubquery are: the binder plans it and nothing runs it then; its plan runs once, before
/// the operators that read it (execution's PhysicalSubquery), and publishes its result
/// here, a slot as runtime filters are. Copies of the expression holding it share it.
struct BoundSubquery {
  BoundSubquery();
  ~BoundSubquery();

  /// How the expression reads it.
  enum class Kind {
    kScalar,  // its one value (NULL without rows)
    kExists,  // whether it has a row
    kIn,      // children[0] of the expression [NOT] IN its rows
  };

  /// Numbers the subqueries of a statement in binding order (Spark's scalar-subquery#N).
  int id = 0;
  Kind kind = Kind::kScalar;
  /// The subquery's plan: one column for a scalar or IN subquery. The optimizer rewrites
  /// it, the physical planner consumes it.
  std::unique_ptr<LogicalOperator> plan;
  /// Scalar: the value's type; IN: the type both sides compare as; EXISTS: boolean.
  LogicalType type;
  /// The subquery as written, for messages.
  std::string text;
  /// Says what it computes (its kind and plan): equal for two bindings of the same subquery
  /// (GROUP BY 1 binds its item again) or of the same text, as Spark compares subquery plans.
  std::string key;
  /// Set when the optimizer made the plan itself, already optimized (a runtime Bloom filter's):
  /// the optimizer does not rewrite it again.
  bool optimized = false;
  /// Set once the plan has run; read by the expression executor and by the scans.
  std::shared_ptr<const SubqueryResult> result;

  /// Returns the name plans give it: "scalar-subquery#1", "exists-subquery#2", "in-subquery#3".
  std::string Name() const;
};

}  // namespace floe
