#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "iceberg/avro/avro_schema.h"

namespace floe::iceberg::avro {

/// A decoded Avro value of any type. A union's value is the value of its branch.
struct AvroDatum {
  AvroType type = AvroType::kNull;
  bool boolean = false;
  int64_t long_value = 0;    // int, long, enum index
  double double_value = 0;   // float, double
  std::string bytes;         // string, bytes, fixed
  std::vector<AvroDatum> items;  // record fields (in schema order) or array items
  std::vector<std::pair<std::string, AvroDatum>> entries;  // map entries

  bool is_null() const { return type == AvroType::kNull; }

  static AvroDatum Null() { return AvroDatum(); }
  static AvroDatum Boolean(bool v) {
    AvroDatum d;
    d.type = AvroType::kBoolean;
    d.boolean = v;
    return d;
  }
  static AvroDatum Int(int32_t v) { return Number(AvroType::kInt, v); }
  static AvroDatum Long(int64_t v) { return Number(AvroType::kLong, v); }
  static AvroDatum Float(float v) { return Real(AvroType::kFloat, v); }
  static AvroDatum Double(double v) { return Real(AvroType::kDouble, v); }
  static AvroDatum String(std::string v) { return Blob(AvroType::kString, std::move(v)); }
  static AvroDatum Bytes(std::string v) { return Blob(AvroType::kBytes, std::move(v)); }
  static AvroDatum Fixed(std::string v) { return Blob(AvroType::kFixed, std::move(v)); }
  static AvroDatum Record(std::vector<AvroDatum> fields) { return List(AvroType::kRecord, std::move(fields)); }
  static AvroDatum Array(std::vector<AvroDatum> items) { return List(AvroType::kArray, std::move(items)); }

 private:
  static AvroDatum Number(AvroType t, int64_t v) {
    AvroDatum d;
    d.type = t;
    d.long_value = v;
    return d;
  }
  static AvroDatum Real(AvroType t, double v) {
    AvroDatum d;
    d.type = t;
    d.double_value = v;
    return d;
  }
  static AvroDatum Blob(AvroType t, std::string v) {
    AvroDatum d;
    d.type = t;
    d.bytes = std::move(v);
    return d;
  }
  static AvroDatum List(AvroType t, std::vector<AvroDatum> v) {
    AvroDatum d;
    d.type = t;
    d.items = std::move(v);
    return d;
  }
};

}  // namespace floe::iceberg::avro
