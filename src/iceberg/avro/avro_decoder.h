#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "iceberg/avro/avro_datum.h"

namespace floe::iceberg::avro {

/// Reads Avro's binary encoding from a byte range; every read is bounds-checked and bad
/// input throws FormatError (never reads past the end).
class AvroDecoder {
 public:
  AvroDecoder(std::string_view data, std::string what) : data_(data), what_(std::move(what)) {}

  /// Returns a zigzag varint long.
  int64_t ReadLong();
  /// Returns a zigzag varint that must fit an int.
  int32_t ReadInt();
  bool ReadBoolean();
  float ReadFloat();
  double ReadDouble();
  /// Returns length-prefixed bytes (strings too).
  std::string ReadBytes();
  /// Returns `size` raw bytes.
  std::string ReadFixed(size_t size);
  /// Decodes one value of the schema.
  AvroDatum Decode(const AvroSchema& schema);

  size_t position() const { return pos_; }
  size_t remaining() const { return data_.size() - pos_; }
  bool AtEnd() const { return pos_ >= data_.size(); }
  /// Throws FormatError with the decoder's context.
  [[noreturn]] void Fail(const std::string& problem) const;

 private:
  size_t ReadLength();
  // Returns the item count of the next array/map block (0 ends), skipping block sizes.
  size_t ReadBlockCount(const AvroSchema& item_schema);

  std::string_view data_;
  size_t pos_ = 0;
  std::string what_;
  int depth_ = 0;
};

}  // namespace floe::iceberg::avro
