#pragma once

// Design note: Parquet's footer, page headers and page index are Thrift structs in the
// compact protocol. floe decodes them with this small hand-written codec instead of the
// Apache Thrift library: floe needs only a dozen structs, the generated code and its
// runtime are heavy and not hardened against hostile input, and a hand-written reader
// can bound every read by the buffer, cap nesting depth and list sizes, and skip the
// fields it does not know (newer writers add fields all the time). Every malformed
// input becomes a FormatError, never a crash or an out-of-bounds read.

#include <cstdint>
#include <string>
#include <string_view>

namespace floe {

/// Compact-protocol wire types.
enum class ThriftType : uint8_t {
  kStop = 0,
  kBoolTrue = 1,
  kBoolFalse = 2,
  kByte = 3,
  kI16 = 4,
  kI32 = 5,
  kI64 = 6,
  kDouble = 7,
  kBinary = 8,
  kList = 9,
  kSet = 10,
  kMap = 11,
  kStruct = 12,
};

/// Reads Thrift compact-protocol values from a bounded buffer; throws FormatError.
class ThriftCompactReader {
 public:
  ThriftCompactReader(const uint8_t* data, size_t size) : pos_(data), end_(data + size) {}

  /// Enters a struct (resets the field-id delta base).
  void BeginStruct();
  /// Leaves a struct entered with BeginStruct.
  void EndStruct();
  /// Reads the next field header; returns false at the struct's STOP.
  bool NextField(int16_t* id, ThriftType* type);
  /// Reads a boolean field value (its value lives in the field header type).
  bool ReadBool(ThriftType field_type);
  /// Reads a boolean list element.
  bool ReadBoolElement();
  /// Reads a one-byte integer.
  int8_t ReadByte();
  /// Reads a zigzag varint i16.
  int16_t ReadI16() { return static_cast<int16_t>(ReadZigZag()); }
  /// Reads a zigzag varint i32, checking its range.
  int32_t ReadI32();
  /// Reads a zigzag varint i64.
  int64_t ReadI64() { return ReadZigZag(); }
  /// Reads an 8-byte little-endian double.
  double ReadDouble();
  /// Returns a view of a binary/string value inside the buffer.
  std::string_view ReadBinary();
  /// Reads a list header; the size is checked against the bytes left.
  void ReadListHeader(ThriftType* elem_type, uint32_t* size);
  /// Skips a value of the given type, including nested containers.
  void Skip(ThriftType type);
  /// Returns the number of bytes consumed so far from `start`.
  size_t Consumed(const uint8_t* start) const { return static_cast<size_t>(pos_ - start); }

 private:
  uint64_t ReadVarint();
  int64_t ReadZigZag();
  uint8_t ReadRawByte();
  void SkipDepth(ThriftType type, int depth);

  const uint8_t* pos_;
  const uint8_t* end_;
  int16_t last_field_id_ = 0;
  int16_t field_stack_[64];
  int depth_ = 0;
};

}  // namespace floe
