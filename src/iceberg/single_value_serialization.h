#pragma once

#include <string>
#include <string_view>

#include "common/value.h"
#include "iceberg/type.h"

namespace floe::iceberg {

/// The spec's binary single-value serialization (appendix D), used for column lower and
/// upper bounds and for partition summary bounds.
class SingleValueSerialization {
 public:
  /// Returns the bytes of a non-NULL value of a primitive type: little-endian ints, longs,
  /// floats and doubles; minimal big-endian two's complement for decimals; UTF-8 for
  /// strings; 16 big-endian bytes for uuids; the bytes themselves for fixed and binary.
  static std::string ToBytes(const Type& type, const Value& value);
  /// Returns the value encoded by bytes; a 4-byte int for a long column or a 4-byte float
  /// for a double column (written before a type promotion) is widened. Throws FormatError
  /// when the length does not fit the type.
  static Value FromBytes(const Type& type, std::string_view bytes);
};

}  // namespace floe::iceberg
