#include "function/type_coercion.h"

#include <algorithm>

#include "common/ascii_case.h"

namespace floe {
namespace {

// Spark's numeric precedence: tinyint < smallint < int < bigint < float < double
// (decimals apart).
int NumericRank(TypeId id) {
  switch (id) {
    case TypeId::kInt8: return 1;
    case TypeId::kInt16: return 2;
    case TypeId::kInt32: return 3;
    case TypeId::kInt64: return 4;
    case TypeId::kFloat: return 5;
    case TypeId::kDouble: return 6;
    default: return 0;
  }
}

std::optional<LogicalType> WiderNumeric(const LogicalType& a, const LogicalType& b) {
  if (a.id() == TypeId::kDecimal || b.id() == TypeId::kDecimal) {
    if (a.IsFloating() || b.IsFloating()) return LogicalType(TypeId::kDouble);
    LogicalType da = a.id() == TypeId::kDecimal ? a : DecimalForInteger(a.id());
    LogicalType db = b.id() == TypeId::kDecimal ? b : DecimalForInteger(b.id());
    return WiderDecimal(da, db);
  }
  return NumericRank(a.id()) >= NumericRank(b.id()) ? a : b;
}

std::optional<LogicalType> TightestCommonType(const LogicalType& a, const LogicalType& b);

// Two arrays, maps or structs (of as many fields, named alike) of common element, key,
// value or field types (Spark's findWiderTypeForTwo over complex types); `common` decides
// each pair.
template <typename F>
std::optional<LogicalType> CommonNested(const LogicalType& a, const LogicalType& b, F common) {
  if (a.id() != b.id() || a.fields().size() != b.fields().size()) return std::nullopt;
  std::vector<StructField> fields;
  for (size_t i = 0; i < a.fields().size(); ++i) {
    if (a.id() == TypeId::kStruct && !EqualsIgnoreCase(a.fields()[i].first, b.fields()[i].first)) return std::nullopt;
    auto t = common(a.fields()[i].second, b.fields()[i].second);
    if (!t) return std::nullopt;
    fields.emplace_back(a.fields()[i].first, *t);
  }
  if (a.id() == TypeId::kList) return LogicalType::List(fields[0].second);
  if (a.id() == TypeId::kMap) return LogicalType::Map(fields[0].second, fields[1].second);
  return LogicalType::Struct(std::move(fields));
}

// Rules shared by both: NULL, equal types, numbers, dates and timestamps.
std::optional<LogicalType> TightestCommonType(const LogicalType& a, const LogicalType& b) {
  if (a.id() == TypeId::kNull) return b;
  if (b.id() == TypeId::kNull) return a;
  if (a.IsNested() || b.IsNested()) return CommonNested(a, b, TightestCommonType);
  if (a.id() == TypeId::kDecimal && b.id() == TypeId::kDecimal) return WiderDecimal(a, b);
  if (a == b) return a;
  if (a.IsNumeric() && b.IsNumeric()) return WiderNumeric(a, b);
  if (a.IsTemporal() && b.IsTemporal()) {
    // A nanosecond timestamp with another date or timestamp compares in nanoseconds
    // (exact; a microsecond value out of the nanosecond range fails the cast rather than
    // wrap), as an instant when either side is one.
    if (a.IsNanosTimestamp() || b.IsNanosTimestamp()) {
      return LogicalType(a.IsInstant() || b.IsInstant() ? TypeId::kTimestampNs : TypeId::kTimestampNtzNs);
    }
    if (a.id() == TypeId::kTimestamp || b.id() == TypeId::kTimestamp) {
      return LogicalType(TypeId::kTimestamp);
    }
    return LogicalType(TypeId::kTimestampNtz);  // date with timestamp_ntz
  }
  return std::nullopt;
}

}  // namespace

LogicalType WiderDecimal(const LogicalType& a, const LogicalType& b) {
  int scale = std::max(a.scale(), b.scale());
  int range = std::max(a.precision() - a.scale(), b.precision() - b.scale());
  int precision = std::min(range + scale, LogicalType::kMaxDecimalPrecision);
  return LogicalType::Decimal(precision, std::min(scale, precision));
}

std::optional<LogicalType> CommonSuperType(const LogicalType& a, const LogicalType& b) {
  if (auto tight = TightestCommonType(a, b)) return tight;
  // Spark casts the string side to the other side's type (a decimal takes double: no
  // decimal type fits every string).
  const LogicalType* other =
      a.id() == TypeId::kString ? &b : (b.id() == TypeId::kString ? &a : nullptr);
  if (other == nullptr) return std::nullopt;
  if (other->id() == TypeId::kDecimal) return LogicalType(TypeId::kDouble);
  if (other->IsNumeric() || other->IsTemporal() || other->id() == TypeId::kBoolean ||
      other->id() == TypeId::kBinary || other->id() == TypeId::kTime) {
    return *other;
  }
  return std::nullopt;
}

std::optional<LogicalType> WiderType(const LogicalType& a, const LogicalType& b) {
  if (a.IsNested() && b.IsNested()) return CommonNested(a, b, WiderType);
  if (auto tight = TightestCommonType(a, b)) return tight;
  bool a_string = a.id() == TypeId::kString, b_string = b.id() == TypeId::kString;
  if (a_string || b_string) {
    const LogicalType& other = a_string ? b : a;
    if (other.IsNumeric() || other.IsTemporal() || other.id() == TypeId::kBoolean || other.id() == TypeId::kTime) {
      return LogicalType(TypeId::kString);
    }
  }
  return std::nullopt;
}

bool CanImplicitCast(const LogicalType& from, const LogicalType& to) {
  if (from == to || from.id() == TypeId::kNull) return true;
  TypeId f = from.id(), t = to.id();
  if (f == TypeId::kDecimal && t == TypeId::kDecimal) return true;
  if (from.IsNumeric() && to.IsNumeric()) {
    if (t == TypeId::kDecimal) return from.IsInteger();
    if (f == TypeId::kDecimal) return to.IsFloating();
    // Integers widen (tinyint < smallint < int < bigint), and bigint -> int as well: the
    // cast checks the range at run time (Spark's ANSI store assignment), so substring(s, id)
    // works for a bigint id. Nothing narrows to tinyint or smallint implicitly.
    if (from.IsInteger() && to.IsInteger()) {
      return NumericRank(f) <= NumericRank(t) || t == TypeId::kInt32;
    }
    return NumericRank(f) <= NumericRank(t);
  }
  if (t == TypeId::kString) return f != TypeId::kInterval;
  if (f == TypeId::kString) return t != TypeId::kInterval;
  if (from.IsTemporal() && to.IsTemporal()) {
    // A nanosecond timestamp passes to a function of the microsecond timestamp of its own
    // kind (and to date), not the other: year(ntz_ns) reads the wall clock, never a zone.
    if (from.IsNanosTimestamp() && to.id() != TypeId::kDate) return from.IsInstant() == to.IsInstant();
    return true;
  }
  return false;
}

}  // namespace floe
