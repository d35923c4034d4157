#include "parquet/column_predicate.h"

#include <algorithm>

#include <cmath>
#include <optional>

#include "common/decimal.h"
#include "parquet/column_bloom_filter.h"

namespace floe {

namespace {

bool IsNaN(const Value& v) {
  return (v.type().id() == TypeId::kFloat || v.type().id() == TypeId::kDouble) &&
         std::isnan(v.float64());
}

// Returns v as a value of type t when that loses nothing (int -> bigint, int -> decimal,
// float -> double, decimal -> decimal of a larger scale, and back when exact); nothing
// otherwise.
std::optional<Value> Coerce(const Value& v, const LogicalType& t) {
  if (v.is_null() || v.type() == t) return v;
  TypeId from = v.type().id();
  bool integer = v.type().IsInteger();
  switch (t.id()) {
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64: {
      int64_t min, max;
      IntegerRange(t.id(), &min, &max);
      if (!integer || v.int64() < min || v.int64() > max) return std::nullopt;
      switch (t.id()) {
        case TypeId::kInt8: return Value::Int8(static_cast<int8_t>(v.int64()));
        case TypeId::kInt16: return Value::Int16(static_cast<int16_t>(v.int64()));
        case TypeId::kInt32: return Value::Int32(static_cast<int32_t>(v.int64()));
        default: return Value::Int64(v.int64());
      }
    }
    case TypeId::kFloat:
      if (from == TypeId::kDouble && std::isnan(v.float64())) return Value::Float(NAN);
      if (from == TypeId::kDouble && static_cast<double>(static_cast<float>(v.float64())) == v.float64()) {
        return Value::Float(static_cast<float>(v.float64()));
      }
      return std::nullopt;
    case TypeId::kDouble:
      if (from == TypeId::kFloat) return Value::Double(v.float32());
      if (integer && v.int64() >= -(int64_t{1} << 53) && v.int64() <= (int64_t{1} << 53)) {
        return Value::Double(static_cast<double>(v.int64()));
      }
      return std::nullopt;
    case TypeId::kDecimal: {
      int128_t unscaled;
      int scale;
      if (integer) {
        unscaled = v.int64();
        scale = 0;
      } else if (from == TypeId::kDecimal) {
        unscaled = v.decimal();
        scale = v.type().scale();
      } else {
        return std::nullopt;
      }
      int128_t out;
      if (scale > t.scale() || !RescaleDecimal(unscaled, scale, t.scale(), 38, &out)) {
        return std::nullopt;
      }
      return Value::Decimal(out, t.precision(), t.scale());
    }
    default: return std::nullopt;
  }
}

}  // namespace

bool ColumnPredicate::MayMatch(const ColumnStatistics& stats) const {
  bool all_null = stats.null_count && *stats.null_count >= stats.num_values;
  switch (op) {
    case Op::kIsNull: return !stats.null_count || *stats.null_count > 0;
    case Op::kIsNotNull: return !all_null;
    default: break;
  }
  // comparisons with NULL are never true, so a page of only NULLs cannot match
  if (all_null && stats.num_values > 0) return false;
  // why: a NaN count is written for floating-point columns only; without one, NaNs may be
  // present (parquet-format 2.13), and the bounds leave NaN out either way
  bool may_have_nan = !stats.nan_count || *stats.nan_count > 0;
  bool only_nan =
      stats.nan_count && *stats.nan_count > 0 && *stats.nan_count + stats.null_count.value_or(0) >= stats.num_values;
  if (sorted_values) return MayMatchSorted(stats, only_nan, may_have_nan);
  if (only_nan) return MayMatchOnlyNaN(values);
  if (!stats.min || !stats.max || values.empty()) return true;
  const Value& min = *stats.min;
  const Value& max = *stats.max;
  bool floating = min.type().IsFloating();
  std::vector<Value> coerced;
  coerced.reserve(values.size());
  for (const Value& v : values) {
    // why: a value that cannot be turned losslessly into the column's type cannot be
    // compared safely; NULL literals compare to nothing
    std::optional<Value> c = Coerce(v, min.type());
    if (!c) return true;
    coerced.push_back(std::move(*c));
  }
  return MayMatchValues(coerced, min, max, floating && may_have_nan);
}

bool ColumnPredicate::MayMatchSorted(const ColumnStatistics& stats, bool only_nan, bool may_have_nan) const {
  const SortedValues& list = *sorted_values;
  if (only_nan) {
    // every non-NULL value is NaN: only a NaN key matches (NaN sorts last), or any key of a
    // type that cannot be reasoned about
    return !list.empty() && (!list.type().IsNumeric() || IsNaN(list.back()));
  }
  if (!stats.min || !stats.max || list.empty()) return true;
  const Value& min = *stats.min;
  const Value& max = *stats.max;
  if (min.type().IsFloating() && may_have_nan && IsNaN(list.back())) return true;
  // the first value at or above min, by binary search (a lossless coercion keeps the order)
  size_t lo = 0, hi = list.size();
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    std::optional<Value> c = Coerce(list[mid], min.type());
    if (!c) return true;
    if (c->Compare(min) < 0) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo == list.size()) return false;
  std::optional<Value> c = Coerce(list[lo], min.type());
  return !c || IsNaN(*c) ? true : c->Compare(max) <= 0;
}

bool ColumnPredicate::MayMatchBloom(const ParquetColumn& column, const BloomFilter& bloom) const {
  if (!CanAskBloom()) return true;
  size_t n = sorted_values ? sorted_values->size() : values.size();
  std::vector<uint64_t> hashes;
  for (size_t i = 0; i < n; ++i) {
    Value v = sorted_values ? (*sorted_values)[i] : values[i];
    if (v.is_null()) continue;  // equal to nothing
    std::optional<Value> c = Coerce(v, column.type);
    hashes.clear();
    if (!c || !ParquetBloomHashes(column, *c, &hashes)) return true;
    for (uint64_t h : hashes) {
      if (bloom.MayContain(h)) return true;
    }
  }
  return false;
}

void ColumnPredicate::SortIn() {
  if (op != Op::kIn || values.size() <= 16) return;
  for (const auto& v : values) {
    if (v.is_null() || v.type() != values[0].type()) return;
  }
  sorted_values = SortedValues::Of(std::move(values));
  values.clear();
}

bool ColumnPredicate::MayMatchOnlyNaN(const std::vector<Value>& values) const {
  // Every non-NULL value is NaN, which equals NaN and is above every number (Spark's order).
  for (const Value& v : values) {
    if (v.is_null()) continue;
    if (!v.type().IsNumeric()) return true;  // why: no comparison to reason about
    bool nan = IsNaN(v);
    switch (op) {
      case Op::kEq:
      case Op::kIn:
      case Op::kLe:
        if (nan) return true;
        break;
      case Op::kGe:
      case Op::kGt:
        if (!nan || op == Op::kGe) return true;
        break;
      default: break;  // kLt: NaN is below nothing
    }
  }
  return false;
}

bool ColumnPredicate::MayMatchValues(const std::vector<Value>& values, const Value& min,
                                     const Value& max, bool may_have_nan) const {
  // why: the bounds leave NaN out; NaN equals only NaN and sorts above every number in Spark
  switch (op) {
    case Op::kEq:
    case Op::kIn:
      for (const Value& v : values) {
        if (v.is_null()) continue;
        if (IsNaN(v)) {
          if (may_have_nan) return true;
          continue;
        }
        if (min.Compare(v) <= 0 && v.Compare(max) <= 0) return true;
      }
      return false;
    case Op::kLt:
      if (values[0].is_null()) return false;
      return IsNaN(values[0]) || min.Compare(values[0]) < 0;
    case Op::kLe:
      if (values[0].is_null()) return false;
      return IsNaN(values[0]) || min.Compare(values[0]) <= 0;
    case Op::kGt:
      if (values[0].is_null() || IsNaN(values[0])) return false;
      return may_have_nan || max.Compare(values[0]) > 0;
    case Op::kGe:
      if (values[0].is_null()) return false;
      if (IsNaN(values[0])) return may_have_nan;
      return may_have_nan || max.Compare(values[0]) >= 0;
    default: return true;
  }
}

}  // namespace floe
