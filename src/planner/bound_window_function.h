#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"
#include "planner/bound_expression.h"
#include "sql/ast_expression.h"

namespace floe {

enum class WindowFunctionKind {
  kAggregate,
  kRowNumber,
  kRank,
  kDenseRank,
  kPercentRank,
  kCumeDist,
  kNtile,
  kLag,
  kLead,
  kFirstValue,
  kLastValue,
  kNthValue,
};

/// One end of a window frame; offset for PRECEDING / FOLLOWING.
struct BoundFrameBound {
  FrameBoundKind kind = FrameBoundKind::kCurrentRow;
  int64_t offset = 0;
  Value range_offset;  // RANGE frames with a value offset
};

/// One window function call with its OVER clause.
struct BoundWindowFunction {
  WindowFunctionKind kind = WindowFunctionKind::kAggregate;
  BoundAggregate aggregate;               // for kAggregate
  std::vector<BoundExpressionPtr> args;   // lag(x, n, default), ntile(n), first_value(x)
  std::vector<BoundExpressionPtr> partitions;
  std::vector<BoundOrder> orders;
  bool rows_frame = false;  // ROWS (true) or RANGE (false)
  bool has_frame = false;
  BoundFrameBound start;
  BoundFrameBound end;
  bool ignore_nulls = false;
  LogicalType type;
  std::string text;

  BoundWindowFunction Copy() const;
  /// Calls fn on every expression of the call: arguments, filter, partitions, orders.
  void VisitExpressions(const std::function<void(BoundExpression&)>& fn);
};

}  // namespace floe
