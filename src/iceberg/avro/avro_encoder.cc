#include "iceberg/avro/avro_encoder.h"

#include <cstring>

#include "common/exception.h"

namespace floe::iceberg::avro {

void AvroEncoder::WriteLong(int64_t v) {
  uint64_t z = (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
  while (z >= 0x80) {
    buffer_.push_back(static_cast<char>((z & 0x7f) | 0x80));
    z >>= 7;
  }
  buffer_.push_back(static_cast<char>(z));
}

void AvroEncoder::WriteFloat(float v) {
  char b[4];
  std::memcpy(b, &v, 4);
  buffer_.append(b, 4);
}

void AvroEncoder::WriteDouble(double v) {
  char b[8];
  std::memcpy(b, &v, 8);
  buffer_.append(b, 8);
}

void AvroEncoder::WriteBytes(std::string_view v) {
  WriteLong(static_cast<int64_t>(v.size()));
  buffer_.append(v);
}

static bool Matches(AvroType schema, AvroType datum) {
  if (schema == datum) return true;
  auto integral = [](AvroType t) { return t == AvroType::kInt || t == AvroType::kLong; };
  auto real = [](AvroType t) { return t == AvroType::kFloat || t == AvroType::kDouble; };
  auto blob = [](AvroType t) { return t == AvroType::kBytes || t == AvroType::kString || t == AvroType::kFixed; };
  return (integral(schema) && integral(datum)) || (real(schema) && real(datum)) || (blob(schema) && blob(datum));
}

void AvroEncoder::Encode(const AvroSchema& schema, const AvroDatum& d) {
  if (schema.type() == AvroType::kUnion) {
    const auto& branches = schema.branches();
    int chosen = -1;
    for (size_t i = 0; i < branches.size() && chosen < 0; ++i) {
      if (branches[i]->type() == d.type) chosen = static_cast<int>(i);
    }
    for (size_t i = 0; i < branches.size() && chosen < 0; ++i) {
      if (Matches(branches[i]->type(), d.type)) chosen = static_cast<int>(i);
    }
    if (chosen < 0) throw InternalError("Avro datum does not match any branch of a union");
    WriteLong(chosen);
    Encode(*branches[static_cast<size_t>(chosen)], d);
    return;
  }
  if (!Matches(schema.type(), d.type)) {
    throw InternalError("Avro datum of type " + std::to_string(static_cast<int>(d.type)) +
                        " does not match schema type " + std::to_string(static_cast<int>(schema.type())));
  }
  switch (schema.type()) {
    case AvroType::kNull: break;
    case AvroType::kBoolean: WriteBoolean(d.boolean); break;
    case AvroType::kInt:
    case AvroType::kLong:
    case AvroType::kEnum: WriteLong(d.long_value); break;
    case AvroType::kFloat: WriteFloat(static_cast<float>(d.double_value)); break;
    case AvroType::kDouble: WriteDouble(d.double_value); break;
    case AvroType::kBytes:
    case AvroType::kString: WriteBytes(d.bytes); break;
    case AvroType::kFixed:
      if (d.bytes.size() != static_cast<size_t>(schema.size())) {
        throw InternalError("Avro fixed value has " + std::to_string(d.bytes.size()) + " bytes, schema wants " +
                            std::to_string(schema.size()));
      }
      WriteFixed(d.bytes);
      break;
    case AvroType::kRecord:
      if (d.items.size() != schema.fields().size()) {
        throw InternalError("Avro record " + schema.name() + " datum has " + std::to_string(d.items.size()) +
                            " fields, schema has " + std::to_string(schema.fields().size()));
      }
      for (size_t i = 0; i < d.items.size(); ++i) Encode(*schema.fields()[i].schema, d.items[i]);
      break;
    case AvroType::kArray:
      if (!d.items.empty()) {
        WriteLong(static_cast<int64_t>(d.items.size()));
        for (const auto& item : d.items) Encode(*schema.items(), item);
      }
      WriteLong(0);
      break;
    case AvroType::kMap:
      if (!d.entries.empty()) {
        WriteLong(static_cast<int64_t>(d.entries.size()));
        for (const auto& [key, value] : d.entries) {
          WriteBytes(key);
          Encode(*schema.items(), value);
        }
      }
      WriteLong(0);
      break;
    case AvroType::kUnion: break;
  }
}

}  // namespace floe::iceberg::avro
