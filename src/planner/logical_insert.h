#pragma once

#include <memory>
#include <string>

#include "planner/logical_operator.h"
#include "planner/table_sink.h"

namespace floe {

/// Writes its child's rows (the target's columns, in order, cast to its types) into a
/// table: INSERT INTO / INSERT OVERWRITE. Outputs no columns.
struct LogicalInsert : LogicalOperator {
  LogicalInsert() : LogicalOperator(LogicalOperatorType::kInsert) {}
  std::shared_ptr<TableSink> sink;
  WriteMode mode;
  std::string Describe() const override;
};

}  // namespace floe
