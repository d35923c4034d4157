#pragma once

#include <vector>

#include "common/value.h"
#include "planner/logical_operator.h"

namespace floe {

/// Constant rows (VALUES, or one empty row for SELECT without FROM).
struct LogicalValues : LogicalOperator {
  LogicalValues() : LogicalOperator(LogicalOperatorType::kValues) {}
  std::vector<std::vector<Value>> rows;
  std::string Describe() const override;
};

}  // namespace floe
