#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/sorted_values.h"
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
  /// Returns IN or NOT IN over a shared list of one type, none NaN (a runtime filter's
  /// keys, up to millions): not copied when it holds more than 16 values.
  static std::shared_ptr<const Predicate> MakeSorted(Operation op, int field_id, SortedValuesPtr sorted);
  /// Returns the same test on another field (an identity projection), sharing the literals.
  std::shared_ptr<const Predicate> WithFieldId(int field_id) const;

  int field_id() const { return field_id_; }
  /// Returns the literals. A predicate made over a sorted list (MakeSorted) makes them from
  /// it on the first call, a Value each (96 MB for a million keys): read sorted_literals()
  /// where it is set.
  const std::vector<Value>& literals() const;
  /// Returns how many literals there are.
  size_t literal_count() const { return sorted_only_ ? sorted_->size() : literals_->size(); }
  /// IN / NOT IN over more than 16 literals of one type, none NaN: them distinct and sorted
  /// ascending (shared, so that each file's reader does not sort them again); else null.
  const SortedValuesPtr& sorted_literals() const { return sorted_; }
  /// Returns the literals as `format` prints each, joined by ", "; past 16 (a runtime
  /// filter's keys, up to millions), the first 16 and a count.
  std::string LiteralList(const std::function<std::string(const Value&)>& format) const;
  /// Returns the single literal of a comparison or prefix test.
  const Value& literal() const { return literals().front(); }

  ExpressionPtr Negate() const override;
  std::string ToString() const override;

  /// Returns whether a value (possibly NULL) satisfies the predicate, SQL style: a NULL
  /// value satisfies only is_null (and not_nan).
  bool Test(const Value& value) const;

  /// Makes a predicate over `literals`, or, when they are null, over `sorted` alone.
  Predicate(Operation op, int field_id, std::shared_ptr<const std::vector<Value>> literals,
            SortedValuesPtr sorted = nullptr);

 private:
  int field_id_;
  // null for a predicate over a sorted list alone until literals() is first called
  mutable std::shared_ptr<const std::vector<Value>> literals_;
  mutable std::once_flag literals_made_;
  bool sorted_only_;  // made over a sorted list alone (MakeSorted)
  // IN / NOT IN with many literals of one type (a runtime filter's keys): them sorted and
  // distinct, for Test's and MayMatch's binary searches and the row group predicates;
  // null otherwise
  SortedValuesPtr sorted_;
};

using PredicatePtr = std::shared_ptr<const Predicate>;

/// Returns true when a value is a floating-point NaN.
bool IsNan(const Value& value);

}  // namespace floe::iceberg
