#include "common/variant.h"

#include <algorithm>
#include <cstring>

#include "common/base64.h"
#include "common/date_time.h"
#include "common/decimal.h"
#include "common/double_format.h"
#include "common/exception.h"
#include "common/json_string.h"
#include "common/utf8.h"
#include "common/uuid_text.h"

namespace floe {

namespace {

// The basic types (the value header's low 2 bits) and the primitive type ids.
constexpr int kPrimitive = 0;
constexpr int kShortString = 1;
constexpr int kObjectBasic = 2;
constexpr int kArrayBasic = 3;

enum PrimitiveId : int {
  kNullId = 0,
  kTrueId = 1,
  kFalseId = 2,
  kInt8Id = 3,
  kInt16Id = 4,
  kInt32Id = 5,
  kInt64Id = 6,
  kDoubleId = 7,
  kDecimal4Id = 8,
  kDecimal8Id = 9,
  kDecimal16Id = 10,
  kDateId = 11,
  kTimestampId = 12,
  kTimestampNtzId = 13,
  kFloatId = 14,
  kBinaryId = 15,
  kStringId = 16,
  kTimeId = 17,
  kTimestampNanosId = 18,
  kTimestampNtzNanosId = 19,
  kUuidId = 20,
};

[[noreturn]] void Malformed(const char* what) {
  throw FormatError(std::string("malformed variant: ") + what);
}

uint64_t ReadLittleEndian(std::string_view bytes, size_t at, int n, const char* what) {
  if (at > bytes.size() || bytes.size() - at < static_cast<size_t>(n)) Malformed(what);
  uint64_t v = 0;
  for (int i = 0; i < n; ++i) v |= uint64_t{static_cast<unsigned char>(bytes[at + i])} << (8 * i);
  return v;
}

int64_t SignExtend(uint64_t v, int bytes) {
  if (bytes == 8) return static_cast<int64_t>(v);
  int shift = 64 - 8 * bytes;
  return static_cast<int64_t>(v << shift) >> shift;
}

// Appends wall-clock nanoseconds as Java's ISO_LOCAL_DATE ' ' ISO_LOCAL_TIME: seconds
// always, the fraction's significant digits only.
void AppendLocalNanos(int64_t nanos, std::string* out) {
  int64_t micros = FloorDiv(nanos, 1000);
  int64_t sub = FloorMod(nanos, 1000);
  std::string text = FormatLocalTimestamp(micros);
  if (sub != 0) {
    // the micro digits, zero-padded to six, then the three nano digits, zeros trimmed
    size_t dot = text.find('.');
    std::string frac = dot == std::string::npos ? "000000" : text.substr(dot + 1);
    frac.append(6 - frac.size(), '0');
    char buf[4];
    std::snprintf(buf, sizeof(buf), "%03d", static_cast<int>(sub));
    frac += buf;
    while (frac.back() == '0') frac.pop_back();
    text = text.substr(0, dot == std::string::npos ? text.size() : dot) + "." + frac;
  }
  *out += text;
}

// Appends an offset as Java's appendOffset("+HH:MM", "+00:00").
void AppendOffset(int64_t offset_micros, std::string* out) {
  char sign = offset_micros < 0 ? '-' : '+';
  int64_t minutes = (offset_micros < 0 ? -offset_micros : offset_micros) / kMicrosPerMinute;
  char buf[16];
  std::snprintf(buf, sizeof(buf), "%c%02d:%02d", sign, static_cast<int>(minutes / 60), static_cast<int>(minutes % 60));
  *out += buf;
}

void AppendQuoted(const std::string& s, std::string* out) {
  out->push_back('"');
  *out += s;
  out->push_back('"');
}

}  // namespace

const char* VariantTypeName(VariantType type) {
  switch (type) {
    case VariantType::kObject: return "OBJECT";
    case VariantType::kArray: return "ARRAY";
    case VariantType::kNull: return "VOID";
    case VariantType::kBoolean: return "BOOLEAN";
    case VariantType::kLong: return "BIGINT";
    case VariantType::kString: return "STRING";
    case VariantType::kDouble: return "DOUBLE";
    case VariantType::kDecimal: return "DECIMAL";
    case VariantType::kDate: return "DATE";
    case VariantType::kTimestamp: return "TIMESTAMP";
    case VariantType::kTimestampNtz: return "TIMESTAMP_NTZ";
    case VariantType::kFloat: return "FLOAT";
    case VariantType::kBinary: return "BINARY";
    case VariantType::kUuid: return "UUID";
    case VariantType::kTime: return "TIME";
    case VariantType::kTimestampNanos: return "TIMESTAMP_NANOS";
    case VariantType::kTimestampNtzNanos: return "TIMESTAMP_NTZ_NANOS";
  }
  return "?";
}

std::string PackVariant(std::string_view metadata, std::string_view value) {
  std::string out;
  out.reserve(4 + metadata.size() + value.size());
  uint32_t n = static_cast<uint32_t>(metadata.size());
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((n >> (8 * i)) & 0xFF));
  out.append(metadata);
  out.append(value);
  return out;
}

VariantRef VariantRef::Unpack(std::string_view packed) {
  uint64_t n = ReadLittleEndian(packed, 0, 4, "packed variant is too short");
  if (packed.size() - 4 < n) Malformed("packed variant is too short");
  return VariantRef(packed.substr(4, n), packed.substr(4 + n));
}

VariantRef::VariantRef(std::string_view metadata, std::string_view value) : metadata_(metadata), value_(value) {
  if (metadata.empty() || (static_cast<unsigned char>(metadata[0]) & 0x0F) != 1) {
    Malformed("metadata version is not 1");
  }
  if (metadata.size() > kVariantSizeLimit || value.size() > kVariantSizeLimit) {
    throw FormatError("variant is larger than 16 MiB");
  }
  if (value.empty()) Malformed("value is empty");
  dictionary_offset_size_ = ((static_cast<unsigned char>(metadata[0]) >> 6) & 3) + 1;
  dictionary_size_ = ReadLittleEndian(metadata, 1, dictionary_offset_size_, "metadata is truncated");
  // the offsets (dictionary_size + 1 of them) must fit
  if (1 + (dictionary_size_ + 2) * dictionary_offset_size_ > metadata.size()) {
    Malformed("metadata dictionary is larger than the metadata");
  }
}

uint8_t VariantRef::Header() const {
  if (pos_ >= value_.size()) Malformed("value offset is past the end");
  return static_cast<uint8_t>(value_[pos_]);
}

uint64_t VariantRef::ReadUnsigned(size_t at, int bytes) const {
  return ReadLittleEndian(value_, at, bytes, "value is truncated");
}

std::string_view VariantRef::MetadataKey(uint64_t id) const {
  if (id >= dictionary_size_) Malformed("object field id is not in the dictionary");
  size_t offsets = 1 + dictionary_offset_size_;
  size_t strings = offsets + (dictionary_size_ + 1) * dictionary_offset_size_;
  uint64_t begin = ReadLittleEndian(metadata_, offsets + id * dictionary_offset_size_, dictionary_offset_size_,
                                    "metadata is truncated");
  uint64_t end = ReadLittleEndian(metadata_, offsets + (id + 1) * dictionary_offset_size_, dictionary_offset_size_,
                                  "metadata is truncated");
  if (begin > end || end > metadata_.size() - strings) Malformed("metadata key is out of bounds");
  return metadata_.substr(strings + begin, end - begin);
}

VariantType VariantRef::type() const {
  uint8_t h = Header();
  int basic = h & 3, info = h >> 2;
  switch (basic) {
    case kShortString: return VariantType::kString;
    case kObjectBasic: return VariantType::kObject;
    case kArrayBasic: return VariantType::kArray;
    default: break;
  }
  switch (info) {
    case kNullId: return VariantType::kNull;
    case kTrueId:
    case kFalseId: return VariantType::kBoolean;
    case kInt8Id:
    case kInt16Id:
    case kInt32Id:
    case kInt64Id: return VariantType::kLong;
    case kDoubleId: return VariantType::kDouble;
    case kDecimal4Id:
    case kDecimal8Id:
    case kDecimal16Id: return VariantType::kDecimal;
    case kDateId: return VariantType::kDate;
    case kTimestampId: return VariantType::kTimestamp;
    case kTimestampNtzId: return VariantType::kTimestampNtz;
    case kFloatId: return VariantType::kFloat;
    case kBinaryId: return VariantType::kBinary;
    case kStringId: return VariantType::kString;
    case kTimeId: return VariantType::kTime;
    case kTimestampNanosId: return VariantType::kTimestampNanos;
    case kTimestampNtzNanosId: return VariantType::kTimestampNtzNanos;
    case kUuidId: return VariantType::kUuid;
    default: throw FormatError("variant has an unknown primitive type id " + std::to_string(info));
  }
}

bool VariantRef::GetBoolean() const { return (Header() >> 2) == kTrueId; }

int64_t VariantRef::GetLong() const {
  int bytes;
  switch (Header() >> 2) {
    case kInt8Id: bytes = 1; break;
    case kInt16Id: bytes = 2; break;
    case kInt32Id:
    case kDateId: bytes = 4; break;
    default: bytes = 8; break;
  }
  return SignExtend(ReadUnsigned(pos_ + 1, bytes), bytes);
}

double VariantRef::GetDouble() const {
  uint64_t bits = ReadUnsigned(pos_ + 1, 8);
  double d;
  std::memcpy(&d, &bits, sizeof(d));
  return d;
}

float VariantRef::GetFloat() const {
  uint32_t bits = static_cast<uint32_t>(ReadUnsigned(pos_ + 1, 4));
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

int128_t VariantRef::GetDecimal(int* scale) const {
  int id = Header() >> 2;
  *scale = static_cast<int>(ReadUnsigned(pos_ + 1, 1));
  if (*scale > LogicalType::kMaxDecimalPrecision) Malformed("decimal scale is above 38");
  int128_t v;
  int precision;
  if (id == kDecimal4Id) {
    v = SignExtend(ReadUnsigned(pos_ + 2, 4), 4);
    precision = 9;
  } else if (id == kDecimal8Id) {
    v = SignExtend(ReadUnsigned(pos_ + 2, 8), 8);
    precision = 18;
  } else {
    uint128_t lo = ReadUnsigned(pos_ + 2, 8), hi = ReadUnsigned(pos_ + 10, 8);
    v = static_cast<int128_t>((hi << 64) | lo);
    precision = 38;
  }
  if (!DecimalFits(v, precision)) Malformed("decimal has more digits than its width allows");
  return v;
}

int128_t VariantRef::GetStrippedDecimal(int* precision, int* scale) const {
  int128_t v = GetDecimal(scale);
  while (*scale > 0 && v % 10 == 0) {
    v /= 10;
    --*scale;
  }
  int digits = 1;
  for (int128_t a = v < 0 ? -v : v; a >= 10; a /= 10) ++digits;
  *precision = std::max(digits, *scale);
  return v;
}

std::string_view VariantRef::GetString() const {
  uint8_t h = Header();
  if ((h & 3) == kShortString) {
    size_t n = h >> 2;
    if (value_.size() - pos_ - 1 < n) Malformed("string is truncated");
    return value_.substr(pos_ + 1, n);
  }
  return GetBinary();
}

std::string_view VariantRef::GetBinary() const {
  uint64_t n = ReadUnsigned(pos_ + 1, 4);
  if (value_.size() - pos_ - 5 < n) Malformed("string or binary is truncated");
  return value_.substr(pos_ + 5, n);
}

std::string_view VariantRef::GetUuid() const {
  if (value_.size() - pos_ - 1 < 16) Malformed("uuid is truncated");
  return value_.substr(pos_ + 1, 16);
}

VariantRef::Container VariantRef::ReadContainer(bool object) const {
  int info = Header() >> 2;
  Container c;
  bool large = object ? (info >> 4) & 1 : (info >> 2) & 1;
  c.id_size = object ? ((info >> 2) & 3) + 1 : 0;
  c.offset_size = (info & 3) + 1;
  c.size = ReadUnsigned(pos_ + 1, large ? 4 : 1);
  c.id_start = pos_ + 1 + (large ? 4 : 1);
  // (sizes are at most 2^32 and bytes at most 4 each: no overflow in 64 bits)
  uint64_t offset_start = c.id_start + uint64_t{c.size} * c.id_size;
  uint64_t data_start = offset_start + (uint64_t{c.size} + 1) * c.offset_size;
  if (data_start > value_.size()) Malformed("object or array header is larger than the value");
  c.offset_start = offset_start;
  c.data_start = data_start;
  return c;
}

size_t VariantRef::ObjectSize() const { return ReadContainer(true).size; }

size_t VariantRef::ArraySize() const { return ReadContainer(false).size; }

std::pair<std::string_view, VariantRef> VariantRef::FieldAt(size_t i) const {
  Container c = ReadContainer(true);
  if (i >= c.size) Malformed("object field index is out of range");
  uint64_t id = ReadUnsigned(c.id_start + i * c.id_size, c.id_size);
  uint64_t offset = ReadUnsigned(c.offset_start + i * c.offset_size, c.offset_size);
  if (offset >= value_.size() - c.data_start) Malformed("object field offset is past the end");
  return {MetadataKey(id), At(c.data_start + offset)};
}

std::optional<VariantRef> VariantRef::FieldByKey(std::string_view key) const {
  Container c = ReadContainer(true);
  // keys are sorted: binary search, as Spark does from 32 fields, in Spark's (Java's UTF-16)
  // order, which is the spec's byte order but for characters above U+FFFF; a linear pass
  // below 32 fields tolerates writers that did not sort small objects
  if (c.size < 32) {
    for (size_t i = 0; i < c.size; ++i) {
      auto field = FieldAt(i);
      if (field.first == key) return field.second;
    }
    return std::nullopt;
  }
  size_t low = 0, high = c.size;
  while (low < high) {
    size_t mid = low + (high - low) / 2;
    auto field = FieldAt(mid);
    int cmp = CompareUtf16Order(field.first, key);
    if (cmp == 0) return field.second;
    if (cmp < 0) low = mid + 1;
    else high = mid;
  }
  return std::nullopt;
}

VariantRef VariantRef::ElementAt(size_t i) const {
  Container c = ReadContainer(false);
  if (i >= c.size) Malformed("array index is out of range");
  uint64_t offset = ReadUnsigned(c.offset_start + i * c.offset_size, c.offset_size);
  if (offset >= value_.size() - c.data_start) Malformed("array element offset is past the end");
  return At(c.data_start + offset);
}

size_t VariantRef::ValueSize() const {
  uint8_t h = Header();
  int basic = h & 3, info = h >> 2;
  size_t size;
  if (basic == kShortString) {
    size = 1 + info;
  } else if (basic == kObjectBasic || basic == kArrayBasic) {
    Container c = ReadContainer(basic == kObjectBasic);
    size = c.data_start - pos_ + ReadUnsigned(c.offset_start + c.size * c.offset_size, c.offset_size);
  } else {
    switch (info) {
      case kNullId:
      case kTrueId:
      case kFalseId: size = 1; break;
      case kInt8Id: size = 2; break;
      case kInt16Id: size = 3; break;
      case kInt32Id:
      case kDateId:
      case kFloatId: size = 5; break;
      case kInt64Id:
      case kDoubleId:
      case kTimestampId:
      case kTimestampNtzId:
      case kTimeId:
      case kTimestampNanosId:
      case kTimestampNtzNanosId: size = 9; break;
      case kDecimal4Id: size = 6; break;
      case kDecimal8Id: size = 10; break;
      case kDecimal16Id: size = 18; break;
      case kUuidId: size = 17; break;
      case kBinaryId:
      case kStringId: size = 5 + ReadUnsigned(pos_ + 1, 4); break;
      default: type(); size = 1;  // throws: unknown type id
    }
  }
  if (size > value_.size() - pos_) Malformed("value is truncated");
  return size;
}

void VariantRef::ValidateKeys() const {
  for (uint64_t id = 0; id < dictionary_size_; ++id) {
    if (!IsValidUtf8(MetadataKey(id))) Malformed("a key is not UTF-8");
  }
}

void VariantRef::Validate(int depth, size_t* budget) const {
  if (depth > kMaxVariantDepth) Malformed("nested deeper than 1000 levels");
  // each value takes a byte at least: more values than bytes means shared bytes
  if (*budget == 0) Malformed("its values share bytes");
  --*budget;
  // each child of an object or array lies within the data its last offset bounds (so a
  // child packed on its own is whole)
  auto within = [&](const VariantRef& child, const Container& c) {
    uint64_t last = ReadUnsigned(c.offset_start + c.size * c.offset_size, c.offset_size);
    if (child.pos_ < c.data_start || child.pos_ - c.data_start + child.ValueSize() > last) {
      Malformed("a value lies outside its object or array");
    }
  };
  switch (type()) {
    case VariantType::kObject: {
      Container c = ReadContainer(true);
      for (size_t i = 0; i < c.size; ++i) {
        VariantRef child = FieldAt(i).second;
        child.Validate(depth + 1, budget);
        within(child, c);
      }
      break;
    }
    case VariantType::kArray: {
      Container c = ReadContainer(false);
      for (size_t i = 0; i < c.size; ++i) {
        VariantRef child = ElementAt(i);
        child.Validate(depth + 1, budget);
        within(child, c);
      }
      break;
    }
    case VariantType::kDecimal: {
      int scale;
      GetDecimal(&scale);
      break;
    }
    case VariantType::kTime: {
      int64_t micros = GetLong();
      if (micros < 0 || micros >= kMicrosPerDay) Malformed("time is out of range");
      break;
    }
    default: break;
  }
  ValueSize();
}

std::string_view VariantRef::ValueBytes() const { return value_.substr(pos_, ValueSize()); }

std::string VariantRef::ToJson(const TimeZone& zone) const {
  std::string out;
  AppendJson(zone, &out);
  return out;
}

void VariantRef::AppendJson(const TimeZone& zone, std::string* out) const { AppendJson(zone, 0, out); }

void VariantRef::AppendJson(const TimeZone& zone, int depth, std::string* out) const {
  if (depth > kMaxVariantDepth) Malformed("nested deeper than 1000 levels");
  switch (type()) {
    case VariantType::kObject: {
      size_t n = ObjectSize();
      out->push_back('{');
      for (size_t i = 0; i < n; ++i) {
        if (i) out->push_back(',');
        auto field = FieldAt(i);
        AppendJsonString(field.first, out);
        out->push_back(':');
        field.second.AppendJson(zone, depth + 1, out);
      }
      out->push_back('}');
      return;
    }
    case VariantType::kArray: {
      size_t n = ArraySize();
      out->push_back('[');
      for (size_t i = 0; i < n; ++i) {
        if (i) out->push_back(',');
        ElementAt(i).AppendJson(zone, depth + 1, out);
      }
      out->push_back(']');
      return;
    }
    case VariantType::kNull: *out += "null"; return;
    case VariantType::kBoolean: *out += GetBoolean() ? "true" : "false"; return;
    case VariantType::kLong: *out += std::to_string(GetLong()); return;
    case VariantType::kString: AppendJsonString(GetString(), out); return;
    // (Spark 4.0 appends a double or float as Java prints it, NaN and Infinity unquoted)
    case VariantType::kDouble: *out += FormatDouble(GetDouble()); return;
    case VariantType::kFloat: *out += FormatFloat(GetFloat()); return;
    case VariantType::kDecimal: {
      // BigDecimal.stripTrailingZeros().toPlainString()
      int precision, scale;
      int128_t unscaled = GetStrippedDecimal(&precision, &scale);
      *out += DecimalToString(unscaled, scale);
      return;
    }
    case VariantType::kDate: AppendQuoted(FormatDate(static_cast<int32_t>(GetLong())), out); return;
    case VariantType::kTimestamp: {
      int64_t micros = GetLong();
      int64_t local = zone.ToLocal(micros);
      out->push_back('"');
      *out += FormatLocalTimestamp(local);
      AppendOffset(local - micros, out);
      out->push_back('"');
      return;
    }
    case VariantType::kTimestampNtz: AppendQuoted(FormatLocalTimestamp(GetLong()), out); return;
    case VariantType::kTimestampNanos: {
      int64_t nanos = GetLong();
      int64_t micros = FloorDiv(nanos, 1000);
      int64_t offset = zone.ToLocal(micros) - micros;
      int64_t local;
      if (__builtin_add_overflow(nanos, offset * 1000, &local)) Malformed("timestamp is out of range");
      out->push_back('"');
      AppendLocalNanos(local, out);
      AppendOffset(offset, out);
      out->push_back('"');
      return;
    }
    case VariantType::kTimestampNtzNanos:
      out->push_back('"');
      AppendLocalNanos(GetLong(), out);
      out->push_back('"');
      return;
    case VariantType::kTime: {
      int64_t micros = GetLong();
      if (micros < 0 || micros >= kMicrosPerDay) Malformed("time is out of range");
      AppendQuoted(FormatTime(micros), out);
      return;
    }
    case VariantType::kBinary: AppendQuoted(Base64Encode(GetBinary()), out); return;
    case VariantType::kUuid: AppendQuoted(UuidToText(GetUuid()), out); return;
  }
}

}  // namespace floe
