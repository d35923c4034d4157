#include "common/variant_builder.h"

#include <algorithm>
#include <cstring>

#include "common/decimal.h"
#include "common/exception.h"
#include "common/json_string.h"
#include "common/utf8.h"
#include "common/variant.h"

namespace floe {

namespace {

// The primitive type ids of the Parquet Variant spec this builder writes.
constexpr int kNullId = 0, kTrueId = 1, kFalseId = 2, kInt8Id = 3, kInt16Id = 4, kInt32Id = 5, kInt64Id = 6,
              kDoubleId = 7, kDecimal4Id = 8, kDecimal8Id = 9, kDecimal16Id = 10, kDateId = 11, kTimestampId = 12,
              kTimestampNtzId = 13, kFloatId = 14, kBinaryId = 15, kStringId = 16, kTimeId = 17,
              kTimestampNanosId = 18, kTimestampNtzNanosId = 19, kUuidId = 20;
constexpr size_t kMaxShortString = 63;

// Returns the fewest bytes (1 to 4) that hold v.
int IntegerSize(uint64_t v) {
  if (v <= 0xFF) return 1;
  if (v <= 0xFFFF) return 2;
  if (v <= 0xFFFFFF) return 3;
  return 4;
}

void PutLittleEndian(uint64_t v, int bytes, std::string* out) {
  for (int i = 0; i < bytes; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

int DecimalPrecision(int128_t v) {
  int digits = 1;
  for (uint128_t a = v < 0 ? -static_cast<uint128_t>(v) : static_cast<uint128_t>(v); a >= 10; a /= 10) ++digits;
  return digits;
}

}  // namespace

void VariantBuilder::AppendPrimitive(int type_id, uint64_t bits, int bytes) {
  value_.push_back(static_cast<char>(type_id << 2));
  PutLittleEndian(bits, bytes, &value_);
}

void VariantBuilder::AppendNull() { AppendPrimitive(kNullId, 0, 0); }

void VariantBuilder::AppendBoolean(bool v) { AppendPrimitive(v ? kTrueId : kFalseId, 0, 0); }

void VariantBuilder::AppendLong(int64_t v) {
  auto bits = static_cast<uint64_t>(v);
  if (v >= INT8_MIN && v <= INT8_MAX) return AppendPrimitive(kInt8Id, bits, 1);
  if (v >= INT16_MIN && v <= INT16_MAX) return AppendPrimitive(kInt16Id, bits, 2);
  if (v >= INT32_MIN && v <= INT32_MAX) return AppendPrimitive(kInt32Id, bits, 4);
  AppendPrimitive(kInt64Id, bits, 8);
}

void VariantBuilder::AppendDouble(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof(bits));
  AppendPrimitive(kDoubleId, bits, 8);
}

void VariantBuilder::AppendFloat(float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, sizeof(bits));
  AppendPrimitive(kFloatId, bits, 4);
}

void VariantBuilder::AppendDecimal(int128_t unscaled, int scale) {
  int precision = DecimalPrecision(unscaled);
  if (scale < 0 || scale > LogicalType::kMaxDecimalPrecision || precision > LogicalType::kMaxDecimalPrecision) {
    throw InternalError("variant decimal out of range");
  }
  int id = scale <= 9 && precision <= 9 ? kDecimal4Id : scale <= 18 && precision <= 18 ? kDecimal8Id : kDecimal16Id;
  value_.push_back(static_cast<char>(id << 2));
  value_.push_back(static_cast<char>(scale));
  auto bits = static_cast<uint128_t>(unscaled);
  int bytes = id == kDecimal4Id ? 4 : id == kDecimal8Id ? 8 : 16;
  for (int i = 0; i < bytes; ++i) value_.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
}

void VariantBuilder::AppendString(std::string_view v) {
  if (v.size() <= kMaxShortString) {
    value_.push_back(static_cast<char>(v.size() << 2 | 1));
  } else {
    value_.push_back(static_cast<char>(kStringId << 2));
    PutLittleEndian(v.size(), 4, &value_);
  }
  value_.append(v);
}

void VariantBuilder::AppendBinary(std::string_view v) {
  value_.push_back(static_cast<char>(kBinaryId << 2));
  PutLittleEndian(v.size(), 4, &value_);
  value_.append(v);
}

void VariantBuilder::AppendDate(int32_t days) { AppendPrimitive(kDateId, static_cast<uint32_t>(days), 4); }

void VariantBuilder::AppendTimestamp(int64_t micros) {
  AppendPrimitive(kTimestampId, static_cast<uint64_t>(micros), 8);
}

void VariantBuilder::AppendTimestampNtz(int64_t micros) {
  AppendPrimitive(kTimestampNtzId, static_cast<uint64_t>(micros), 8);
}

void VariantBuilder::AppendTime(int64_t micros) { AppendPrimitive(kTimeId, static_cast<uint64_t>(micros), 8); }

void VariantBuilder::AppendUuid(std::string_view bytes) {
  value_.push_back(static_cast<char>(kUuidId << 2));
  value_.append(bytes.substr(0, 16));
  value_.append(16 - std::min<size_t>(bytes.size(), 16), '\0');
}

void VariantBuilder::AppendTimestampNanos(int64_t nanos) {
  AppendPrimitive(kTimestampNanosId, static_cast<uint64_t>(nanos), 8);
}

void VariantBuilder::AppendTimestampNtzNanos(int64_t nanos) {
  AppendPrimitive(kTimestampNtzNanosId, static_cast<uint64_t>(nanos), 8);
}

void VariantBuilder::AppendVariant(const VariantRef& v) {
  switch (v.type()) {
    case VariantType::kObject: {
      size_t start = Position();
      std::vector<Field> fields;
      for (size_t i = 0, n = v.ObjectSize(); i < n; ++i) {
        auto field = v.FieldAt(i);
        fields.push_back(AddKey(field.first, Position()));
        AppendVariant(field.second);
      }
      return FinishObject(start, std::move(fields));
    }
    case VariantType::kArray: {
      size_t start = Position();
      std::vector<size_t> offsets;
      for (size_t i = 0, n = v.ArraySize(); i < n; ++i) {
        offsets.push_back(Position());
        AppendVariant(v.ElementAt(i));
      }
      return FinishArray(start, offsets);
    }
    default: value_.append(v.ValueBytes());  // a scalar: no keys in it
  }
}

VariantBuilder::Field VariantBuilder::AddKey(std::string_view key, size_t offset) {
  // (keys are UTF-8, as the spec requires and the sort of an object's fields needs)
  std::string name = IsValidUtf8(key) ? std::string(key) : ReplaceInvalidUtf8(key);
  auto [it, added] = key_ids_.try_emplace(std::move(name), static_cast<uint32_t>(keys_.size()));
  if (added) keys_.push_back(it->first);
  return Field{it->second, offset};
}

void VariantBuilder::FinishObject(size_t start, std::vector<Field> fields) {
  std::stable_sort(fields.begin(), fields.end(),
                   [&](const Field& a, const Field& b) { return CompareUtf16Order(keys_[a.id], keys_[b.id]) < 0; });
  for (size_t i = 1; i < fields.size(); ++i) {
    if (fields[i].id == fields[i - 1].id) {
      std::string key;
      AppendJsonString(keys_[fields[i].id], &key);
      throw VariantDuplicateKeyError("[VARIANT_DUPLICATE_KEY] Failed to build variant because of a duplicate object key " + key);
    }
  }
  size_t data_size = value_.size() - start;
  uint32_t max_id = 0;
  for (const Field& f : fields) max_id = std::max(max_id, f.id);
  bool large = fields.size() > 0xFF;
  int id_size = IntegerSize(max_id), offset_size = IntegerSize(data_size);
  std::string header;
  header.push_back(static_cast<char>((((large ? 1 : 0) << 4) | ((id_size - 1) << 2) | (offset_size - 1)) << 2 | 2));
  PutLittleEndian(fields.size(), large ? 4 : 1, &header);
  for (const Field& f : fields) PutLittleEndian(f.id, id_size, &header);
  for (const Field& f : fields) PutLittleEndian(f.offset - start, offset_size, &header);
  PutLittleEndian(data_size, offset_size, &header);
  value_.insert(start, header);
}

void VariantBuilder::FinishArray(size_t start, const std::vector<size_t>& offsets) {
  size_t data_size = value_.size() - start;
  bool large = offsets.size() > 0xFF;
  int offset_size = IntegerSize(data_size);
  std::string header;
  header.push_back(static_cast<char>((((large ? 1 : 0) << 2) | (offset_size - 1)) << 2 | 3));
  PutLittleEndian(offsets.size(), large ? 4 : 1, &header);
  for (size_t offset : offsets) PutLittleEndian(offset - start, offset_size, &header);
  PutLittleEndian(data_size, offset_size, &header);
  value_.insert(start, header);
}

std::string VariantBuilder::Finish() {
  size_t strings = 0;
  for (const auto& k : keys_) strings += k.size();
  int offset_size = IntegerSize(std::max(strings, keys_.size()));
  std::string metadata;
  metadata.push_back(static_cast<char>(1 | ((offset_size - 1) << 6)));
  PutLittleEndian(keys_.size(), offset_size, &metadata);
  size_t at = 0;
  PutLittleEndian(0, offset_size, &metadata);
  for (const auto& k : keys_) PutLittleEndian(at += k.size(), offset_size, &metadata);
  for (const auto& k : keys_) metadata += k;
  if (metadata.size() > kVariantSizeLimit || value_.size() > kVariantSizeLimit || strings > 0xFFFFFFFFu) {
    throw InvalidInputError("[VARIANT_SIZE_LIMIT] Cannot build variant bigger than 16.0 MiB.");
  }
  return PackVariant(metadata, value_);
}

}  // namespace floe
