#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "common/types.h"

namespace floe {

class TimeZone;

/// The value types of a Variant: the equivalence classes of the Parquet Variant spec, named
/// as Spark's VariantUtil.Type names them (every integer width is kLong, both string
/// encodings kString, every decimal width kDecimal), plus the spec's time and nanosecond
/// timestamps.
enum class VariantType : uint8_t {
  kObject,
  kArray,
  kNull,  // the variant null, not SQL NULL
  kBoolean,
  kLong,
  kString,
  kDouble,
  kDecimal,
  kDate,
  kTimestamp,     // micros, an instant
  kTimestampNtz,  // micros, wall clock
  kFloat,
  kBinary,
  kUuid,
  kTime,               // micros since midnight
  kTimestampNanos,     // nanos, an instant
  kTimestampNtzNanos,  // nanos, wall clock
};

/// Returns the type's name as Spark's schema_of_variant spells it ("BIGINT", "OBJECT"...).
const char* VariantTypeName(VariantType type);

/// The most bytes a variant's metadata or value may take (Spark's SIZE_LIMIT, 16 MiB).
constexpr size_t kVariantSizeLimit = size_t{1} << 24;
/// The deepest nesting of arrays and objects a variant is read to.
constexpr int kMaxVariantDepth = 1000;

/// Returns a variant as a vector holds it in one string slot: its metadata's size (4 bytes,
/// little-endian), the metadata, then the value.
std::string PackVariant(std::string_view metadata, std::string_view value);

/// A Variant value (Parquet VariantEncoding.md): the metadata that holds the dictionary of
/// object keys, and a value starting at some position of the value bytes (an element of an
/// array or object is its parent's bytes at another position). Every read is checked
/// against the bytes: a malformed encoding throws FormatError, never reads past them.
class VariantRef {
 public:
  /// Returns the variant of a packed slot (PackVariant).
  static VariantRef Unpack(std::string_view packed);
  /// Takes the metadata and value as stored; checks the metadata's version and sizes.
  VariantRef(std::string_view metadata, std::string_view value);

  VariantType type() const;

  bool GetBoolean() const;
  /// Returns an integer (kLong), a date's days, a timestamp's micros or nanos, a time's micros.
  int64_t GetLong() const;
  double GetDouble() const;
  float GetFloat() const;
  /// Returns a decimal's unscaled value; *scale receives its scale (as stored).
  int128_t GetDecimal(int* scale) const;
  /// Returns a decimal with the trailing zeros of its fraction stripped (Spark's
  /// VariantUtil.getDecimal): *scale its scale, *precision the digits that hold it.
  int128_t GetStrippedDecimal(int* precision, int* scale) const;
  std::string_view GetString() const;
  std::string_view GetBinary() const;
  /// Returns a uuid's 16 bytes, big-endian.
  std::string_view GetUuid() const;

  /// Returns an object's number of fields.
  size_t ObjectSize() const;
  /// Returns an object's field named `key` (case-sensitive), or nothing.
  std::optional<VariantRef> FieldByKey(std::string_view key) const;
  /// Returns an object's field i: its key and value, in key order.
  std::pair<std::string_view, VariantRef> FieldAt(size_t i) const;
  /// Returns an array's number of elements.
  size_t ArraySize() const;
  /// Returns an array's element i.
  VariantRef ElementAt(size_t i) const;

  /// Reads the whole value, every nested one and every key; throws FormatError where it is
  /// malformed (so a value read from a file is known good before it is used), and where
  /// elements share bytes (more values than bytes: a few bytes could otherwise stand for
  /// exponentially many values).
  void Validate() const {
    ValidateKeys();
    size_t budget = value_.size() - pos_;
    Validate(0, &budget);
  }

  std::string_view metadata() const { return metadata_; }
  /// Returns the bytes of this value alone (an element's own, not its parent's).
  std::string_view ValueBytes() const;
  /// Returns this value packed with the whole metadata, a variant of its own.
  std::string Pack() const { return PackVariant(metadata_, ValueBytes()); }

  /// Appends the value as Spark's Variant.toJson writes it: object keys in their (sorted)
  /// order, decimals plain with trailing zeros stripped, doubles as Java prints them, dates
  /// and timestamps quoted (an instant in `zone`, with its +HH:MM offset), binary in base64.
  void AppendJson(const TimeZone& zone, std::string* out) const;
  std::string ToJson(const TimeZone& zone) const;

 private:
  // An element of this value's bytes, at `pos`.
  VariantRef At(size_t pos) const {
    VariantRef r = *this;
    r.pos_ = pos;
    return r;
  }

  struct Container {
    size_t size;
    int id_size;  // 0 for an array
    int offset_size;
    size_t id_start;
    size_t offset_start;
    size_t data_start;
  };
  uint8_t Header() const;
  Container ReadContainer(bool object) const;
  uint64_t ReadUnsigned(size_t at, int bytes) const;
  std::string_view MetadataKey(uint64_t id) const;
  size_t ValueSize() const;
  void AppendJson(const TimeZone& zone, int depth, std::string* out) const;
  void Validate(int depth, size_t* budget) const;
  // Every dictionary key must be UTF-8 (the spec; keys order objects, compared as text).
  void ValidateKeys() const;

  std::string_view metadata_;
  std::string_view value_;
  size_t pos_ = 0;
  // from the metadata header
  int dictionary_offset_size_ = 1;
  uint64_t dictionary_size_ = 0;
};

}  // namespace floe
