#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "iceberg/avro/avro_schema.h"

namespace floe::iceberg::avro {

struct AvroMapEntry;

/// A decoded Avro value of any type. A union's value is the value of its branch.
// why: the map entries are a struct declared apart, and the factories are defined below
// it, not a std::pair<std::string, AvroDatum> nor inline bodies: clang (with libstdc++)
// rejects a pair of the class being defined, which gcc accepts.
struct AvroDatum {
  AvroType type = AvroType::kNull;
  bool boolean = false;
  int64_t long_value = 0;    // int, long, enum index
  double double_value = 0;   // float, double
  std::string bytes;         // string, bytes, fixed
  std::vector<AvroDatum> items;  // record fields (in schema order) or array items
  std::vector<AvroMapEntry> entries;  // map entries

  bool is_null() const { return type == AvroType::kNull; }

  static AvroDatum Null();
  static AvroDatum Boolean(bool v);
  static AvroDatum Int(int32_t v);
  static AvroDatum Long(int64_t v);
  static AvroDatum Float(float v);
  static AvroDatum Double(double v);
  static AvroDatum String(std::string v);
  static AvroDatum Bytes(std::string v);
  static AvroDatum Fixed(std::string v);
  static AvroDatum Record(std::vector<AvroDatum> fields);
  static AvroDatum Array(std::vector<AvroDatum> items);

 private:
  static AvroDatum Number(AvroType t, int64_t v);
  static AvroDatum Real(AvroType t, double v);
  static AvroDatum Blob(AvroType t, std::string v);
  static AvroDatum List(AvroType t, std::vector<AvroDatum> v);
};

/// One entry of an Avro map.
struct AvroMapEntry {
  std::string key;
  AvroDatum value;
};

inline AvroDatum AvroDatum::Null() { return AvroDatum(); }
inline AvroDatum AvroDatum::Boolean(bool v) {
  AvroDatum d;
  d.type = AvroType::kBoolean;
  d.boolean = v;
  return d;
}
inline AvroDatum AvroDatum::Int(int32_t v) { return Number(AvroType::kInt, v); }
inline AvroDatum AvroDatum::Long(int64_t v) { return Number(AvroType::kLong, v); }
inline AvroDatum AvroDatum::Float(float v) { return Real(AvroType::kFloat, v); }
inline AvroDatum AvroDatum::Double(double v) { return Real(AvroType::kDouble, v); }
inline AvroDatum AvroDatum::String(std::string v) { return Blob(AvroType::kString, std::move(v)); }
inline AvroDatum AvroDatum::Bytes(std::string v) { return Blob(AvroType::kBytes, std::move(v)); }
inline AvroDatum AvroDatum::Fixed(std::string v) { return Blob(AvroType::kFixed, std::move(v)); }
inline AvroDatum AvroDatum::Record(std::vector<AvroDatum> fields) { return List(AvroType::kRecord, std::move(fields)); }
inline AvroDatum AvroDatum::Array(std::vector<AvroDatum> items) { return List(AvroType::kArray, std::move(items)); }
inline AvroDatum AvroDatum::Number(AvroType t, int64_t v) {
  AvroDatum d;
  d.type = t;
  d.long_value = v;
  return d;
}
inline AvroDatum AvroDatum::Real(AvroType t, double v) {
  AvroDatum d;
  d.type = t;
  d.double_value = v;
  return d;
}
inline AvroDatum AvroDatum::Blob(AvroType t, std::string v) {
  AvroDatum d;
  d.type = t;
  d.bytes = std::move(v);
  return d;
}
inline AvroDatum AvroDatum::List(AvroType t, std::vector<AvroDatum> v) {
  AvroDatum d;
  d.type = t;
  d.items = std::move(v);
  return d;
}

}  // namespace floe::iceberg::avro
