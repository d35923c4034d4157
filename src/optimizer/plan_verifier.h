#pragma once

#include <optional>
#include <string>

#include "planner/logical_operator.h"

namespace floe {

/// Checks that a logical plan is well formed: each operator has the children its kind
/// needs, its output columns are the ones its inputs and expressions give, and every column
/// reference names a column its input produces, of the type that column has. The optimizer
/// runs it after each rule in debug builds (DuckDB's Optimizer::Verify), so a rule that
/// breaks a plan is named at once instead of surfacing later as a wrong row.
class PlanVerifier {
 public:
  /// Returns what is wrong with the first ill-formed operator (children first), or nothing.
  static std::optional<std::string> Check(const LogicalOperator& plan);
  /// Throws InternalError naming `stage` ("optimizer rule 'filter_pushdown'") when Check
  /// finds a problem.
  static void Verify(const LogicalOperator& plan, const std::string& stage);
};

}  // namespace floe
