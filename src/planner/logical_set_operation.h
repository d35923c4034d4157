#pragma once

#include "planner/logical_operator.h"
#include "sql/ast_query.h"

namespace floe {

/// UNION / INTERSECT / EXCEPT of two inputs with the same column types.
struct LogicalSetOperation : LogicalOperator {
  LogicalSetOperation() : LogicalOperator(LogicalOperatorType::kSetOperation) {}
  SetOperationType set_type = SetOperationType::kUnion;
  bool all = false;
  std::string Describe() const override;
};

}  // namespace floe
