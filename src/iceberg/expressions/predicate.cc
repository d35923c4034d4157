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

Predicate::Predicate(Operation op, int field_id, std::shared_ptr<const std::vector<Value>> literals,
                     SortedValuesPtr sorted)
    : Expression(op),
      field_id_(field_id),
      literals_(std::move(literals)),
      sorted_only_(!literals_),
      sorted_(std::move(sorted)) {
  if (sorted_only_) {
    if (!sorted_) throw InternalError("predicate " + OperationName(op) + " without literals");
    return;
  }
  const std::vector<Value>& all = *literals_;
  if ((op != Operation::kIn && op != Operation::kNotIn) || all.size() <= 16) return;
  for (const auto& l : all) {
    if (l.is_null() || IsNan(l) || l.type() != all[0].type()) return;
  }
  sorted_ = SortedValues::Of(all);
}

const std::vector<Value>& Predicate::literals() const {
  if (!sorted_only_) return *literals_;
  std::call_once(literals_made_,
                 [this] { literals_ = std::make_shared<const std::vector<Value>>(sorted_->ToValues()); });
  return *literals_;
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

PredicatePtr Predicate::MakeSorted(Operation op, int field_id, SortedValuesPtr sorted) {
  if (op != Operation::kIn && op != Operation::kNotIn) {
    throw InternalError("predicate " + OperationName(op) + " over a sorted list");
  }
  if (sorted->size() <= 16) return Make(op, field_id, sorted->ToValues());
  return std::make_shared<Predicate>(op, field_id, nullptr, std::move(sorted));
}

PredicatePtr Predicate::WithFieldId(int field_id) const {
  if (sorted_only_) return std::make_shared<Predicate>(op(), field_id, nullptr, sorted_);
  return std::make_shared<Predicate>(op(), field_id, literals_, sorted_);
}

ExpressionPtr Predicate::Negate() const {
  if (sorted_only_) return MakeSorted(NegateOperation(op()), field_id_, sorted_);
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
  size_t n = literal_count();
  std::string out;
  for (size_t i = 0; i < n && i < kShown; ++i) {
    out += (i ? ", " : "") + format(sorted_only_ ? (*sorted_)[i] : (*literals_)[i]);
  }
  if (n > kShown) out += ", ... " + std::to_string(n) + " values";
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
      if (sorted_ && v.type() == sorted_->type()) {
        found = !nan && sorted_->Contains(v);
      } else if (sorted_) {
        for (size_t i = 0; i < sorted_->size() && !found; ++i) found = !nan && v.Compare((*sorted_)[i]) == 0;
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
