#pragma once

#include <functional>
#include <string>
#include <vector>

#include "optimizer/rules/constant_folding.h"
#include "planner/logical_operator.h"

namespace floe {

/// What the rules may need from the session.
struct OptimizerContext {
  /// Rules to skip, by name.
  std::vector<std::string> disabled;
  /// Evaluates constant expressions for constant folding; unset, nothing is folded.
  ConstantEvaluator evaluate_constant;
};

/// One rewrite of the logical plan; each can be switched off by name.
struct OptimizerRule {
  std::string name;
  std::function<LogicalOperatorPtr(LogicalOperatorPtr, const OptimizerContext&)> apply;
};

/// Runs the optimizer rules in order (the list is in optimizer.cc, one rule per file).
class Optimizer {
 public:
  /// Returns the ordered rule list.
  static const std::vector<OptimizerRule>& Rules();
  /// Rewrites a plan, and the plans of the subqueries its expressions read.
  static LogicalOperatorPtr Optimize(LogicalOperatorPtr plan, const OptimizerContext& context = {});
};

}  // namespace floe
