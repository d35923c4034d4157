#pragma once

#include <cstdint>
#include <optional>

#include "planner/logical_operator.h"

namespace floe {

/// Skips `offset` rows, then keeps at most `limit`.
struct LogicalLimit : LogicalOperator {
  LogicalLimit() : LogicalOperator(LogicalOperatorType::kLimit) {}
  std::optional<int64_t> limit;
  int64_t offset = 0;
  std::string Describe() const override;
};

}  // namespace floe
