#include "execution/table_sources/iceberg_filter_converter.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/exception.h"
#include "iceberg/metadata_columns.h"
#include "function/lossless_widening.h"
#include "function/scalar_function.h"
#include "iceberg/expressions/predicate.h"

namespace floe {

using iceberg::Expression;
using iceberg::ExpressionPtr;
using iceberg::Operation;
using iceberg::Predicate;

namespace {

const Predicate& AsPredicate(const Expression& e) { return static_cast<const Predicate&>(e); }

std::optional<Operation> ComparisonOf(const std::string& name) {
  if (name == "=" || name == "==") return Operation::kEq;
  if (name == "<>" || name == "!=") return Operation::kNotEq;
  if (name == "<") return Operation::kLt;
  if (name == "<=") return Operation::kLtEq;
  if (name == ">") return Operation::kGt;
  if (name == ">=") return Operation::kGtEq;
  return std::nullopt;
}

int128_t Pow10(int n) {
  int128_t p = 1;
  while (n-- > 0) p *= 10;
  return p;
}

// The calendar units a derived expression of a date or timestamp column steps by.
enum class Unit { kYear, kMonth, kDay, kHour };

std::optional<Unit> UnitOf(std::string_view unit) {
  std::string text = ToUpper(unit);
  if (text == "YEAR" || text == "YYYY" || text == "YY") return Unit::kYear;
  if (text == "MONTH" || text == "MM" || text == "MON") return Unit::kMonth;
  if (text == "DAY" || text == "DD") return Unit::kDay;
  if (text == "HOUR") return Unit::kHour;
  return std::nullopt;
}

// Returns the index of the unit holding a date (days) or timestamp (micros) value.
int64_t UnitIndex(Unit unit, bool is_date, int64_t raw) {
  if (unit == Unit::kHour) return FloorDiv(raw, kMicrosPerHour);
  int64_t days = is_date ? raw : FloorDiv(raw, kMicrosPerDay);
  if (unit == Unit::kDay) return days;
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  return unit == Unit::kYear ? y : y * 12 + (m - 1);
}

// Returns the first date or timestamp of a unit, as a value of the column's type.
Value UnitStart(Unit unit, bool is_date, int64_t index) {
  int64_t raw;
  if (unit == Unit::kHour) {
    raw = index * kMicrosPerHour;
  } else {
    int64_t days = unit == Unit::kDay    ? index
                   : unit == Unit::kYear ? DaysFromCivil(index, 1, 1)
                                         : DaysFromCivil(FloorDiv(index, 12), static_cast<unsigned>(FloorMod(index, 12) + 1), 1);
    raw = is_date ? days : days * kMicrosPerDay;
  }
  return is_date ? Value::Date(static_cast<int32_t>(raw)) : Value::TimestampNtz(raw);
}

bool IsNan(const Value& v) { return v.type().IsFloating() && std::isnan(v.float64()); }

// Wraps a comparison on a floating-point column so that it and its negation agree with
// floe's (Spark's) order, where NaN equals NaN and is above every number: Iceberg's
// comparisons are false for NaN, so NaN rows are added to > and >= (and stay out of the
// others explicitly, which makes the rewrite of a NOT above them correct too).
ExpressionPtr NanSafe(const iceberg::Schema& schema, int field, ExpressionPtr predicate) {
  const iceberg::NestedField* f = schema.FindFieldById(field);
  bool floating = f && (f->type()->kind() == iceberg::TypeKind::kFloat || f->type()->kind() == iceberg::TypeKind::kDouble);
  if (!floating) return predicate;
  switch (predicate->op()) {
    case Operation::kGt:
    case Operation::kGtEq: return Expression::Or(predicate, Predicate::Make(Operation::kIsNan, field));
    case Operation::kLt:
    case Operation::kLtEq:
    case Operation::kEq:
    case Operation::kIn: return Expression::And(predicate, Predicate::Make(Operation::kNotNan, field));
    default: return predicate;  // != and NOT IN hold for NaN in both orders
  }
}

}  // namespace

ExpressionPtr IcebergFilterConverter::Convert(const std::vector<const BoundExpression*>& filters) const {
  ExpressionPtr result = Expression::AlwaysTrue();
  for (const auto* f : filters) result = Expression::And(result, Convert(*f, true));
  return result;
}

ExpressionPtr IcebergFilterConverter::Convert(const BoundExpression& e, bool positive) const {
  switch (e.kind) {
    case BoundExpressionKind::kAnd: {
      ExpressionPtr result = Expression::AlwaysTrue();
      for (const auto& c : e.children) result = Expression::And(result, Convert(*c, positive));
      return result;
    }
    case BoundExpressionKind::kOr: {
      ExpressionPtr result = Expression::AlwaysFalse();
      for (const auto& c : e.children) result = Expression::Or(result, Convert(*c, positive));
      return result;
    }
    case BoundExpressionKind::kNot:
      // SQL's NOT keeps NULL as NULL; Iceberg's Not of a predicate can match NULL values
      exact_ = false;
      return Expression::Not(Convert(*e.children[0], !positive));
    default: break;
  }
  ExpressionPtr leaf;
  try {
    leaf = ConvertLeaf(e);
  } catch (const Exception&) {
    leaf = nullptr;  // an odd literal: no pruning rather than an error
  }
  if (leaf) {
    // Iceberg's not_eq / not_in match NULL values, where SQL's <> and NOT IN are NULL
    bool negated_in = e.kind == BoundExpressionKind::kIn && e.negated;
    bool inequality = e.kind == BoundExpressionKind::kFunction && e.function &&
                  ComparisonOf(e.function->name) == Operation::kNotEq;
    if (negated_in || inequality) exact_ = false;
    return leaf;
  }
  // unknown: true where it stands positively, false under NOT, so never stricter
  exact_ = false;
  return positive ? Expression::AlwaysTrue() : Expression::AlwaysFalse();
}

bool IcebergFilterConverter::IsExact(const BoundExpression& e) const {
  switch (e.kind) {
    case BoundExpressionKind::kAnd:
    case BoundExpressionKind::kOr:
      for (const auto& c : e.children) {
        if (!IsExact(*c)) return false;
      }
      return !e.children.empty();
    case BoundExpressionKind::kColumnRef:
    case BoundExpressionKind::kIsNull:
    case BoundExpressionKind::kIsNotNull: break;
    case BoundExpressionKind::kIn:
      // NOT IN is NULL, not true, for a NULL value, which Iceberg's not_in would match
      if (e.negated || !FieldOf(*e.children[0])) return false;
      break;
    case BoundExpressionKind::kFunction: {
      if (!e.function || e.children.size() != 2) return false;
      auto op = ComparisonOf(e.function->name);
      // a <> b is NULL, not true, for a NULL value, which Iceberg's not_eq would match
      if (!op || *op == Operation::kNotEq) return false;
      const BoundExpression& a = *e.children[0];
      const BoundExpression& b = *e.children[1];
      bool column_constant = FieldOf(a) && b.kind == BoundExpressionKind::kConstant;
      bool constant_column = FieldOf(b) && a.kind == BoundExpressionKind::kConstant;
      if (!column_constant && !constant_column) return false;
      break;
    }
    default: return false;
  }
  // The leaf must also convert without widening (exact_ is the same notion Convert tracks).
  bool saved = exact_;
  exact_ = true;
  bool exact = false;
  try {
    exact = ConvertLeaf(e) != nullptr && exact_;
  } catch (const Exception&) {
    exact = false;
  }
  exact_ = saved;
  return exact;
}

ExpressionPtr IcebergFilterConverter::ConvertLeaf(const BoundExpression& e) const {
  switch (e.kind) {
    case BoundExpressionKind::kConstant:
      if (e.constant.is_null() || e.constant.type().id() != TypeId::kBoolean) return nullptr;
      return e.constant.boolean() ? Expression::AlwaysTrue() : Expression::AlwaysFalse();
    case BoundExpressionKind::kColumnRef: {
      auto field = FieldOf(e);
      if (!field || e.type.id() != TypeId::kBoolean) return nullptr;
      return Predicate::Make(Operation::kEq, *field, {Value::Boolean(true)});
    }
    case BoundExpressionKind::kIsNull:
    case BoundExpressionKind::kIsNotNull: {
      auto field = FieldOf(*e.children[0]);
      if (!field) return nullptr;
      return Predicate::Make(e.kind == BoundExpressionKind::kIsNull ? Operation::kIsNull : Operation::kNotNull, *field);
    }
    case BoundExpressionKind::kIn: {
      auto field = FieldOf(*e.children[0]);
      // Calls fn on each listed value, children or in_list; false when one is not a constant
      // or fn says stop.
      auto for_each_value = [&e](auto&& fn) {
        if (e.in_list) {
          for (size_t i = 0; i < e.in_list->size(); ++i) {
            if (!fn((*e.in_list)[i])) return false;
          }
          return true;
        }
        for (size_t i = 1; i < e.children.size(); ++i) {
          const BoundExpression& c = *e.children[i];
          if (c.kind != BoundExpressionKind::kConstant || !fn(c.constant)) return false;
        }
        return true;
      };
      if (field && e.in_list && !e.negated && !e.in_list->empty()) {
        // a runtime filter's keys of the column's own type: shared, not copied (up to millions)
        const iceberg::NestedField* f = schema_.FindFieldById(*field);
        LogicalType type = f && f->type()->IsPrimitive() ? f->type()->ToLogicalType() : LogicalType();
        if (f && !type.IsFloating() && e.in_list->type() == type && LiteralFor(*field, e.in_list->front())) {
          return Predicate::MakeSorted(Operation::kIn, *field, e.in_list);
        }
      }
      if (!field) {
        // CAST(ts AS DATE) IN (...): the union of each value's range; a value that maps to
        // one value of a column (an integer's text) joins one IN list of them
        if (e.negated) return nullptr;
        std::vector<ExpressionPtr> ranges;
        std::optional<int> in_field;
        std::vector<Value> in_values;
        bool converted = for_each_value([&](const Value& v) {
          if (v.is_null()) return true;
          ExpressionPtr range = ConvertDerived(Operation::kEq, *e.children[0], v);
          if (!range) return false;
          if (range->op() == Operation::kFalse) return true;
          if (range->op() == Operation::kEq && (!in_field || *in_field == AsPredicate(*range).field_id())) {
            in_field = AsPredicate(*range).field_id();
            in_values.push_back(AsPredicate(*range).literal());
            return true;
          }
          ranges.push_back(std::move(range));
          return true;
        });
        if (!converted) return nullptr;
        // Many keys, each a range (the hours of date_trunc('hour', ts)): one OR branch each
        // would be tested per file and partition; their hull, from the first key's range to
        // the last's, widens the filter and never narrows it.
        constexpr size_t kMostRanges = 1024;
        if (ranges.size() > kMostRanges) {
          std::optional<Value> lo, hi;  // (copies: an in_list's values are made as they are read)
          for_each_value([&](const Value& v) {
            if (v.is_null()) return true;
            if (!lo || v.Compare(*lo) < 0) lo = v;
            if (!hi || v.Compare(*hi) > 0) hi = v;
            return true;
          });
          ExpressionPtr from = ConvertDerived(Operation::kGtEq, *e.children[0], *lo);
          ExpressionPtr to = ConvertDerived(Operation::kLtEq, *e.children[0], *hi);
          if (!from || !to) return nullptr;
          ranges.clear();
          ranges.push_back(Expression::And(from, to));
        }
        if (in_field) ranges.push_back(Predicate::Make(Operation::kIn, *in_field, std::move(in_values)));
        // a balanced OR: as deep as the logarithm of the keys, however many
        while (ranges.size() > 1) {
          std::vector<ExpressionPtr> next;
          for (size_t i = 0; i + 1 < ranges.size(); i += 2) next.push_back(Expression::Or(ranges[i], ranges[i + 1]));
          if (ranges.size() % 2) next.push_back(std::move(ranges.back()));
          ranges = std::move(next);
        }
        return ranges.empty() ? Expression::AlwaysFalse() : ranges[0];
      }
      std::vector<Value> literals;
      bool nan = false;  // NaN is in the list: it equals NaN (Spark), which Iceberg's set tests never do
      bool converted = for_each_value([&](const Value& v) {
        // NOT IN with a NULL is never true: left to the filter; IN: a NULL matches nothing
        if (v.is_null()) return !e.negated;
        auto literal = LiteralFor(*field, v);
        if (!literal) return false;
        if (IsNan(*literal)) {
          nan = true;
        } else {
          literals.push_back(std::move(*literal));
        }
        return true;
      });
      if (!converted) return nullptr;
      ExpressionPtr set;
      if (!literals.empty()) {
        set = NanSafe(schema_, *field,
                      Predicate::Make(e.negated ? Operation::kNotIn : Operation::kIn, *field, std::move(literals)));
      }
      if (!nan) return set ? set : (e.negated ? nullptr : Expression::AlwaysFalse());
      // x IN (NaN, ...) holds for NaN too; x NOT IN (NaN, ...) for no NaN
      if (e.negated) {
        ExpressionPtr not_nan = Predicate::Make(Operation::kNotNan, *field);
        return set ? Expression::And(set, not_nan) : not_nan;
      }
      ExpressionPtr is_nan = Predicate::Make(Operation::kIsNan, *field);
      return set ? Expression::Or(set, is_nan) : is_nan;
    }
    case BoundExpressionKind::kFunction: break;
    default: return nullptr;
  }
  if (!e.function) return nullptr;
  const std::string& name = e.function->name;
  if (name == "isnan" && e.children.size() == 1) {
    // isnan(NULL) is false, so isnan(x) is exactly is_nan and NOT isnan(x) not_nan
    auto field = FieldOf(*e.children[0]);
    return field ? Predicate::Make(Operation::kIsNan, *field) : nullptr;
  }
  if (e.children.size() != 2) return nullptr;
  const BoundExpression& a = *e.children[0];
  const BoundExpression& b = *e.children[1];
  if (name == "<=>") return ConvertNullSafeEqual(a, b);
  if (auto op = ComparisonOf(name)) {
    if (b.kind == BoundExpressionKind::kConstant && !b.constant.is_null()) {
      if (FieldOf(a)) return ConvertComparison(*op, a, b.constant);
      return ConvertDerived(*op, a, b.constant);
    }
    if (a.kind == BoundExpressionKind::kConstant && !a.constant.is_null()) {
      Operation flipped = iceberg::FlipOperation(*op);
      if (FieldOf(b)) return ConvertComparison(flipped, b, a.constant);
      return ConvertDerived(flipped, b, a.constant);
    }
    return nullptr;
  }
  if (b.kind != BoundExpressionKind::kConstant || b.constant.is_null() || b.constant.type().id() != TypeId::kString) {
    return nullptr;
  }
  auto field = FieldOf(a);
  if (!field || a.type.id() != TypeId::kString) return nullptr;
  const std::string& text = b.constant.str();
  if (name == "starts_with" || name == "startswith") {
    return Predicate::Make(Operation::kStartsWith, *field, {Value::String(text)});
  }
  if (name == "like") {
    size_t wild = text.find_first_of("%_\\");
    if (wild == std::string::npos) return Predicate::Make(Operation::kEq, *field, {Value::String(text)});
    if (wild > 0 && text[wild] == '%') {
      // 'ab%' is exactly starts_with 'ab'; 'ab%c' only implies it
      if (wild + 1 != text.size()) exact_ = false;
      return Predicate::Make(Operation::kStartsWith, *field, {Value::String(text.substr(0, wild))});
    }
  }
  return nullptr;
}

ExpressionPtr IcebergFilterConverter::ConvertComparison(Operation op, const BoundExpression& column,
                                                        const Value& literal) const {
  int field = *FieldOf(column);
  auto value = LiteralFor(field, literal);
  if (!value) return OutOfRange(op, field, literal);
  if (IsNan(*value)) {
    // NaN equals NaN and is above every number; not_nan alone would also hold for NULL
    ExpressionPtr not_null = Predicate::Make(Operation::kNotNull, field);
    switch (op) {
      case Operation::kEq:
      case Operation::kGtEq: return Predicate::Make(Operation::kIsNan, field);
      case Operation::kNotEq:
      case Operation::kLt: return Expression::And(Predicate::Make(Operation::kNotNan, field), not_null);
      case Operation::kLtEq: return not_null;
      case Operation::kGt: return Expression::AlwaysFalse();
      default: return nullptr;
    }
  }
  return NanSafe(schema_, field, Predicate::Make(op, field, {*value}));
}

ExpressionPtr IcebergFilterConverter::ConvertNullSafeEqual(const BoundExpression& a, const BoundExpression& b) const {
  const BoundExpression* column = FieldOf(a) ? &a : (FieldOf(b) ? &b : nullptr);
  const BoundExpression& other = column == &a ? b : a;
  if (!column || other.kind != BoundExpressionKind::kConstant) return nullptr;
  int field = *FieldOf(*column);
  // x <=> NULL is x IS NULL
  if (other.constant.is_null()) return Predicate::Make(Operation::kIsNull, field);
  // x <=> v is x = v, and false (not NULL) for a NULL x: not_null keeps a NOT above it
  // (IS DISTINCT FROM) true for NULL rows
  ExpressionPtr equal = ConvertComparison(Operation::kEq, *column, other.constant);
  return equal ? Expression::And(equal, Predicate::Make(Operation::kNotNull, field)) : nullptr;
}

ExpressionPtr IcebergFilterConverter::ConvertDerived(Operation op, const BoundExpression& derived_in,
                                                     const Value& literal) const {
  // to_date(x) binds as to_date(CAST(x AS DATE)), an identity on the date
  auto strip_to_date = [](const BoundExpression* e) {
    while (e->kind == BoundExpressionKind::kFunction && e->function && e->function->name == "to_date" &&
           e->children.size() == 1 && e->children[0]->type.id() == TypeId::kDate) {
      e = e->children[0].get();
    }
    return e;
  };
  const BoundExpression& derived = *strip_to_date(&derived_in);
  // CAST(d AS TIMESTAMP[_NTZ]) = t for a DATE column d: d = the date whose midnight (in the
  // session zone for TIMESTAMP) is t; no date's midnight is any other instant
  if (op == Operation::kEq && derived.kind == BoundExpressionKind::kCast && !derived.try_cast &&
      (derived.type.id() == TypeId::kTimestamp || derived.type.id() == TypeId::kTimestampNtz) &&
      derived.children.size() == 1 && derived.children[0]->type.id() == TypeId::kDate &&
      FieldOf(*derived.children[0]) && literal.type().id() == derived.type.id()) {
    bool zoned = derived.type.id() == TypeId::kTimestamp;
    if (zoned && !zone_) return nullptr;
    int64_t t = literal.int64();
    int64_t local = zoned ? zone_->ToLocal(t) : t;
    int64_t day = FloorDiv(local, kMicrosPerDay);
    int64_t midnight = day * kMicrosPerDay;
    if ((zoned ? zone_->FromLocal(midnight) : midnight) != t) return Expression::AlwaysFalse();
    int field = *FieldOf(*derived.children[0]);
    auto value = LiteralFor(field, Value::Date(static_cast<int32_t>(day)));
    return value ? Predicate::Make(Operation::kEq, field, {*value}) : Expression::AlwaysFalse();
  }
  // CAST(x AS STRING) = 's' for an integral column x: x = the integer `s` spells when `s` is
  // how that integer prints (-?(0|[1-9][0-9]*)); no integer prints as any other string
  if (op == Operation::kEq && derived.kind == BoundExpressionKind::kCast && !derived.try_cast &&
      derived.type.id() == TypeId::kString && derived.children.size() == 1 &&
      derived.children[0]->type.IsInteger() && FieldOf(*derived.children[0]) &&
      literal.type().id() == TypeId::kString) {
    const std::string& text = literal.str();
    size_t digits = !text.empty() && text[0] == '-' ? 1 : 0;
    bool canonical = text.size() > digits && text.size() - digits <= 19 && (text[digits] != '0' || text.size() == digits + 1) &&
                     !(digits == 1 && text == "-0");
    for (size_t i = digits; canonical && i < text.size(); ++i) canonical = text[i] >= '0' && text[i] <= '9';
    if (!canonical) return Expression::AlwaysFalse();
    errno = 0;
    long long n = std::strtoll(text.c_str(), nullptr, 10);
    if (errno == ERANGE) return Expression::AlwaysFalse();
    int field = *FieldOf(*derived.children[0]);
    auto value = LiteralFor(field, Value::Int64(n));
    return value ? Predicate::Make(Operation::kEq, field, {*value}) : Expression::AlwaysFalse();
  }
  // Recognize unit(column) and the unit index of the literal.
  const BoundExpression* column = nullptr;
  Unit unit = Unit::kDay;
  int64_t index = 0;
  bool aligned = true;
  auto day_of = [&](const BoundExpression& e) -> const BoundExpression* {
    // CAST(ts AS DATE) or to_date(ts): the day of a timestamp (in the session zone when it has one)
    bool cast = e.kind == BoundExpressionKind::kCast && e.type.id() == TypeId::kDate && !e.try_cast;
    cast = cast || (e.kind == BoundExpressionKind::kFunction && e.function && e.function->name == "to_date" &&
                    e.children.size() == 1);
    TypeId source = e.children.empty() ? TypeId::kNull : e.children[0]->type.id();
    if (cast && (source == TypeId::kTimestampNtz || source == TypeId::kTimestamp) && FieldOf(*e.children[0])) {
      return e.children[0].get();
    }
    return nullptr;
  };
  if (const BoundExpression* c = day_of(derived)) {
    if (literal.type().id() != TypeId::kDate) return nullptr;
    column = c;
    index = literal.int64();
  } else if (derived.kind == BoundExpressionKind::kFunction && derived.function && derived.children.size() == 1 &&
             (derived.function->name == "year" || derived.function->name == "month")) {
    // month(d) is the month of the year, not a step function of d: only year qualifies
    if (derived.function->name != "year" || !literal.type().IsInteger()) return nullptr;
    const BoundExpression& arg = *strip_to_date(derived.children[0].get());
    column = arg.type.id() == TypeId::kDate && FieldOf(arg) ? &arg : day_of(arg);
    unit = Unit::kYear;
    index = literal.int64();
  } else if (derived.kind == BoundExpressionKind::kFunction && derived.function &&
             derived.function->name == "date_trunc" && derived.children.size() == 2 &&
             derived.children[0]->kind == BoundExpressionKind::kConstant &&
             !derived.children[0]->constant.is_null() && derived.children[0]->type.id() == TypeId::kString &&
             (derived.children[1]->type.id() == TypeId::kTimestampNtz ||
              derived.children[1]->type.id() == TypeId::kTimestamp) &&
             FieldOf(*derived.children[1]) && literal.type().id() == derived.children[1]->type.id()) {
    auto u = UnitOf(derived.children[0]->constant.str());
    if (!u) return nullptr;
    bool zoned = derived.children[1]->type.id() == TypeId::kTimestamp;
    // date_trunc of a TIMESTAMP truncates the session-local time: it needs the zone
    if (zoned && !zone_) return nullptr;
    column = derived.children[1].get();
    unit = *u;
    int64_t local = zoned ? zone_->ToLocal(literal.int64()) : literal.int64();
    index = UnitIndex(unit, false, local);
    int64_t start = UnitStart(unit, false, index).int64();
    aligned = zoned ? zone_->FromLocal(start) == literal.int64() : start == literal.int64();
    if (zoned && !aligned) {
      // date_trunc's values are the instants of the local unit starts, a start in a gap
      // moved past it (by up to a day and more: Samoa skipped 2011-12-30): this unit's, or
      // one up to 48 hours before it, else the instant is none of them
      int64_t back = unit == Unit::kHour ? 48 : (unit == Unit::kDay ? 2 : 1);
      for (int64_t i = index - back; i <= index + 1 && !aligned; ++i) {
        if (zone_->FromLocal(UnitStart(unit, false, i).int64()) == literal.int64()) {
          aligned = true;
          index = i;
        }
      }
      // an instant between two local unit starts next to a transition: leave a range to the filter
      if (!aligned && op != Operation::kEq) return nullptr;
    }
  }
  if (!column) return nullptr;
  int field = *FieldOf(*column);
  bool is_date = column->type.id() == TypeId::kDate;
  bool zoned = column->type.id() == TypeId::kTimestamp;
  auto bound = [&](Operation o, int64_t i) -> ExpressionPtr {
    Value v = UnitStart(unit, is_date, i);
    // the unit starts at a session-local time: its instant, exact when the zone is known
    if (zoned) v = Value::Timestamp(InstantOf(v.int64(), o != Operation::kLt));
    auto literal = LiteralFor(field, v);
    return literal ? Predicate::Make(o, field, {*literal}) : nullptr;
  };
  switch (op) {
    case Operation::kEq: {
      if (!aligned) return Expression::AlwaysFalse();
      auto lo = bound(Operation::kGtEq, index), hi = bound(Operation::kLt, index + 1);
      return lo && hi ? Expression::And(lo, hi) : nullptr;
    }
    case Operation::kLt: return bound(Operation::kLt, aligned ? index : index + 1);
    case Operation::kLtEq: return bound(Operation::kLt, index + 1);
    case Operation::kGt: return bound(Operation::kGtEq, index + 1);
    case Operation::kGtEq: return bound(Operation::kGtEq, aligned ? index : index + 1);
    default: return nullptr;
  }
}

int64_t IcebergFilterConverter::InstantOf(int64_t local_micros, bool earlier) const {
  // Every zone's offset from UTC is within 18 hours, so local -/+ 18h holds in any zone.
  constexpr int64_t kMaxZoneOffset = 18 * kMicrosPerHour;
  int64_t widened = earlier ? local_micros - kMaxZoneOffset : local_micros + kMaxZoneOffset;
  if (!zone_) {
    exact_ = false;
    return widened;
  }
  // With one offset throughout the 36 hours around the instant, no other instant's local
  // time can cross the boundary (36h > 2 x 18h): the mapping is exact there. Next to a
  // transition (a gap or overlap), keep the widened bound.
  int64_t instant = zone_->FromLocal(local_micros);
  int64_t offset = zone_->ToLocal(instant) - instant;
  constexpr int64_t kStep = 15 * 60 * kMicrosPerSecond;
  for (int64_t t = instant - 36 * kMicrosPerHour; t <= instant + 36 * kMicrosPerHour; t += kStep) {
    if (zone_->ToLocal(t) - t != offset) {
      exact_ = false;
      return widened;
    }
  }
  if (zone_->ToLocal(instant) == local_micros) return instant;
  exact_ = false;
  return widened;
}

ExpressionPtr IcebergFilterConverter::OutOfRange(Operation op, int field_id, const Value& literal) const {
  // An INT column compared with a BIGINT beyond the INT range: every value is on one side.
  const iceberg::NestedField* field = schema_.FindFieldById(field_id);
  if (!field || field->type()->kind() != iceberg::TypeKind::kInt || !literal.type().IsInteger()) return nullptr;
  int64_t v = literal.int64();
  if (v >= INT32_MIN && v <= INT32_MAX) return nullptr;
  bool above = v > INT32_MAX;  // the literal is above every value of the column
  switch (op) {
    case Operation::kEq: return Expression::AlwaysFalse();
    case Operation::kNotEq: return Predicate::Make(Operation::kNotNull, field_id);
    case Operation::kLt:
    case Operation::kLtEq: return above ? Predicate::Make(Operation::kNotNull, field_id) : Expression::AlwaysFalse();
    case Operation::kGt:
    case Operation::kGtEq: return above ? Expression::AlwaysFalse() : Predicate::Make(Operation::kNotNull, field_id);
    default: return nullptr;
  }
}

std::optional<int> IcebergFilterConverter::FieldOf(const BoundExpression& e) const {
  if (e.kind == BoundExpressionKind::kColumnRef) {
    // a metadata column (_row_id) has no partition values or metrics to prune by
    if (e.index >= field_ids_.size() || iceberg::MetadataColumns::IsMetadataColumn(field_ids_[e.index])) return std::nullopt;
    return field_ids_[e.index];
  }
  if (e.kind == BoundExpressionKind::kCast && !e.children.empty() &&
      e.children[0]->kind == BoundExpressionKind::kColumnRef && IsLosslessWidening(e.children[0]->type, e.type)) {
    return FieldOf(*e.children[0]);
  }
  // s.f.g: the nested field's own id, through structs only (Iceberg's accessors; a field in
  // a list or map has no single value per row)
  if (const std::string* name = StructFieldName(e)) {
    auto parent = FieldOf(*e.children[0]);
    const iceberg::NestedField* field = parent ? schema_.FindFieldById(*parent) : nullptr;
    if (!field || field->type()->kind() != iceberg::TypeKind::kStruct) return std::nullopt;
    for (const auto& child : field->type()->fields()) {
      if (EqualsIgnoreCase(child.name(), *name)) return child.id();
    }
  }
  return std::nullopt;
}

std::optional<Value> IcebergFilterConverter::LiteralFor(int field_id, const Value& lit) const {
  const iceberg::NestedField* field = schema_.FindFieldById(field_id);
  if (!field || !field->type()->IsPrimitive() || lit.is_null()) return std::nullopt;
  // (geometry and geography bounds are bounding boxes, not bytes; unknown is never stored)
  iceberg::TypeKind kind = field->type()->kind();
  if (kind == iceberg::TypeKind::kUuid || kind == iceberg::TypeKind::kFixed || kind == iceberg::TypeKind::kGeometry ||
      kind == iceberg::TypeKind::kGeography || kind == iceberg::TypeKind::kUnknown || kind == iceberg::TypeKind::kVariant) {
    return std::nullopt;
  }
  LogicalType type = field->type()->ToLogicalType();
  TypeId from = lit.type().id();
  auto integral_double = [&](double d, double limit) { return std::floor(d) == d && std::fabs(d) <= limit; };
  switch (type.id()) {
    case TypeId::kBoolean:
      if (from == TypeId::kBoolean) return lit;
      return std::nullopt;
    case TypeId::kInt32:
    case TypeId::kInt64: {
      int64_t v;
      if (lit.type().IsInteger()) {
        v = lit.int64();
      } else if (from == TypeId::kDouble && integral_double(lit.float64(), 9007199254740992.0)) {
        v = static_cast<int64_t>(lit.float64());
      } else if (from == TypeId::kDecimal && lit.decimal() % Pow10(lit.type().scale()) == 0) {
        int128_t whole = lit.decimal() / Pow10(lit.type().scale());
        if (whole > INT64_MAX || whole < INT64_MIN) return std::nullopt;
        v = static_cast<int64_t>(whole);
      } else {
        return std::nullopt;
      }
      if (type.id() == TypeId::kInt64) return Value::Int64(v);
      if (v < INT32_MIN || v > INT32_MAX) return std::nullopt;
      return Value::Int32(static_cast<int32_t>(v));
    }
    case TypeId::kFloat:
      if (from == TypeId::kFloat) return lit;
      if (from == TypeId::kDouble && static_cast<double>(static_cast<float>(lit.float64())) == lit.float64()) {
        return Value::Float(static_cast<float>(lit.float64()));
      }
      return std::nullopt;
    case TypeId::kDouble:
      if (from == TypeId::kFloat || from == TypeId::kDouble) return Value::Double(lit.float64());
      if (lit.type().IsInteger() && std::llabs(lit.int64()) <= (int64_t{1} << 53)) {
        return Value::Double(static_cast<double>(lit.int64()));
      }
      return std::nullopt;
    case TypeId::kDecimal: {
      int128_t unscaled;
      int scale;
      if (from == TypeId::kDecimal) {
        unscaled = lit.decimal();
        scale = lit.type().scale();
      } else if (lit.type().IsInteger()) {
        unscaled = lit.int64();
        scale = 0;
      } else {
        return std::nullopt;
      }
      if (scale > type.scale()) {
        int128_t p = Pow10(scale - type.scale());
        if (unscaled % p != 0) return std::nullopt;
        unscaled /= p;
      } else if (__builtin_mul_overflow(unscaled, Pow10(type.scale() - scale), &unscaled)) {
        return std::nullopt;  // 3 = a decimal(38,38) column: 3 * 10^38 would wrap around
      }
      int128_t limit = Pow10(type.precision());
      if (unscaled >= limit || unscaled <= -limit) return std::nullopt;
      return Value::Decimal(unscaled, type.precision(), type.scale());
    }
    case TypeId::kDate:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
      if (from == type.id()) return lit;
      return std::nullopt;
    case TypeId::kString:
      if (from == TypeId::kString) return lit;
      return std::nullopt;
    case TypeId::kBinary:
      if (from == TypeId::kBinary || from == TypeId::kString) return Value::Binary(lit.str());
      return std::nullopt;
    default: return std::nullopt;
  }
}

}  // namespace floe
