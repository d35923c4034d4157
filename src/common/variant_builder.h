#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/exception.h"
#include "common/types.h"

namespace floe {

class VariantRef;

/// A repeated key in an object being built (Spark's VARIANT_DUPLICATE_KEY).
class VariantDuplicateKeyError : public InvalidInputError {
 public:
  using InvalidInputError::InvalidInputError;
};

/// Builds one Variant value and its metadata, as Spark's VariantBuilder does: integers in
/// the narrowest width, decimals in the narrowest of decimal4/8/16 their precision and scale
/// fit, short strings below 64 bytes, object keys in a dictionary in order of first use,
/// each object's fields sorted by key, and offsets and ids in the fewest bytes that hold them.
/// Containers are built inside out: append the elements, then Finish* with where they began.
class VariantBuilder {
 public:
  /// An object's field while its object is built: the key's dictionary id and where the
  /// field's value starts (Position() before it was appended).
  struct Field {
    uint32_t id;
    size_t offset;
  };

  void AppendNull();
  void AppendBoolean(bool v);
  void AppendLong(int64_t v);
  void AppendDouble(double v);
  void AppendFloat(float v);
  /// Appends a decimal (at most 38 digits and a scale of at most 38).
  void AppendDecimal(int128_t unscaled, int scale);
  void AppendString(std::string_view v);
  void AppendBinary(std::string_view v);
  void AppendDate(int32_t days);
  void AppendTimestamp(int64_t micros);
  void AppendTimestampNtz(int64_t micros);
  void AppendTimestampNanos(int64_t nanos);
  void AppendTimestampNtzNanos(int64_t nanos);
  /// A time of day in microseconds since midnight.
  void AppendTime(int64_t micros);
  /// A uuid's 16 bytes, big-endian (shorter input is padded with zeros: callers pass 16).
  void AppendUuid(std::string_view bytes);
  /// Appends a variant read elsewhere, its object keys moved into this builder's dictionary.
  void AppendVariant(const VariantRef& v);

  /// Returns the position the next value is written at.
  size_t Position() const { return value_.size(); }
  /// Returns the field of a key (its dictionary id, added when new) whose value starts at
  /// `offset`; a key that is not UTF-8 has its ill-formed bytes replaced (U+FFFD).
  Field AddKey(std::string_view key, size_t offset);
  /// Turns the values written from `start` into an object of `fields` (in any order: they
  /// are sorted here). Throws VariantDuplicateKeyError naming a repeated key.
  void FinishObject(size_t start, std::vector<Field> fields);
  /// Turns the values written from `start`, starting at `offsets`, into an array.
  void FinishArray(size_t start, const std::vector<size_t>& offsets);

  /// Returns the built variant packed (PackVariant); throws InvalidInputError when its
  /// value or metadata is over 16 MiB (Spark's VARIANT_SIZE_LIMIT).
  std::string Finish();

 private:
  void AppendPrimitive(int type_id, uint64_t bits, int bytes);

  std::string value_;
  std::vector<std::string> keys_;
  std::unordered_map<std::string, uint32_t> key_ids_;
};

}  // namespace floe
