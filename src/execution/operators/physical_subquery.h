#pragma once

#include <memory>

#include "execution/physical_operator.h"
#include "planner/bound_expression.h"

namespace floe {

/// An uncorrelated subquery of the plan (Spark's SubqueryExec): its child is the
/// subquery's plan, which runs once, before the query's pipelines, and publishes its result
/// to the BoundSubquery the expressions read. The operators whose expressions read it list
/// it (PhysicalOperator::subqueries); EXPLAIN shows it under them, as Spark does.
class PhysicalSubquery : public PhysicalOperator {
 public:
  PhysicalSubquery(std::shared_ptr<BoundSubquery> subquery, std::unique_ptr<PhysicalOperator> plan);

  std::string Name() const override { return "Subquery " + subquery_->Name(); }
  /// Runs the plan and publishes its result, unless it has run (the plan reads it from
  /// several operators) or its result was published otherwise.
  void Run(ExecutionContext& context) const;
  const BoundSubquery& subquery() const { return *subquery_; }

 private:
  std::shared_ptr<BoundSubquery> subquery_;
};

}  // namespace floe
