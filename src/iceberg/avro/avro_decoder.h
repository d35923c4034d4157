#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "iceberg/avro/avro_datum.h"

namespace floe::iceberg::avro {

/// Returns true when a value of the schema may be encoded in no bytes (null, a fixed of
/// size 0, a record of only such fields): how many of them the data holds is not bounded
/// by its size.
bool MayTakeNoBytes(const AvroSchema& schema);

/// Reads Avro's binary encoding from a byte range; every read is bounds-checked and bad
/// input throws FormatError (never reads past the end).
class AvroDecoder {
 public:
  /// The most values that take no bytes (MayTakeNoBytes) a decoder reads, in all: any
  /// other value takes at least a byte, so the data's size bounds their count, and this
  /// bounds the rest. Iceberg's schemas have none; a million is plenty for other files.
  static constexpr int64_t kMaxEmptyValues = int64_t{1} << 20;

  /// Reads `data`; `what` names it in errors. `empty_values` is how many values that take
  /// no bytes it may still read (a file's later blocks get what its earlier ones left).
  AvroDecoder(std::string_view data, std::string what, int64_t empty_values = kMaxEmptyValues)
      : data_(data), what_(std::move(what)), empty_values_left_(empty_values) {}

  /// Returns a zigzag varint long.
  int64_t ReadLong() {
    // why: most varints in manifests (keys, counts, union indexes) take one byte
    if (pos_ < data_.size()) {
      auto b = static_cast<uint8_t>(data_[pos_]);
      if (!(b & 0x80)) {
        ++pos_;
        return static_cast<int64_t>(b >> 1) ^ -static_cast<int64_t>(b & 1);
      }
    }
    return ReadLongSlow();
  }
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
  /// Skips a varint (int or long) without decoding it.
  void SkipVarint() {
    for (int i = 0; i < 10; ++i) {
      if (pos_ >= data_.size()) Fail("truncated varint");
      if (!(static_cast<uint8_t>(data_[pos_++]) & 0x80)) return;
    }
    Fail("varint is longer than 10 bytes");
  }
  /// Skips length-prefixed bytes.
  void SkipBytes() { pos_ += ReadLength(); }
  /// Skips `size` raw bytes.
  void SkipFixed(size_t size) {
    if (size > remaining()) Fail("fixed of " + std::to_string(size) + " bytes runs past the end");
    pos_ += size;
  }
  /// Skips one value of the schema without materializing it (bounds still checked).
  void Skip(const AvroSchema& schema);
  /// Returns the item count of the next array/map block (0 ends), skipping block sizes.
  size_t ReadBlockCount(const AvroSchema& item_schema);
  /// Returns a union's branch index, checked against the union's branches.
  size_t ReadUnionIndex(const AvroSchema& union_schema);
  /// Moves to byte `position` of the data (for re-reading a value found earlier).
  void Seek(size_t position);
  /// Counts `count` values that take no bytes against the decoder's allowance; fails
  /// when they exceed it.
  void CountEmptyValues(int64_t count);
  /// Returns how many values that take no bytes the decoder may still read.
  int64_t empty_values_left() const { return empty_values_left_; }

  size_t position() const { return pos_; }
  size_t remaining() const { return data_.size() - pos_; }
  bool AtEnd() const { return pos_ >= data_.size(); }
  /// Throws FormatError with the decoder's context.
  [[noreturn]] void Fail(const std::string& problem) const;

 private:
  int64_t ReadLongSlow();
  size_t ReadLength();

  std::string_view data_;
  size_t pos_ = 0;
  std::string what_;
  int depth_ = 0;
  int64_t empty_values_left_;
};

}  // namespace floe::iceberg::avro
