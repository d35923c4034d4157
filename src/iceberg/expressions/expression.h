#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/value.h"

namespace floe::iceberg {

/// Names the operation of an expression node (Iceberg Java's Expression.Operation).
enum class Operation : uint8_t {
  kTrue,
  kFalse,
  kAnd,
  kOr,
  kNot,
  kIsNull,
  kNotNull,
  kIsNan,
  kNotNan,
  kLt,
  kLtEq,
  kGt,
  kGtEq,
  kEq,
  kNotEq,
  kIn,
  kNotIn,
  kStartsWith,
  kNotStartsWith,
};

/// Returns the operation that is true exactly when `op` is false (kLt -> kGtEq, ...).
Operation NegateOperation(Operation op);
/// Returns the operation with its operands swapped (kLt -> kGt; others unchanged).
Operation FlipOperation(Operation op);
/// Returns the symbol or name of an operation ("<", "is_null", "in").
std::string OperationName(Operation op);

class Expression;
using ExpressionPtr = std::shared_ptr<const Expression>;

/// A bound, field-id-based boolean expression: true, false, and, or, not, or a Predicate
/// on one field. Evaluators read it as "false means no row can match".
class Expression {
 public:
  virtual ~Expression() = default;

  /// Returns the shared `true` expression.
  static ExpressionPtr AlwaysTrue();
  /// Returns the shared `false` expression.
  static ExpressionPtr AlwaysFalse();
  /// Returns left AND right, folding true and false.
  static ExpressionPtr And(ExpressionPtr left, ExpressionPtr right);
  /// Returns left OR right, folding true and false.
  static ExpressionPtr Or(ExpressionPtr left, ExpressionPtr right);
  /// Returns NOT child, folding true, false and double negation.
  static ExpressionPtr Not(ExpressionPtr child);

  Operation op() const { return op_; }
  /// Returns the first operand of and/or, or the operand of not.
  const ExpressionPtr& left() const { return left_; }
  /// Returns the second operand of and/or.
  const ExpressionPtr& right() const { return right_; }
  /// Returns true for a Predicate node.
  bool IsPredicate() const { return op_ >= Operation::kIsNull; }

  /// Returns the expression that is true exactly when this one is false.
  virtual ExpressionPtr Negate() const;
  /// Returns a readable form ("(ref(3) >= 10 and ref(4) is_null)").
  virtual std::string ToString() const;

 protected:
  explicit Expression(Operation op, ExpressionPtr left = nullptr, ExpressionPtr right = nullptr)
      : op_(op), left_(std::move(left)), right_(std::move(right)) {}

 private:
  Operation op_;
  ExpressionPtr left_;
  ExpressionPtr right_;
};

/// Returns the expression with every NOT pushed into its operand (Java's RewriteNot).
ExpressionPtr RewriteNot(const ExpressionPtr& expression);

}  // namespace floe::iceberg
