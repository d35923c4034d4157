#include "parquet/thrift_compact_writer.h"

#include "common/check.h"

namespace floe {

void ThriftCompactWriter::WriteVarint(uint64_t v) {
  while (v >= 0x80) {
    out_->push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out_->push_back(static_cast<char>(v));
}

void ThriftCompactWriter::FieldHeader(int16_t id, ThriftType type) {
  int delta = id - last_field_id_;
  if (delta > 0 && delta <= 15) {
    out_->push_back(static_cast<char>((delta << 4) | static_cast<int>(type)));
  } else {
    out_->push_back(static_cast<char>(type));
    WriteZigZag(id);
  }
  last_field_id_ = id;
}

void ThriftCompactWriter::BeginStructField(int16_t id) {
  FieldHeader(id, ThriftType::kStruct);
  BeginStruct();
}

void ThriftCompactWriter::BeginStruct() {
  FLOE_CHECK_LT(depth_, 64);
  field_stack_[depth_++] = last_field_id_;
  last_field_id_ = 0;
}

void ThriftCompactWriter::EndStruct() {
  FLOE_CHECK_GT(depth_, 0);
  out_->push_back(0);
  last_field_id_ = field_stack_[--depth_];
}

void ThriftCompactWriter::FieldI32(int16_t id, int32_t v) {
  FieldHeader(id, ThriftType::kI32);
  WriteZigZag(v);
}

void ThriftCompactWriter::FieldI64(int16_t id, int64_t v) {
  FieldHeader(id, ThriftType::kI64);
  WriteZigZag(v);
}

void ThriftCompactWriter::FieldI16(int16_t id, int16_t v) {
  FieldHeader(id, ThriftType::kI16);
  WriteZigZag(v);
}

void ThriftCompactWriter::FieldI8(int16_t id, int8_t v) {
  FieldHeader(id, ThriftType::kByte);
  out_->push_back(static_cast<char>(v));
}

void ThriftCompactWriter::FieldBool(int16_t id, bool v) {
  FieldHeader(id, v ? ThriftType::kBoolTrue : ThriftType::kBoolFalse);
}

void ThriftCompactWriter::FieldBinary(int16_t id, std::string_view v) {
  FieldHeader(id, ThriftType::kBinary);
  ElementBinary(v);
}

void ThriftCompactWriter::ElementBinary(std::string_view v) {
  WriteVarint(v.size());
  out_->append(v.data(), v.size());
}

void ThriftCompactWriter::ListField(int16_t id, ThriftType elem_type, uint32_t size) {
  FieldHeader(id, ThriftType::kList);
  if (size < 15) {
    out_->push_back(static_cast<char>((size << 4) | static_cast<uint32_t>(elem_type)));
  } else {
    out_->push_back(static_cast<char>(0xf0 | static_cast<uint32_t>(elem_type)));
    WriteVarint(size);
  }
}

}  // namespace floe
