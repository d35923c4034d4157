#include "planner/bound_expression.h"

#include <algorithm>

namespace floe {

std::unique_ptr<BoundExpression> BoundExpression::Copy() const {
  auto copy = CopyNode();
  for (const auto& child : children) copy->children.push_back(child->Copy());
  return copy;
}

std::unique_ptr<BoundExpression> BoundExpression::CopyNode() const {
  auto copy = std::make_unique<BoundExpression>();
  copy->kind = kind;
  copy->type = type;
  copy->index = index;
  copy->constant = constant;
  copy->function = function;
  copy->try_cast = try_cast;
  copy->has_else = has_else;
  copy->negated = negated;
  copy->higher_order = higher_order;
  copy->subquery = subquery;
  copy->in_list = in_list;
  copy->insert_column = insert_column;
  copy->text = text;
  return copy;
}

bool BoundExpression::IsConstant() const {
  if (kind == BoundExpressionKind::kColumnRef || kind == BoundExpressionKind::kParameter ||
      kind == BoundExpressionKind::kLambdaParameter) {
    return false;
  }
  if (kind == BoundExpressionKind::kFunction && function && !function->foldable) return false;
  for (const auto& child : children) {
    if (!child->IsConstant()) return false;
  }
  return true;
}

bool BoundExpression::IsFoldable() const { return IsConstant() && !HasSubquery(); }

bool BoundExpression::HasSubquery() const {
  if (kind == BoundExpressionKind::kSubquery) return true;
  for (const auto& child : children) {
    if (child->HasSubquery()) return true;
  }
  return false;
}

void CollectSubqueries(const BoundExpression& expr, std::vector<std::shared_ptr<BoundSubquery>>* out) {
  if (expr.kind == BoundExpressionKind::kSubquery &&
      std::find(out->begin(), out->end(), expr.subquery) == out->end()) {
    out->push_back(expr.subquery);
  }
  for (const auto& child : expr.children) CollectSubqueries(*child, out);
}

void BoundExpression::VisitColumnRefs(const std::function<void(BoundExpression&)>& fn) {
  if (kind == BoundExpressionKind::kColumnRef) fn(*this);
  for (auto& child : children) child->VisitColumnRefs(fn);
}

const std::string* StructFieldName(const BoundExpression& e) {
  if (e.kind != BoundExpressionKind::kFunction || !e.function || e.function->name != "get_struct_field" ||
      e.children.size() != 2 || e.children[1]->kind != BoundExpressionKind::kConstant ||
      e.children[1]->constant.is_null()) {
    return nullptr;
  }
  return &e.children[1]->constant.str();
}

bool BoundExpression::IsDeterministic() const {
  if (kind == BoundExpressionKind::kParameter) return false;
  if (kind == BoundExpressionKind::kFunction && function && !function->foldable) return false;
  return std::all_of(children.begin(), children.end(), [](const auto& c) { return c->IsDeterministic(); });
}

std::vector<size_t> BoundExpression::ReferencedColumns() const {
  std::vector<size_t> out;
  const_cast<BoundExpression*>(this)->VisitColumnRefs([&](BoundExpression& e) {
    if (std::find(out.begin(), out.end(), e.index) == out.end()) out.push_back(e.index);
  });
  return out;
}

std::unique_ptr<BoundExpression> BoundExpression::ColumnRef(size_t index, LogicalType type,
                                                            std::string text) {
  auto e = std::make_unique<BoundExpression>();
  e->kind = BoundExpressionKind::kColumnRef;
  e->index = index;
  e->type = type;
  e->text = std::move(text);
  return e;
}

std::unique_ptr<BoundExpression> BoundExpression::MakeConstant(Value value, std::string text) {
  auto e = std::make_unique<BoundExpression>();
  e->kind = BoundExpressionKind::kConstant;
  e->type = value.type();
  e->text = text.empty() ? value.ToString() : std::move(text);
  e->constant = std::move(value);
  return e;
}

int JoinSides(const BoundExpression& expr, size_t left_width) {
  int sides = 0;
  for (size_t index : expr.ReferencedColumns()) sides |= index < left_width ? 1 : 2;
  return sides;
}

BoundAggregate BoundAggregate::Copy() const {
  BoundAggregate copy;
  copy.function = function;
  for (const auto& a : args) copy.args.push_back(a->Copy());
  if (filter) copy.filter = filter->Copy();
  copy.distinct = distinct;
  copy.text = text;
  return copy;
}

BoundOrder BoundOrder::Copy() const {
  BoundOrder copy;
  copy.expression = expression->Copy();
  copy.ascending = ascending;
  copy.nulls_first = nulls_first;
  return copy;
}

}  // namespace floe
