#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/value.h"

namespace floe {

class Vector;

/// Distinct non-NULL values of one type in ascending order (Value::Compare), shared
/// read-only: a long IN list's values for binary search, up to a runtime filter's million
/// keys. Values of an integer-like type (integers, dates, timestamps, times) are kept as
/// 64-bit integers, 8 bytes each where a Value takes 96; strings and binaries packed into
/// one buffer, their bytes and an 8-byte offset each; values of other types as Values.
class SortedValues {
 public:
  /// Returns the list of `values`, of one type and none NULL: sorted and made distinct
  /// here unless they already are.
  static std::shared_ptr<const SortedValues> Of(std::vector<Value> values);
  /// Returns the list of `keys`, ascending and distinct, of the integer-like `type`.
  static std::shared_ptr<const SortedValues> OfIntegers(LogicalType type, std::vector<int64_t> keys);
  /// Returns the list of rows `rows[0, n)` of `column`, non-NULL, distinct and in ascending
  /// order of their values (every row [0, n) when `rows` is null).
  static std::shared_ptr<const SortedValues> OfRows(const Vector& column, const uint32_t* rows, size_t n);
  /// Returns true when values of `type` are kept as 64-bit integers.
  static bool KeepsAsIntegers(const LogicalType& type) {
    return WithIntegerType(type, [](auto) {});
  }
  /// Calls f with a zero of the C++ type a column of `type` holds its values in (int8_t,
  /// int16_t, int32_t or int64_t) when `type` is integer-like (KeepsAsIntegers), and returns
  /// true; returns false for any other type.
  template <typename F>
  static bool WithIntegerType(const LogicalType& type, F&& f) {
    switch (type.id()) {
      case TypeId::kInt8: f(int8_t{}); return true;
      case TypeId::kInt16: f(int16_t{}); return true;
      case TypeId::kInt32:
      case TypeId::kDate: f(int32_t{}); return true;
      case TypeId::kInt64:
      case TypeId::kTimestamp:
      case TypeId::kTimestampNtz:
      case TypeId::kTimestampNs:
      case TypeId::kTimestampNtzNs:
      case TypeId::kTime: f(int64_t{}); return true;
      default: return false;
    }
  }
  /// Returns true when values of `type` are kept packed as bytes (STRING, BINARY).
  static bool KeepsAsBytes(const LogicalType& type);

  /// Returns the values' type (kNull for an empty list made of no Values).
  const LogicalType& type() const { return type_; }
  size_t size() const;
  bool empty() const { return size() == 0; }
  /// Returns value `i` (made on each call unless the values are kept as Values).
  Value operator[](size_t i) const;
  Value front() const { return (*this)[0]; }
  Value back() const { return (*this)[size() - 1]; }
  /// Returns the keys when the values are kept as integers, else null.
  const std::vector<int64_t>* integers() const { return storage_ == Storage::kIntegers ? &keys_ : nullptr; }
  /// Returns the bytes of value `i` when the values are kept as bytes (KeepsAsBytes).
  std::string_view bytes(size_t i) const {
    return std::string_view(bytes_).substr(offsets_[i], offsets_[i + 1] - offsets_[i]);
  }
  /// Returns the position of the first value not below `v` (size() when none is), by
  /// binary search; `v` is of type() or of a type Value::Compare orders with it.
  size_t LowerBound(const Value& v) const;
  /// Returns true when a value equals `v` (not NULL), as LowerBound compares.
  bool Contains(const Value& v) const;
  /// Returns a copy of every value as a Value.
  std::vector<Value> ToValues() const;
  bool operator==(const SortedValues& other) const;

 private:
  SortedValues() = default;

  enum class Storage { kValues, kIntegers, kBytes };
  // Returns true when `v` is compared with the kept values by their storage (its 64-bit
  // field, or its bytes), as Value::Compare compares them.
  bool ComparesByStorage(const Value& v) const;

  LogicalType type_;
  Storage storage_ = Storage::kValues;
  std::vector<int64_t> keys_;      // kIntegers
  std::string bytes_;              // kBytes: every value's bytes, one after another
  std::vector<uint64_t> offsets_;  // kBytes: where each starts, and the end
  std::vector<Value> values_;      // kValues
};

using SortedValuesPtr = std::shared_ptr<const SortedValues>;

}  // namespace floe
