#pragma once

#include <functional>
#include <memory>
#include <string>

#include <vector>

#include "common/value.h"
#include "iceberg/expressions/expression.h"

namespace floe::iceberg {

/// A predicate on one field, by id: a NULL/NaN test, a comparison with one literal, a set
/// test with several, or a prefix test on strings. Literals are non-NULL floe Values of
/// the field's type (Type::ToLogicalType), in a partition tuple the transform's result type.
class Predicate : public Expression {
 public:
  /// Returns a predicate; throws InternalError when the literal count does not fit `op`.
  static std::shared_ptr<const Predicate> Make(Operation op, int field_id, std::vector<Value> literals = {});
  /// Returns IN or NOT IN over a shared list known to be distinct and ascending, of one
  /// type, none NULL or NaN (a runtime filter's keys, up to millions): neither copied nor
  /// checked.
  static std::shared_ptr<const Predicate> MakeSorted(Operation op, int field_id,
                                                     std::shared_ptr<const std::vector<Value>> sorted);
  /// Returns the same test on another field (an identity projection), sharing the literals.
  std::shared_ptr<const Predicate> WithFieldId(int field_id) const;

  int field_id() const { return field_id_; }
  const std::vector<Value>& literals() const { return *literals_; }
  /// IN / NOT IN over more than 16 literals of one type, none NaN: them distinct and sorted
  /// ascending (shared, so that each file's reader does not sort them again); else null.
  const std::shared_ptr<const std::vector<Value>>& sorted_literals() const { return sorted_; }
  /// Returns the literals as `format` prints each, joined by ", "; past 16 (a runtime
  /// filter's keys, up to millions), the first 16 and a count.
  std::string LiteralList(const std::function<std::string(const Value&)>& format) const;
  /// Returns the single literal of a comparison or prefix test.
  const Value& literal() const { return literals_->front(); }

  ExpressionPtr Negate() const override;
  std::string ToString() const override;

  /// Returns whether a value (possibly NULL) satisfies the predicate, SQL style: a NULL
  /// value satisfies only is_null (and not_nan).
  bool Test(const Value& value) const;

  Predicate(Operation op, int field_id, std::shared_ptr<const std::vector<Value>> literals);

 private:
  int field_id_;
  std::shared_ptr<const std::vector<Value>> literals_;
  // IN / NOT IN with many literals of one type (a runtime filter's keys): them sorted and
  // distinct (literals_ itself when it already is), for Test's and MayMatch's binary
  // searches and the row group predicates; null otherwise
  std::shared_ptr<const std::vector<Value>> sorted_;
};

using PredicatePtr = std::shared_ptr<const Predicate>;

/// Returns true when a value is a floating-point NaN.
bool IsNan(const Value& value);

}  // namespace floe::iceberg
