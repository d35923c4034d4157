#include "iceberg/avro/avro_decoder.h"

#include <cstring>

#include "common/exception.h"

namespace floe::iceberg::avro {

namespace {

bool MayTakeNoBytes(const AvroSchema& schema, int depth) {
  // why: a record that holds itself without a union or array between can never be
  // decoded (Decode stops at depth 128), so the answer for it does not matter
  if (depth > 64) return false;
  switch (schema.type()) {
    case AvroType::kNull: return true;
    case AvroType::kFixed: return schema.size() == 0;
    case AvroType::kRecord:
      for (const auto& f : schema.fields()) {
        if (!MayTakeNoBytes(*f.schema, depth + 1)) return false;
      }
      return true;
    default: return false;  // a varint, a length, a count or a branch index: a byte at least
  }
}

}  // namespace

bool MayTakeNoBytes(const AvroSchema& schema) { return MayTakeNoBytes(schema, 0); }

void AvroDecoder::CountEmptyValues(int64_t count) {
  if (count > empty_values_left_) {
    Fail(std::to_string(count) + " more values that take no bytes, past the limit of " +
         std::to_string(kMaxEmptyValues));
  }
  empty_values_left_ -= count;
}

void AvroDecoder::Fail(const std::string& problem) const {
  throw FormatError(what_ + ": " + problem + " at byte " + std::to_string(pos_));
}

int64_t AvroDecoder::ReadLongSlow() {
  uint64_t value = 0;
  int shift = 0;
  while (true) {
    if (pos_ >= data_.size()) Fail("truncated varint");
    uint8_t b = static_cast<uint8_t>(data_[pos_++]);
    if (shift == 63 && (b & 0x7e)) Fail("varint overflows a long");
    value |= static_cast<uint64_t>(b & 0x7f) << shift;
    if (!(b & 0x80)) break;
    shift += 7;
    if (shift > 63) Fail("varint is longer than 10 bytes");
  }
  return static_cast<int64_t>((value >> 1) ^ (~(value & 1) + 1));
}

int32_t AvroDecoder::ReadInt() {
  int64_t v = ReadLong();
  if (v < INT32_MIN || v > INT32_MAX) Fail("int value " + std::to_string(v) + " out of range");
  return static_cast<int32_t>(v);
}

bool AvroDecoder::ReadBoolean() {
  if (pos_ >= data_.size()) Fail("truncated boolean");
  uint8_t b = static_cast<uint8_t>(data_[pos_++]);
  if (b > 1) Fail("invalid boolean byte " + std::to_string(b));
  return b == 1;
}

float AvroDecoder::ReadFloat() {
  if (remaining() < 4) Fail("truncated float");
  float v;
  std::memcpy(&v, data_.data() + pos_, 4);
  pos_ += 4;
  return v;
}

double AvroDecoder::ReadDouble() {
  if (remaining() < 8) Fail("truncated double");
  double v;
  std::memcpy(&v, data_.data() + pos_, 8);
  pos_ += 8;
  return v;
}

size_t AvroDecoder::ReadLength() {
  int64_t len = ReadLong();
  if (len < 0) Fail("negative length " + std::to_string(len));
  if (static_cast<uint64_t>(len) > remaining()) Fail("length " + std::to_string(len) + " runs past the end");
  return static_cast<size_t>(len);
}

std::string AvroDecoder::ReadBytes() {
  size_t len = ReadLength();
  std::string out(data_.substr(pos_, len));
  pos_ += len;
  return out;
}

std::string AvroDecoder::ReadFixed(size_t size) {
  if (size > remaining()) Fail("fixed of " + std::to_string(size) + " bytes runs past the end");
  std::string out(data_.substr(pos_, size));
  pos_ += size;
  return out;
}

size_t AvroDecoder::ReadBlockCount(const AvroSchema& item_schema) {
  int64_t count = ReadLong();
  if (count < 0) {
    if (count == INT64_MIN) Fail("invalid block count");
    count = -count;
    ReadLength();  // the block's byte size, not needed when decoding every item
  }
  // Each item of other types takes at least one byte: a larger count is corrupt.
  if (MayTakeNoBytes(item_schema)) {
    CountEmptyValues(count);
  } else if (static_cast<uint64_t>(count) > remaining()) {
    Fail("block count " + std::to_string(count) + " is too large");
  }
  return static_cast<size_t>(count);
}

size_t AvroDecoder::ReadUnionIndex(const AvroSchema& union_schema) {
  int64_t index = ReadLong();
  if (index < 0 || static_cast<size_t>(index) >= union_schema.branches().size()) {
    Fail("union branch " + std::to_string(index) + " out of range");
  }
  return static_cast<size_t>(index);
}

void AvroDecoder::Seek(size_t position) {
  if (position > data_.size()) Fail("seek past the end");
  pos_ = position;
}

void AvroDecoder::Skip(const AvroSchema& schema) {
  if (++depth_ > 128) Fail("value is nested too deeply");
  switch (schema.type()) {
    case AvroType::kNull: break;
    case AvroType::kBoolean: ReadBoolean(); break;
    case AvroType::kInt: ReadInt(); break;
    case AvroType::kLong: ReadLong(); break;
    case AvroType::kFloat:
      if (remaining() < 4) Fail("truncated float");
      pos_ += 4;
      break;
    case AvroType::kDouble:
      if (remaining() < 8) Fail("truncated double");
      pos_ += 8;
      break;
    case AvroType::kBytes:
    case AvroType::kString: pos_ += ReadLength(); break;
    case AvroType::kFixed:
      if (static_cast<size_t>(schema.size()) > remaining()) Fail("fixed runs past the end");
      pos_ += static_cast<size_t>(schema.size());
      break;
    case AvroType::kEnum: {
      int64_t index = ReadLong();
      if (index < 0 || static_cast<size_t>(index) >= schema.symbols().size()) Fail("enum index out of range");
      break;
    }
    case AvroType::kRecord:
      for (const auto& f : schema.fields()) Skip(*f.schema);
      break;
    case AvroType::kArray:
    case AvroType::kMap:
      while (true) {
        int64_t count = ReadLong();
        if (count == 0) break;
        if (count < 0) {
          if (count == INT64_MIN) Fail("invalid block count");
          pos_ += ReadLength();  // a block with its byte size is skipped whole
          continue;
        }
        // why: a map's key takes a byte; an array's item may take none (counted instead)
        if (schema.type() == AvroType::kArray && MayTakeNoBytes(*schema.items())) {
          CountEmptyValues(count);
        } else if (static_cast<uint64_t>(count) > remaining()) {
          Fail("block count " + std::to_string(count) + " is too large");
        }
        for (int64_t i = 0; i < count; ++i) {
          if (schema.type() == AvroType::kMap) pos_ += ReadLength();
          Skip(*schema.items());
        }
      }
      break;
    case AvroType::kUnion: Skip(*schema.branches()[ReadUnionIndex(schema)]); break;
  }
  --depth_;
}

AvroDatum AvroDecoder::Decode(const AvroSchema& schema) {
  if (++depth_ > 128) Fail("value is nested too deeply");
  AvroDatum d;
  d.type = schema.type();
  switch (schema.type()) {
    case AvroType::kNull: break;
    case AvroType::kBoolean: d.boolean = ReadBoolean(); break;
    case AvroType::kInt: d.long_value = ReadInt(); break;
    case AvroType::kLong: d.long_value = ReadLong(); break;
    case AvroType::kFloat: d.double_value = ReadFloat(); break;
    case AvroType::kDouble: d.double_value = ReadDouble(); break;
    case AvroType::kBytes:
    case AvroType::kString: d.bytes = ReadBytes(); break;
    case AvroType::kFixed: d.bytes = ReadFixed(static_cast<size_t>(schema.size())); break;
    case AvroType::kEnum: {
      int64_t index = ReadLong();
      if (index < 0 || static_cast<size_t>(index) >= schema.symbols().size()) Fail("enum index out of range");
      d.long_value = index;
      break;
    }
    case AvroType::kRecord:
      d.items.reserve(schema.fields().size());
      for (const auto& f : schema.fields()) d.items.push_back(Decode(*f.schema));
      break;
    case AvroType::kArray:
      while (size_t n = ReadBlockCount(*schema.items())) {
        for (size_t i = 0; i < n; ++i) d.items.push_back(Decode(*schema.items()));
      }
      break;
    case AvroType::kMap: {
      while (size_t n = ReadBlockCount(*schema.items())) {
        for (size_t i = 0; i < n; ++i) {
          std::string key = ReadBytes();
          d.entries.push_back({std::move(key), Decode(*schema.items())});
        }
      }
      break;
    }
    case AvroType::kUnion: {
      int64_t index = ReadLong();
      if (index < 0 || static_cast<size_t>(index) >= schema.branches().size()) {
        Fail("union branch " + std::to_string(index) + " out of range");
      }
      d = Decode(*schema.branches()[static_cast<size_t>(index)]);
      break;
    }
  }
  --depth_;
  return d;
}

}  // namespace floe::iceberg::avro
