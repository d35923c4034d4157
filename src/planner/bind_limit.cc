#include "common/exception.h"
#include "planner/binder.h"
#include "planner/logical_limit.h"

namespace floe {

void Binder::BindLimit(const QueryNode& node, BoundQuery& query) {
  if (!node.limit && !node.offset) return;
  auto limit = std::make_unique<LogicalLimit>();
  if (node.limit) limit->limit = BindLimitValue(*node.limit, "LIMIT");
  if (node.offset) limit->offset = BindLimitValue(*node.offset, "OFFSET");
  limit->types = query.plan->types;
  limit->names = query.plan->names;
  limit->children.push_back(std::move(query.plan));
  query.plan = std::move(limit);
}

// The count is part of the plan (LogicalLimit holds a number), so it is evaluated now, as
// Spark's analyzer evaluates a foldable LIMIT.
int64_t Binder::BindLimitValue(const ParsedExpression& expr, const char* clause) {
  BindScope empty;
  ExpressionBinding binding;
  binding.scope = &empty;
  binding.clause = clause;
  auto bound = Bind(expr, binding);
  if (!bound->IsConstant() || !bound->type.IsInteger()) {
    throw BinderError(std::string("The ") + clause + " expression must be an integer constant, got " +
                      expr.ToString());
  }
  Value v = context_.EvaluateConstant(*bound);
  if (v.is_null() || v.int64() < 0) {
    throw BinderError(std::string("The ") + clause + " expression must be a non-negative integer, got " +
                      expr.ToString());
  }
  return v.int64();
}

}  // namespace floe
