#pragma once

#include <cstdint>
#include <string>

#include "common/types.h"

namespace floe {

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
  static Value Date(int32_t days);
  static Value Timestamp(int64_t micros);
  static Value TimestampNtz(int64_t micros);
  /// A time of day: microseconds since midnight.
  static Value Time(int64_t micros);
  static Value IntervalValue(Interval v);

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
  Interval interval() const { return interval_; }

  /// Returns the value as text the way Spark shows it, timestamps in UTC.
  std::string ToString() const;

  /// Compares two non-NULL values of the same type: <0, 0, >0.
  int Compare(const Value& other) const;
  bool operator==(const Value& other) const;

 private:
  LogicalType type_;
  bool is_null_ = true;
  int64_t i64_ = 0;
  double f64_ = 0;
  int128_t i128_ = 0;
  Interval interval_;
  std::string str_;
};

}  // namespace floe
