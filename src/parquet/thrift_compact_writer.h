#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "parquet/thrift_compact_reader.h"

namespace floe {

/// Appends Thrift compact-protocol values to a string (see thrift_compact_reader.h).
class ThriftCompactWriter {
 public:
  explicit ThriftCompactWriter(std::string* out) : out_(out) {}

  /// Writes a struct field header and enters the struct.
  void BeginStructField(int16_t id);
  /// Enters a struct that is a list element (no field header).
  void BeginStruct();
  /// Writes STOP and leaves the struct.
  void EndStruct();
  /// Writes an i32 field.
  void FieldI32(int16_t id, int32_t v);
  /// Writes an i64 field.
  void FieldI64(int16_t id, int64_t v);
  /// Writes a boolean field (its value lives in the header).
  void FieldBool(int16_t id, bool v);
  /// Writes a byte field.
  void FieldI8(int16_t id, int8_t v);
  /// Writes an i16 field.
  void FieldI16(int16_t id, int16_t v);
  /// Writes a binary/string field.
  void FieldBinary(int16_t id, std::string_view v);
  /// Writes a list field header; the elements follow.
  void ListField(int16_t id, ThriftType elem_type, uint32_t size);
  /// Writes an i32/i64 list element.
  void ElementI64(int64_t v) { WriteZigZag(v); }
  /// Writes a binary list element.
  void ElementBinary(std::string_view v);
  /// Writes a boolean list element.
  void ElementBool(bool v) { out_->push_back(v ? 1 : 2); }

 private:
  void FieldHeader(int16_t id, ThriftType type);
  void WriteVarint(uint64_t v);
  void WriteZigZag(int64_t v) {
    WriteVarint((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63));
  }

  std::string* out_;
  int16_t last_field_id_ = 0;
  int16_t field_stack_[64];
  int depth_ = 0;
};

}  // namespace floe
