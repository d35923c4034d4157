#include "execution/table_sources/column_predicate_translator.h"

#include <limits>

#include "common/exception.h"
#include "function/cast.h"
#include "function/lossless_widening.h"

namespace floe {

namespace {

using Op = ColumnPredicate::Op;

std::optional<Op> ComparisonOp(const std::string& name) {
  if (name == "=" || name == "<=>") return Op::kEq;
  if (name == "<") return Op::kLt;
  if (name == "<=") return Op::kLe;
  if (name == ">") return Op::kGt;
  if (name == ">=") return Op::kGe;
  return std::nullopt;
}

// `constant < col` is `col > constant`.
Op Flip(Op op) {
  switch (op) {
    case Op::kLt:
      return Op::kGt;
    case Op::kLe:
      return Op::kGe;
    case Op::kGt:
      return Op::kLt;
    case Op::kGe:
      return Op::kLe;
    default:
      return op;
  }
}

}  // namespace

const BoundExpression* ColumnPredicateTranslator::ColumnOf(const BoundExpression& expression) {
  const BoundExpression* e = &expression;
  while (e->kind == BoundExpressionKind::kCast && !e->try_cast && e->children.size() == 1 &&
         IsLosslessWidening(e->children[0]->type, e->type)) {
    e = e->children[0].get();
  }
  return e->kind == BoundExpressionKind::kColumnRef ? e : nullptr;
}

std::optional<Value> ColumnPredicateTranslator::ConstantOf(const BoundExpression& expression) {
  if (expression.kind == BoundExpressionKind::kConstant) return expression.constant;
  if (expression.kind != BoundExpressionKind::kCast || expression.try_cast ||
      expression.children.size() != 1) {
    return std::nullopt;
  }
  std::optional<Value> inner = ConstantOf(*expression.children[0]);
  if (!inner) return std::nullopt;
  // why: ColumnPredicate converts a narrower value exactly itself
  if (inner->is_null() || IsLosslessWidening(inner->type(), expression.type)) return inner;
  // why: a cast to or from an instant (micro or nanosecond) depends on the session's zone
  if (expression.type.IsInstant() || inner->type().IsInstant()) return std::nullopt;
  try {
    return CastValue(*inner, expression.type, FunctionContext());
  } catch (const Exception&) {
    return std::nullopt;
  }
}

std::optional<ColumnPredicate> ColumnPredicateTranslator::Translate(const BoundExpression& filter) {
  ColumnPredicate predicate;
  switch (filter.kind) {
    case BoundExpressionKind::kIsNull:
    case BoundExpressionKind::kIsNotNull: {
      if (filter.children.size() != 1) return std::nullopt;
      const BoundExpression* column = ColumnOf(*filter.children[0]);
      if (!column) return std::nullopt;
      predicate.column = static_cast<int>(column->index);
      predicate.op = filter.kind == BoundExpressionKind::kIsNull ? Op::kIsNull : Op::kIsNotNull;
      return predicate;
    }
    case BoundExpressionKind::kIn: {
      if (filter.negated || (filter.children.size() < 2 && !filter.in_list)) return std::nullopt;
      const BoundExpression* column = ColumnOf(*filter.children[0]);
      if (!column) return std::nullopt;
      predicate.column = static_cast<int>(column->index);
      predicate.op = Op::kIn;
      if (filter.in_list) {
        predicate.sorted_values = filter.in_list;  // already distinct and ascending
        return predicate;
      }
      for (size_t i = 1; i < filter.children.size(); ++i) {
        std::optional<Value> value = ConstantOf(*filter.children[i]);
        if (!value) return std::nullopt;
        predicate.values.push_back(std::move(*value));
      }
      return predicate;
    }
    case BoundExpressionKind::kFunction: {
      if (filter.function && filter.function->name == "isnan" && filter.children.size() == 1) {
        // why: isnan(x) keeps the rows where x = NaN (NaN equals NaN in Spark's order)
        const BoundExpression* column = ColumnOf(*filter.children[0]);
        if (!column) return std::nullopt;
        predicate.column = static_cast<int>(column->index);
        predicate.op = Op::kEq;
        predicate.values.push_back(Value::Double(std::numeric_limits<double>::quiet_NaN()));
        return predicate;
      }
      if (!filter.function || filter.children.size() != 2) return std::nullopt;
      std::optional<Op> op = ComparisonOp(filter.function->name);
      if (!op) return std::nullopt;
      const BoundExpression& left = *filter.children[0];
      const BoundExpression& right = *filter.children[1];
      const BoundExpression* column = ColumnOf(left);
      std::optional<Value> constant = column ? ConstantOf(right) : std::nullopt;
      if (!column || !constant) {
        column = ColumnOf(right);
        constant = column ? ConstantOf(left) : std::nullopt;
        if (!column || !constant) return std::nullopt;
        *op = Flip(*op);
      }
      predicate.column = static_cast<int>(column->index);
      if (constant->is_null()) {
        // why: `col <=> NULL` is `col IS NULL`; any other comparison with NULL is never
        // true, which an equality with a NULL value expresses (it matches nothing)
        if (filter.function->name == "<=>") {
          predicate.op = Op::kIsNull;
          return predicate;
        }
        predicate.op = Op::kEq;
        predicate.values.push_back(std::move(*constant));
        return predicate;
      }
      predicate.op = *op;
      predicate.values.push_back(std::move(*constant));
      return predicate;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace floe
