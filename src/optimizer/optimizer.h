#pragma once

#include <functional>
#include <string>
#include <vector>

#include "planner/logical_operator.h"

namespace floe {

/// One rewrite of the logical plan; each can be switched off by name.
struct OptimizerRule {
  std::string name;
  std::function<LogicalOperatorPtr(LogicalOperatorPtr)> apply;
};

/// Runs the optimizer rules in order (the list is in optimizer.cc, one rule per file).
class Optimizer {
 public:
  /// Returns the ordered rule list.
  static const std::vector<OptimizerRule>& Rules();
  /// Rewrites a plan; `disabled` names rules to skip.
  static LogicalOperatorPtr Optimize(LogicalOperatorPtr plan,
                                     const std::vector<std::string>& disabled = {});
};

}  // namespace floe
