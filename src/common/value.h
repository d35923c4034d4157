#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/types.h"

namespace floe {

class TimeZone;

/// One SQL value of a known type, or NULL: for constants, results and tests.
class Value {
 public:
  Value() = default;  // NULL of type void
  static Value Null(LogicalType type = TypeId::kNull);
  static Value Boolean(bool v);
  static Value Int8(int8_t v);
  static Value Int16(int16_t v);
  static Value Int32(int32_t v);
  static Value Int64(int64_t v);
  static Value Float(float v);
  static Value Double(double v);
  static Value Decimal(int128_t unscaled, int precision, int scale);
  static Value String(std::string v);
  static Value Binary(std::string v);
  /// A variant, packed (PackVariant).
  static Value Variant(std::string packed);
  static Value Date(int32_t days);
  static Value Timestamp(int64_t micros);
  static Value TimestampNtz(int64_t micros);
  /// The nanosecond timestamps: an instant, and a wall clock.
  static Value TimestampNs(int64_t nanos);
  static Value TimestampNtzNs(int64_t nanos);
  /// A time of day: microseconds since midnight.
  static Value Time(int64_t micros);
  static Value IntervalValue(Interval v);
  /// A struct of `type` with one value per field.
  static Value Struct(LogicalType type, std::vector<Value> fields);
  /// An array of `type` (a list type) with these elements.
  static Value List(LogicalType type, std::vector<Value> elements);
  /// A map of `type` with these entries: keys[i] maps to values[i].
  static Value Map(LogicalType type, const std::vector<Value>& keys, const std::vector<Value>& values);

  const LogicalType& type() const { return type_; }
  bool is_null() const { return is_null_; }

  bool boolean() const { return i64_ != 0; }
  int8_t int8() const { return static_cast<int8_t>(i64_); }
  int16_t int16() const { return static_cast<int16_t>(i64_); }
  int32_t int32() const { return static_cast<int32_t>(i64_); }
  int64_t int64() const { return i64_; }
  float float32() const { return static_cast<float>(f64_); }
  double float64() const { return f64_; }
  int128_t decimal() const { return i128_; }
  const std::string& str() const { return str_; }
  Interval interval() const {
    auto bits = static_cast<uint128_t>(i128_);
    auto high = static_cast<uint64_t>(bits >> 64);
    return Interval{static_cast<int32_t>(high >> 32), static_cast<int32_t>(high & 0xffffffff),
                    static_cast<int64_t>(static_cast<uint64_t>(bits))};
  }
  /// Returns a struct's fields or a list's elements; a map's keys and values alternate
  /// (key 0, value 0, key 1, ...).
  const std::vector<Value>& children() const;
  /// Returns the number of entries of a map, elements of a list, fields of a struct.
  size_t ChildCount() const;

  /// Returns the value as text the way Spark shows it, timestamps in UTC; nested values
  /// as spark-sql prints them (HiveResult.toHiveString): [1,null], {"a":1}, {1:"x"}.
  std::string ToString() const;
  /// The same with timestamps (with a time zone) shown in `zone`.
  std::string ToString(const TimeZone& zone) const;

  /// Compares two non-NULL values of the same type: <0, 0, >0.
  int Compare(const Value& other) const;
  bool operator==(const Value& other) const;

 private:
  LogicalType type_;
  bool is_null_ = true;
  // why: a value is of one type, which reads one of these (Values are many: a runtime
  // filter lists up to a million); all zero while none is set. An interval is kept in i128_:
  // months and days in the high 64 bits, micros in the low ones.
  union {
    int64_t i64_;
    double f64_;
    int128_t i128_ = 0;
  };
  std::string str_;
  std::shared_ptr<const std::vector<Value>> children_;

  std::string Format(const TimeZone& zone, bool nested) const;
  // A non-NULL string, binary or variant holding these bytes.
  static Value WithBytes(TypeId type, std::string bytes);
  // A non-NULL struct, list or map value holding these children.
  static Value WithChildren(LogicalType type, std::vector<Value> children);
};

/// Orders values of one type as Value::Compare does: the comparator of sorted value lists
/// (SortDistinct) and of binary searches in them.
struct ValueLess {
  bool operator()(const Value& a, const Value& b) const { return a.Compare(b) < 0; }
};

/// Sorts values of one type ascending (Value::Compare) and drops repeats: an IN list's
/// values for binary search.
void SortDistinct(std::vector<Value>* values);
/// Returns true when values of one type are strictly ascending (Value::Compare): what
/// SortDistinct makes, checked in one pass.
bool IsSortedDistinct(const std::vector<Value>& values);

}  // namespace floe
