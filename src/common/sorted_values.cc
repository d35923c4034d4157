#include "common/sorted_values.h"

#include <algorithm>

#include "common/exception.h"
#include "common/vector.h"

namespace floe {

namespace {

// Returns value `key` of the integer-like `type` (Value keeps each in its 64-bit field).
Value IntegerValue(const LogicalType& type, int64_t key) {
  switch (type.id()) {
    case TypeId::kInt8: return Value::Int8(static_cast<int8_t>(key));
    case TypeId::kInt16: return Value::Int16(static_cast<int16_t>(key));
    case TypeId::kInt32: return Value::Int32(static_cast<int32_t>(key));
    case TypeId::kInt64: return Value::Int64(key);
    case TypeId::kDate: return Value::Date(static_cast<int32_t>(key));
    case TypeId::kTimestamp: return Value::Timestamp(key);
    case TypeId::kTimestampNtz: return Value::TimestampNtz(key);
    case TypeId::kTimestampNs: return Value::TimestampNs(key);
    case TypeId::kTimestampNtzNs: return Value::TimestampNtzNs(key);
    case TypeId::kTime: return Value::Time(key);
    default: throw InternalError("a sorted list of " + type.ToString() + " kept as integers");
  }
}

// Appends the keys of rows `rows[0, n)` (or [0, n)) of a column of T to `out`.
template <typename T>
void AppendKeys(const Vector& column, const uint32_t* rows, size_t n, std::vector<int64_t>* out) {
  const T* data = column.Data<T>();
  for (size_t i = 0; i < n; ++i) out->push_back(static_cast<int64_t>(data[rows ? rows[i] : i]));
}

}  // namespace

bool SortedValues::KeepsAsIntegers(const LogicalType& type) {
  switch (type.id()) {
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kDate:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
    case TypeId::kTime: return true;
    default: return false;
  }
}

std::shared_ptr<const SortedValues> SortedValues::Of(std::vector<Value> values) {
  std::shared_ptr<SortedValues> list(new SortedValues());
  if (values.empty()) return list;
  for (const Value& v : values) {
    if (v.is_null() || v.type() != values[0].type()) {
      throw InternalError("a sorted list of values with a NULL or of two types");
    }
  }
  list->type_ = values[0].type();
  SortDistinct(&values);
  if (KeepsAsIntegers(list->type_)) {
    list->integers_ = true;
    list->keys_.reserve(values.size());
    for (const Value& v : values) list->keys_.push_back(v.int64());
  } else {
    list->values_ = std::move(values);
  }
  return list;
}

std::shared_ptr<const SortedValues> SortedValues::OfIntegers(LogicalType type, std::vector<int64_t> keys) {
  if (!KeepsAsIntegers(type)) throw InternalError("a sorted list of " + type.ToString() + " kept as integers");
  std::shared_ptr<SortedValues> list(new SortedValues());
  list->type_ = std::move(type);
  list->integers_ = true;
  list->keys_ = std::move(keys);
  return list;
}

std::shared_ptr<const SortedValues> SortedValues::OfRows(const Vector& column, const uint32_t* rows, size_t n) {
  std::shared_ptr<SortedValues> list(new SortedValues());
  list->type_ = column.type();
  if (!KeepsAsIntegers(column.type())) {
    list->values_.reserve(n);
    for (size_t i = 0; i < n; ++i) list->values_.push_back(column.GetValue(rows ? rows[i] : i));
    return list;
  }
  list->integers_ = true;
  list->keys_.reserve(n);
  switch (column.type().id()) {
    case TypeId::kInt8: AppendKeys<int8_t>(column, rows, n, &list->keys_); break;
    case TypeId::kInt16: AppendKeys<int16_t>(column, rows, n, &list->keys_); break;
    case TypeId::kInt32:
    case TypeId::kDate: AppendKeys<int32_t>(column, rows, n, &list->keys_); break;
    default: AppendKeys<int64_t>(column, rows, n, &list->keys_); break;
  }
  return list;
}

Value SortedValues::operator[](size_t i) const { return integers_ ? IntegerValue(type_, keys_[i]) : values_[i]; }

size_t SortedValues::LowerBound(const Value& v) const {
  if (integers_ && KeepsAsIntegers(v.type())) {
    // Value::Compare orders integer-like values by their 64-bit field, whatever the width
    return static_cast<size_t>(std::lower_bound(keys_.begin(), keys_.end(), v.int64()) - keys_.begin());
  }
  if (!integers_) {
    return static_cast<size_t>(std::lower_bound(values_.begin(), values_.end(), v, ValueLess()) - values_.begin());
  }
  size_t lo = 0, hi = keys_.size();
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if ((*this)[mid].Compare(v) < 0) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

bool SortedValues::Contains(const Value& v) const {
  if (v.is_null()) return false;
  size_t i = LowerBound(v);
  if (i == size()) return false;
  if (integers_ && KeepsAsIntegers(v.type())) return keys_[i] == v.int64();
  return v.Compare((*this)[i]) == 0;
}

std::vector<Value> SortedValues::ToValues() const {
  if (!integers_) return values_;
  std::vector<Value> out;
  out.reserve(keys_.size());
  for (int64_t k : keys_) out.push_back(IntegerValue(type_, k));
  return out;
}

bool SortedValues::operator==(const SortedValues& other) const {
  return type_ == other.type_ && integers_ == other.integers_ && keys_ == other.keys_ && values_ == other.values_;
}

}  // namespace floe
