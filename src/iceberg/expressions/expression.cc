#include "iceberg/expressions/expression.h"

#include "common/exception.h"
#include "iceberg/expressions/predicate.h"

namespace floe::iceberg {

namespace {

class ConstantExpression : public Expression {
 public:
  explicit ConstantExpression(bool value) : Expression(value ? Operation::kTrue : Operation::kFalse) {}
};

class CompoundExpression : public Expression {
 public:
  CompoundExpression(Operation op, ExpressionPtr left, ExpressionPtr right)
      : Expression(op, std::move(left), std::move(right)) {}
};

}  // namespace

Operation NegateOperation(Operation op) {
  switch (op) {
    case Operation::kTrue: return Operation::kFalse;
    case Operation::kFalse: return Operation::kTrue;
    case Operation::kAnd: return Operation::kOr;
    case Operation::kOr: return Operation::kAnd;
    case Operation::kNot: return Operation::kNot;
    case Operation::kIsNull: return Operation::kNotNull;
    case Operation::kNotNull: return Operation::kIsNull;
    case Operation::kIsNan: return Operation::kNotNan;
    case Operation::kNotNan: return Operation::kIsNan;
    case Operation::kLt: return Operation::kGtEq;
    case Operation::kLtEq: return Operation::kGt;
    case Operation::kGt: return Operation::kLtEq;
    case Operation::kGtEq: return Operation::kLt;
    case Operation::kEq: return Operation::kNotEq;
    case Operation::kNotEq: return Operation::kEq;
    case Operation::kIn: return Operation::kNotIn;
    case Operation::kNotIn: return Operation::kIn;
    case Operation::kStartsWith: return Operation::kNotStartsWith;
    case Operation::kNotStartsWith: return Operation::kStartsWith;
  }
  throw InternalError("unknown expression operation");
}

Operation FlipOperation(Operation op) {
  switch (op) {
    case Operation::kLt: return Operation::kGt;
    case Operation::kLtEq: return Operation::kGtEq;
    case Operation::kGt: return Operation::kLt;
    case Operation::kGtEq: return Operation::kLtEq;
    default: return op;
  }
}

std::string OperationName(Operation op) {
  switch (op) {
    case Operation::kTrue: return "true";
    case Operation::kFalse: return "false";
    case Operation::kAnd: return "and";
    case Operation::kOr: return "or";
    case Operation::kNot: return "not";
    case Operation::kIsNull: return "is_null";
    case Operation::kNotNull: return "not_null";
    case Operation::kIsNan: return "is_nan";
    case Operation::kNotNan: return "not_nan";
    case Operation::kLt: return "<";
    case Operation::kLtEq: return "<=";
    case Operation::kGt: return ">";
    case Operation::kGtEq: return ">=";
    case Operation::kEq: return "==";
    case Operation::kNotEq: return "!=";
    case Operation::kIn: return "in";
    case Operation::kNotIn: return "not_in";
    case Operation::kStartsWith: return "starts_with";
    case Operation::kNotStartsWith: return "not_starts_with";
  }
  return "?";
}

ExpressionPtr Expression::AlwaysTrue() {
  static const ExpressionPtr instance = std::make_shared<ConstantExpression>(true);
  return instance;
}

ExpressionPtr Expression::AlwaysFalse() {
  static const ExpressionPtr instance = std::make_shared<ConstantExpression>(false);
  return instance;
}

ExpressionPtr Expression::And(ExpressionPtr left, ExpressionPtr right) {
  if (left->op() == Operation::kFalse || right->op() == Operation::kFalse) return AlwaysFalse();
  if (left->op() == Operation::kTrue) return right;
  if (right->op() == Operation::kTrue) return left;
  return std::make_shared<CompoundExpression>(Operation::kAnd, std::move(left), std::move(right));
}

ExpressionPtr Expression::Or(ExpressionPtr left, ExpressionPtr right) {
  if (left->op() == Operation::kTrue || right->op() == Operation::kTrue) return AlwaysTrue();
  if (left->op() == Operation::kFalse) return right;
  if (right->op() == Operation::kFalse) return left;
  return std::make_shared<CompoundExpression>(Operation::kOr, std::move(left), std::move(right));
}

ExpressionPtr Expression::Not(ExpressionPtr child) {
  if (child->op() == Operation::kTrue) return AlwaysFalse();
  if (child->op() == Operation::kFalse) return AlwaysTrue();
  if (child->op() == Operation::kNot) return child->left();
  return std::make_shared<CompoundExpression>(Operation::kNot, std::move(child), nullptr);
}

ExpressionPtr Expression::Negate() const {
  switch (op_) {
    case Operation::kTrue: return AlwaysFalse();
    case Operation::kFalse: return AlwaysTrue();
    case Operation::kAnd: return Or(left_->Negate(), right_->Negate());
    case Operation::kOr: return And(left_->Negate(), right_->Negate());
    case Operation::kNot: return left_;
    default: throw InternalError("Expression::Negate of a predicate without its literals");
  }
}

std::string Expression::ToString() const {
  switch (op_) {
    case Operation::kTrue: return "true";
    case Operation::kFalse: return "false";
    case Operation::kAnd: return "(" + left_->ToString() + " and " + right_->ToString() + ")";
    case Operation::kOr: return "(" + left_->ToString() + " or " + right_->ToString() + ")";
    case Operation::kNot: return "not(" + left_->ToString() + ")";
    default: return OperationName(op_);
  }
}

ExpressionPtr RewriteNot(const ExpressionPtr& e) {
  switch (e->op()) {
    case Operation::kAnd: return Expression::And(RewriteNot(e->left()), RewriteNot(e->right()));
    case Operation::kOr: return Expression::Or(RewriteNot(e->left()), RewriteNot(e->right()));
    case Operation::kNot: return RewriteNot(e->left()->Negate());
    default: return e;
  }
}

}  // namespace floe::iceberg
