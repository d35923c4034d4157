#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "iceberg/avro/avro_datum.h"

namespace floe::iceberg::avro {

/// Writes Avro's binary encoding into a growing buffer.
class AvroEncoder {
 public:
  /// Appends a zigzag varint long.
  void WriteLong(int64_t v);
  void WriteBoolean(bool v) { buffer_.push_back(v ? '\x01' : '\x00'); }
  void WriteFloat(float v);
  void WriteDouble(double v);
  /// Appends length-prefixed bytes (strings too).
  void WriteBytes(std::string_view v);
  /// Appends raw bytes.
  void WriteFixed(std::string_view v) { buffer_.append(v); }
  /// Encodes a datum against the schema; throws InternalError when it does not fit
  /// (for a union, the branch whose type matches the datum is chosen).
  void Encode(const AvroSchema& schema, const AvroDatum& datum);

  const std::string& buffer() const { return buffer_; }
  std::string& buffer() { return buffer_; }
  void Clear() { buffer_.clear(); }

 private:
  std::string buffer_;
};

}  // namespace floe::iceberg::avro
