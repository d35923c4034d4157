#include "common/sorted_values.h"

#include <algorithm>

#include "common/exception.h"
#include "common/string_ref.h"
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

// Packs n strings, the i-th bytes_of(i), one after another into `bytes`, with where each
// starts, and the end, in `offsets`.
template <typename F>
void PackBytes(size_t n, F&& bytes_of, std::string* bytes, std::vector<uint64_t>* offsets) {
  size_t total = 0;
  for (size_t i = 0; i < n; ++i) total += bytes_of(i).size();
  bytes->reserve(total);
  offsets->reserve(n + 1);
  for (size_t i = 0; i < n; ++i) {
    offsets->push_back(bytes->size());
    bytes->append(bytes_of(i));
  }
  offsets->push_back(bytes->size());
}

}  // namespace

bool SortedValues::KeepsAsBytes(const LogicalType& type) {
  return type.id() == TypeId::kString || type.id() == TypeId::kBinary;
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
    list->storage_ = Storage::kIntegers;
    list->keys_.reserve(values.size());
    for (const Value& v : values) list->keys_.push_back(v.int64());
  } else if (KeepsAsBytes(list->type_)) {
    list->storage_ = Storage::kBytes;
    auto bytes_of = [&](size_t i) -> std::string_view { return values[i].str(); };
    PackBytes(values.size(), bytes_of, &list->bytes_, &list->offsets_);
  } else {
    list->values_ = std::move(values);
  }
  return list;
}

std::shared_ptr<const SortedValues> SortedValues::OfIntegers(LogicalType type, std::vector<int64_t> keys) {
  if (!KeepsAsIntegers(type)) throw InternalError("a sorted list of " + type.ToString() + " kept as integers");
  std::shared_ptr<SortedValues> list(new SortedValues());
  list->type_ = std::move(type);
  list->storage_ = Storage::kIntegers;
  list->keys_ = std::move(keys);
  return list;
}

std::shared_ptr<const SortedValues> SortedValues::OfRows(const Vector& column, const uint32_t* rows, size_t n) {
  std::shared_ptr<SortedValues> list(new SortedValues());
  list->type_ = column.type();
  if (KeepsAsBytes(column.type())) {
    list->storage_ = Storage::kBytes;
    const StringRef* data = column.Data<StringRef>();
    auto bytes_of = [&](size_t i) { return data[rows ? rows[i] : i].view(); };
    PackBytes(n, bytes_of, &list->bytes_, &list->offsets_);
    return list;
  }
  bool integers = WithIntegerType(column.type(), [&](auto zero) {
    list->storage_ = Storage::kIntegers;
    list->keys_.reserve(n);
    AppendKeys<decltype(zero)>(column, rows, n, &list->keys_);
  });
  if (integers) return list;
  list->values_.reserve(n);
  for (size_t i = 0; i < n; ++i) list->values_.push_back(column.GetValue(rows ? rows[i] : i));
  return list;
}

size_t SortedValues::size() const {
  switch (storage_) {
    case Storage::kIntegers: return keys_.size();
    case Storage::kBytes: return offsets_.empty() ? 0 : offsets_.size() - 1;
    default: return values_.size();
  }
}

Value SortedValues::operator[](size_t i) const {
  switch (storage_) {
    case Storage::kIntegers: return IntegerValue(type_, keys_[i]);
    case Storage::kBytes: {
      std::string b(bytes(i));
      return type_.id() == TypeId::kString ? Value::String(std::move(b)) : Value::Binary(std::move(b));
    }
    default: return values_[i];
  }
}

bool SortedValues::ComparesByStorage(const Value& v) const {
  switch (storage_) {
    // Value::Compare orders integer-like values by their 64-bit field, whatever the width
    case Storage::kIntegers: return KeepsAsIntegers(v.type());
    // and strings and binaries by their bytes (as unsigned chars)
    case Storage::kBytes: return KeepsAsBytes(v.type());
    default: return false;
  }
}

size_t SortedValues::LowerBound(const Value& v) const {
  size_t lo = 0, hi = size();
  if (storage_ == Storage::kValues) {
    return static_cast<size_t>(std::lower_bound(values_.begin(), values_.end(), v, ValueLess()) - values_.begin());
  }
  bool by_storage = ComparesByStorage(v);
  std::string_view needle = by_storage && storage_ == Storage::kBytes ? std::string_view(v.str()) : std::string_view();
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    bool below;
    if (!by_storage) {
      below = (*this)[mid].Compare(v) < 0;
    } else if (storage_ == Storage::kIntegers) {
      below = keys_[mid] < v.int64();
    } else {
      below = bytes(mid).compare(needle) < 0;
    }
    if (below) {
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
  if (ComparesByStorage(v)) return storage_ == Storage::kIntegers ? keys_[i] == v.int64() : bytes(i) == v.str();
  return v.Compare((*this)[i]) == 0;
}

std::vector<Value> SortedValues::ToValues() const {
  if (storage_ == Storage::kValues) return values_;
  std::vector<Value> out;
  out.reserve(size());
  for (size_t i = 0; i < size(); ++i) out.push_back((*this)[i]);
  return out;
}

bool SortedValues::operator==(const SortedValues& other) const {
  return type_ == other.type_ && storage_ == other.storage_ && keys_ == other.keys_ && bytes_ == other.bytes_ &&
         offsets_ == other.offsets_ && values_ == other.values_;
}

}  // namespace floe
