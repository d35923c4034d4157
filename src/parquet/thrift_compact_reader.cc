#include "parquet/thrift_compact_reader.h"

#include <cstring>

#include "common/exception.h"

namespace floe {

namespace {
constexpr int kMaxDepth = 64;
[[noreturn]] void Corrupt(const char* what) {
  throw FormatError(std::string("corrupt Thrift metadata: ") + what);
}
}  // namespace

uint8_t ThriftCompactReader::ReadRawByte() {
  if (pos_ >= end_) Corrupt("unexpected end of data");
  return *pos_++;
}

uint64_t ThriftCompactReader::ReadVarint() {
  uint64_t result = 0;
  for (int shift = 0; shift < 70; shift += 7) {
    uint8_t b = ReadRawByte();
    result |= static_cast<uint64_t>(b & 0x7f) << shift;
    if ((b & 0x80) == 0) return result;
  }
  Corrupt("varint too long");
}

int64_t ThriftCompactReader::ReadZigZag() {
  uint64_t v = ReadVarint();
  return static_cast<int64_t>((v >> 1) ^ (~(v & 1) + 1));
}

void ThriftCompactReader::BeginStruct() {
  if (depth_ >= kMaxDepth) Corrupt("structs nested too deeply");
  field_stack_[depth_++] = last_field_id_;
  last_field_id_ = 0;
}

void ThriftCompactReader::EndStruct() {
  if (depth_ <= 0) Corrupt("unbalanced struct");
  last_field_id_ = field_stack_[--depth_];
}

bool ThriftCompactReader::NextField(int16_t* id, ThriftType* type) {
  uint8_t b = ReadRawByte();
  if (b == 0) return false;
  uint8_t t = b & 0x0f;
  if (t > static_cast<uint8_t>(ThriftType::kStruct)) Corrupt("unknown field type");
  int16_t delta = static_cast<int16_t>(b >> 4);
  *id = delta != 0 ? static_cast<int16_t>(last_field_id_ + delta) : ReadI16();
  last_field_id_ = *id;
  *type = static_cast<ThriftType>(t);
  return true;
}

bool ThriftCompactReader::ReadBool(ThriftType field_type) {
  if (field_type == ThriftType::kBoolTrue) return true;
  if (field_type == ThriftType::kBoolFalse) return false;
  Corrupt("expected a boolean field");
}

bool ThriftCompactReader::ReadBoolElement() { return ReadRawByte() == 1; }

int8_t ThriftCompactReader::ReadByte() { return static_cast<int8_t>(ReadRawByte()); }

int32_t ThriftCompactReader::ReadI32() {
  int64_t v = ReadZigZag();
  if (v < INT32_MIN || v > INT32_MAX) Corrupt("i32 out of range");
  return static_cast<int32_t>(v);
}

double ThriftCompactReader::ReadDouble() {
  if (end_ - pos_ < 8) Corrupt("unexpected end of data");
  double d;
  std::memcpy(&d, pos_, 8);
  pos_ += 8;
  return d;
}

std::string_view ThriftCompactReader::ReadBinary() {
  uint64_t n = ReadVarint();
  if (n > static_cast<uint64_t>(end_ - pos_)) Corrupt("binary length past the end");
  std::string_view v(reinterpret_cast<const char*>(pos_), n);
  pos_ += n;
  return v;
}

void ThriftCompactReader::ReadListHeader(ThriftType* elem_type, uint32_t* size) {
  uint8_t b = ReadRawByte();
  uint64_t n = b >> 4;
  if (n == 15) n = ReadVarint();
  uint8_t t = b & 0x0f;
  if (t > static_cast<uint8_t>(ThriftType::kStruct)) Corrupt("unknown list element type");
  // every element takes at least one byte (booleans, varints, struct stops)
  if (n > static_cast<uint64_t>(end_ - pos_)) Corrupt("list size past the end");
  *elem_type = static_cast<ThriftType>(t);
  *size = static_cast<uint32_t>(n);
}

void ThriftCompactReader::Skip(ThriftType type) { SkipDepth(type, 0); }

void ThriftCompactReader::SkipDepth(ThriftType type, int depth) {
  if (depth > kMaxDepth) Corrupt("values nested too deeply");
  switch (type) {
    case ThriftType::kBoolTrue:
    case ThriftType::kBoolFalse: return;  // a field's value is in its header
    case ThriftType::kByte: ReadRawByte(); return;
    case ThriftType::kI16:
    case ThriftType::kI32:
    case ThriftType::kI64: ReadVarint(); return;
    case ThriftType::kDouble: ReadDouble(); return;
    case ThriftType::kBinary: ReadBinary(); return;
    case ThriftType::kList:
    case ThriftType::kSet: {
      ThriftType et;
      uint32_t n;
      ReadListHeader(&et, &n);
      for (uint32_t i = 0; i < n; ++i) {
        if (et == ThriftType::kBoolTrue || et == ThriftType::kBoolFalse) {
          ReadRawByte();
        } else {
          SkipDepth(et, depth + 1);
        }
      }
      return;
    }
    case ThriftType::kMap: {
      uint64_t n = ReadVarint();
      if (n == 0) return;
      if (n > static_cast<uint64_t>(end_ - pos_)) Corrupt("map size past the end");
      uint8_t kv = ReadRawByte();
      auto kt = static_cast<ThriftType>(kv >> 4);
      auto vt = static_cast<ThriftType>(kv & 0x0f);
      if ((kv >> 4) > 12 || (kv & 0x0f) > 12) Corrupt("unknown map element type");
      for (uint64_t i = 0; i < n; ++i) {
        for (ThriftType t : {kt, vt}) {
          if (t == ThriftType::kBoolTrue || t == ThriftType::kBoolFalse) {
            ReadRawByte();
          } else {
            SkipDepth(t, depth + 1);
          }
        }
      }
      return;
    }
    case ThriftType::kStruct: {
      BeginStruct();
      int16_t id;
      ThriftType ft;
      while (NextField(&id, &ft)) SkipDepth(ft, depth + 1);
      EndStruct();
      return;
    }
    case ThriftType::kStop: Corrupt("unexpected STOP");
  }
  Corrupt("unknown type");
}

}  // namespace floe
