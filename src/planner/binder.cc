#include "planner/binder.h"

#include <algorithm>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "function/lossless_widening.h"
#include "function/type_coercion.h"
#include "planner/logical_projection.h"
#include "planner/logical_set_operation.h"
#include "planner/logical_sort.h"

namespace floe {

void SplitConjuncts(const ParsedExpression& expr, std::vector<const ParsedExpression*>* out) {
  if (expr.kind == ExpressionKind::kBinary) {
    const auto& b = expr.As<BinaryExpression>();
    if (b.op == BinaryOp::kAnd) {
      SplitConjuncts(*b.left, out);
      SplitConjuncts(*b.right, out);
      return;
    }
  }
  out->push_back(&expr);
}

Binder::Binder(BinderContext& context, const Binder* parent)
    : context_(context), parent_(parent), subquery_ids_(parent ? parent->subquery_ids_ : std::make_shared<int>(0)) {
  if (parent) binding_views_ = parent->binding_views_;
}

const CommonTableExpression* Binder::FindCte(const std::string& name) const {
  auto it = ctes_.find(ToLower(name));
  if (it != ctes_.end()) return it->second;
  return parent_ ? parent_->FindCte(name) : nullptr;
}

BoundQuery Binder::BindQuery(const QueryNode& node) {
  // CTEs are visible to the query and to later CTEs; a nested binder keeps the scope.
  Binder inner(context_, this);
  inner.outer_scope_ = outer_scope_;
  for (const auto& cte : node.ctes) {
    std::string key = ToLower(cte.name);
    if (inner.ctes_.count(key)) {
      throw ParserError("CTE definition can't have duplicate names: " + cte.name,
                        cte.position.line, cte.position.column);
    }
    inner.ctes_[key] = &cte;
  }
  BoundQuery query = node.kind == QueryNodeKind::kSelect
                         ? inner.BindSelect(node.As<SelectNode>())
                         : inner.BindSetOperation(node.As<SetOperationNode>());
  correlated_ = correlated_ || inner.correlated_;
  return query;
}

BoundExpressionPtr Binder::AddCast(BoundExpressionPtr expr, const LogicalType& type, bool try_cast) {
  if (expr->type == type) return expr;
  auto cast = std::make_unique<BoundExpression>();
  cast->kind = BoundExpressionKind::kCast;
  cast->type = type;
  cast->try_cast = try_cast;
  cast->text = expr->text;
  cast->children.push_back(std::move(expr));
  return cast;
}

void Binder::AlignJoinKeys(BoundExpressionPtr& left, BoundExpressionPtr& right) {
  if (left->type == right->type) return;
  std::optional<LogicalType> common = CommonSuperType(left->type, right->type);
  if (!common) return;
  auto cast = [&](BoundExpressionPtr& key) {
    key = AddCast(std::move(key), *common, !IsLosslessWidening(key->type, *common) && key->type != *common);
  };
  cast(left);
  cast(right);
}

std::string Binder::ExpressionKey(const BoundExpression& e) {
  std::string key = std::to_string(static_cast<int>(e.kind)) + ":" + e.type.ToString();
  switch (e.kind) {
    case BoundExpressionKind::kColumnRef:
    case BoundExpressionKind::kParameter:
    case BoundExpressionKind::kLambdaParameter: key += "#" + std::to_string(e.index); break;
    case BoundExpressionKind::kHigherOrder: key += "h" + e.text; break;
    case BoundExpressionKind::kConstant:
      key += "=" + (e.constant.is_null() ? std::string("NULL") : e.constant.ToString());
      break;
    case BoundExpressionKind::kFunction: key += "f" + e.function->name; break;
    // why: subqueries all print as scalarsubquery(); the same plan gives the same value
    case BoundExpressionKind::kSubquery: key += "$" + e.subquery->key; break;
    default: break;
  }
  if (e.negated) key += "!";
  if (e.try_cast) key += "?";
  key += "(";
  for (const auto& c : e.children) key += ExpressionKey(*c) + ",";
  return key + ")";
}

bool IsIntegerLiteral(const ParsedExpression& e, int64_t* value) {
  if (e.kind != ExpressionKind::kConstant) return false;
  const auto& c = e.As<ConstantExpression>();
  if (c.literal_kind != LiteralKind::kInteger) return false;
  try {
    *value = std::stoll(c.text);
  } catch (...) {
    return false;
  }
  return true;
}

BoundQuery Binder::BindSetOperation(const SetOperationNode& node) {
  BoundQuery left = BindQuery(*node.left);
  BoundQuery right = BindQuery(*node.right);
  if (left.plan->types.size() != right.plan->types.size()) {
    throw BinderError(std::string(node.set_type == SetOperationType::kUnion ? "UNION"
                                  : node.set_type == SetOperationType::kIntersect ? "INTERSECT"
                                                                                  : "EXCEPT") +
                      " can only be performed on inputs with the same number of columns, but the "
                      "first input has " + std::to_string(left.plan->types.size()) +
                      " columns and the second input has " + std::to_string(right.plan->types.size()) +
                      " columns");
  }
  // Widen both sides to common column types.
  std::vector<LogicalType> types;
  for (size_t i = 0; i < left.plan->types.size(); ++i) {
    auto common = WiderType(left.plan->types[i], right.plan->types[i]);
    if (!common) {
      throw BinderError("set operation column " + std::to_string(i + 1) + " has incompatible types " +
                        left.plan->types[i].ToString() + " and " + right.plan->types[i].ToString());
    }
    types.push_back(*common);
    // UNION ALL keeps every row; the others compare rows
    if (!(node.all && node.set_type == SetOperationType::kUnion)) {
      RejectUnorderable(*common, "a set operation", left.names.size() > i ? left.names[i] : std::to_string(i + 1));
    }
  }
  auto widen = [&](BoundQuery& q) {
    bool same = true;
    for (size_t i = 0; i < types.size(); ++i) same = same && q.plan->types[i] == types[i];
    if (same) return;
    auto projection = std::make_unique<LogicalProjection>();
    for (size_t i = 0; i < types.size(); ++i) {
      projection->expressions.push_back(
          AddCast(BoundExpression::ColumnRef(i, q.plan->types[i], q.plan->names[i]), types[i]));
      projection->types.push_back(types[i]);
      projection->names.push_back(q.plan->names[i]);
    }
    projection->children.push_back(std::move(q.plan));
    q.plan = std::move(projection);
  };
  widen(left);
  widen(right);
  auto set_op = std::make_unique<LogicalSetOperation>();
  set_op->set_type = node.set_type;
  set_op->all = node.all;
  set_op->types = types;
  set_op->names = left.names;
  set_op->children.push_back(std::move(left.plan));
  set_op->children.push_back(std::move(right.plan));
  BoundQuery query;
  query.names = left.names;
  query.plan = std::move(set_op);
  if (!node.order_by.empty()) {
    BindScope scope;
    for (size_t i = 0; i < types.size(); ++i) {
      scope.columns.push_back({"", query.names[i], types[i], i, false});
    }
    auto sort = std::make_unique<LogicalSort>();
    for (const auto& item : node.order_by) {
      BoundOrder order;
      int64_t ordinal;
      if (IsIntegerLiteral(*item.expression, &ordinal)) {
        if (ordinal < 1 || ordinal > static_cast<int64_t>(types.size())) {
          throw BinderError("ORDER BY position " + std::to_string(ordinal) + " is not in select list");
        }
        order.expression = BoundExpression::ColumnRef(ordinal - 1, types[ordinal - 1], query.names[ordinal - 1]);
      } else {
        ExpressionBinding binding;
        binding.scope = &scope;
        binding.clause = "ORDER BY";
        order.expression = Bind(*item.expression, binding);
      }
      order.ascending = !item.descending();
      order.nulls_first = item.nulls_first();
      sort->orders.push_back(std::move(order));
    }
    sort->types = query.plan->types;
    sort->names = query.plan->names;
    sort->children.push_back(std::move(query.plan));
    query.plan = std::move(sort);
  }
  BindLimit(node, query);
  return query;
}

}  // namespace floe
