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

Predicate::Predicate(Operation op, int field_id, std::vector<Value> literals)
    : Expression(op), field_id_(field_id), literals_(std::move(literals)) {
  if ((op != Operation::kIn && op != Operation::kNotIn) || literals_.size() <= 16) return;
  for (const auto& l : literals_) {
    if (l.is_null() || IsNan(l) || l.type() != literals_[0].type()) return;
  }
  auto sorted = std::make_shared<std::vector<Value>>(literals_);
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
  return std::make_shared<Predicate>(op, field_id, std::move(literals));
}

ExpressionPtr Predicate::Negate() const { return Make(NegateOperation(op()), field_id_, literals_); }

std::string Predicate::ToString() const {
  std::string ref = "ref(" + std::to_string(field_id_) + ")";
  switch (op()) {
    case Operation::kIsNull:
    case Operation::kNotNull:
    case Operation::kIsNan:
    case Operation::kNotNan: return OperationName(op()) + "(" + ref + ")";
    case Operation::kIn:
    case Operation::kNotIn: {
      std::string out = ref + " " + OperationName(op()) + " (";
      for (size_t i = 0; i < literals_.size(); ++i) out += (i ? ", " : "") + literals_[i].ToString();
      return out + ")";
    }
    default: return ref + " " + OperationName(op()) + " " + literal().ToString();
  }
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
        found = !nan && std::binary_search(sorted_->begin(), sorted_->end(), v,
                                           [](const Value& a, const Value& b) { return a.Compare(b) < 0; });
      } else {
        for (const auto& l : literals_) found = found || (!nan && v.Compare(l) == 0);
      }
      return op() == Operation::kIn ? found : !found;
    }
    case Operation::kStartsWith: return v.str().starts_with(literal().str());
    case Operation::kNotStartsWith: return !v.str().starts_with(literal().str());
    default: return true;
  }
}

}  // namespace floe::iceberg
