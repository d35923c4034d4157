#include "iceberg/expressions/predicate.h"

#include <algorithm>
#include <cmath>

#include "common/exception.h"

namespace floe::iceberg {

bool IsNan(const Value& value) {
  if (value.is_null()) return false;
  TypeId id = value.type().id();
  return (id == TypeId::kFloat || id == TypeId::kDouble) && std::isnan(value.float64());
}

Predicate::Predicate(Operation op, int field_id, std::shared_ptr<const std::vector<Value>> literals)
    : Expression(op), field_id_(field_id), literals_(std::move(literals)) {
  const std::vector<Value>& all = *literals_;
  if ((op != Operation::kIn && op != Operation::kNotIn) || all.size() <= 16) return;
  for (const auto& l : all) {
    if (l.is_null() || IsNan(l) || l.type() != all[0].type()) return;
  }
  if (IsSortedDistinct(all)) {
    sorted_ = literals_;
    return;
  }
  auto sorted = std::make_shared<std::vector<Value>>(all);
  SortDistinct(sorted.get());
  sorted_ = std::move(sorted);
}

PredicatePtr Predicate::Make(Operation op, int field_id, std::vector<Value> literals) {
  size_t n = literals.size();
  bool ok;
  switch (op) {
    case Operation::kIsNull:
    case Operation::kNotNull:
    case Operation::kIsNan:
    case Operation::kNotNan: ok = n == 0; break;
    case Operation::kIn:
    case Operation::kNotIn: ok = true; break;
    case Operation::kTrue:
    case Operation::kFalse:
    case Operation::kAnd:
    case Operation::kOr:
    case Operation::kNot: ok = false; break;
    default: ok = n == 1;
  }
  if (!ok) throw InternalError("predicate " + OperationName(op) + " with " + std::to_string(n) + " literals");
  for (const auto& v : literals) {
    if (v.is_null()) throw InternalError("predicate " + OperationName(op) + " with a NULL literal");
  }
  return std::make_shared<Predicate>(op, field_id, std::make_shared<const std::vector<Value>>(std::move(literals)));
}

PredicatePtr Predicate::MakeSorted(Operation op, int field_id, std::shared_ptr<const std::vector<Value>> sorted) {
  if (op != Operation::kIn && op != Operation::kNotIn) {
    throw InternalError("predicate " + OperationName(op) + " over a sorted list");
  }
  auto p = std::make_shared<Predicate>(op, field_id, std::make_shared<const std::vector<Value>>());
  p->literals_ = std::move(sorted);
  if (p->literals_->size() > 16) p->sorted_ = p->literals_;
  return p;
}

PredicatePtr Predicate::WithFieldId(int field_id) const {
  auto p = std::make_shared<Predicate>(op(), field_id, std::make_shared<const std::vector<Value>>());
  p->literals_ = literals_;
  p->sorted_ = sorted_;
  return p;
}

ExpressionPtr Predicate::Negate() const {
  if (sorted_ && sorted_ == literals_) return MakeSorted(NegateOperation(op()), field_id_, literals_);
  return Make(NegateOperation(op()), field_id_, *literals_);
}

std::string Predicate::ToString() const {
  std::string ref = "ref(" + std::to_string(field_id_) + ")";
  switch (op()) {
    case Operation::kIsNull:
    case Operation::kNotNull:
    case Operation::kIsNan:
    case Operation::kNotNan: return OperationName(op()) + "(" + ref + ")";
    case Operation::kIn:
    case Operation::kNotIn: {
      return ref + " " + OperationName(op()) + " (" + LiteralList([](const Value& v) { return v.ToString(); }) + ")";
    }
    default: return ref + " " + OperationName(op()) + " " + literal().ToString();
  }
}

std::string Predicate::LiteralList(const std::function<std::string(const Value&)>& format) const {
  constexpr size_t kShown = 16;
  const std::vector<Value>& all = *literals_;
  std::string out;
  for (size_t i = 0; i < all.size() && i < kShown; ++i) out += (i ? ", " : "") + format(all[i]);
  if (all.size() > kShown) out += ", ... " + std::to_string(all.size()) + " values";
  return out;
}

bool Predicate::Test(const Value& v) const {
  switch (op()) {
    case Operation::kIsNull: return v.is_null();
    case Operation::kNotNull: return !v.is_null();
    case Operation::kIsNan: return IsNan(v);
    case Operation::kNotNan: return !IsNan(v);
    default: break;
  }
  if (v.is_null()) return false;
  bool nan = IsNan(v);
  switch (op()) {
    case Operation::kLt: return !nan && v.Compare(literal()) < 0;
    case Operation::kLtEq: return !nan && v.Compare(literal()) <= 0;
    case Operation::kGt: return !nan && v.Compare(literal()) > 0;
    case Operation::kGtEq: return !nan && v.Compare(literal()) >= 0;
    case Operation::kEq: return !nan && v.Compare(literal()) == 0;
    case Operation::kNotEq: return nan || v.Compare(literal()) != 0;
    case Operation::kIn:
    case Operation::kNotIn: {
      bool found = false;
      if (sorted_ && v.type() == sorted_->front().type()) {
        found = !nan && std::binary_search(sorted_->begin(), sorted_->end(), v, ValueLess());
      } else {
        for (const auto& l : *literals_) found = found || (!nan && v.Compare(l) == 0);
      }
      return op() == Operation::kIn ? found : !found;
    }
    case Operation::kStartsWith: return v.str().starts_with(literal().str());
    case Operation::kNotStartsWith: return !v.str().starts_with(literal().str());
    default: return true;
  }
}

}  // namespace floe::iceberg
