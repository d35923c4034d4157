#pragma once

#include "common/value.h"
#include "iceberg/avro/avro_datum.h"
#include "iceberg/type.h"

namespace floe::iceberg::avro {

/// Converts partition values between floe Values and Avro data, following Iceberg's
/// Avro type mapping (date as int, timestamps as long micros, decimal as fixed).
class AvroValueConverter {
 public:
  /// Returns the Avro datum of a value of an Iceberg primitive type (NULL -> null).
  static AvroDatum ToDatum(const Type& type, const Value& value);
  /// Returns the value of a datum written with `schema` (a ["null", X] union or X),
  /// using its logicalType; throws FormatError when the type has no floe mapping.
  static Value FromDatum(const AvroSchema& schema, const AvroDatum& datum);
  /// Returns a long of `schema` (non-null) as the value its logical type says: a time,
  /// a timestamp in micros or nanos (adjusted to UTC or not), else a bigint.
  static Value FromLong(const AvroSchema& schema, int64_t v);
  /// Returns the bytes a fixed holding a decimal of this precision needs.
  static int DecimalRequiredBytes(int precision);
  /// Returns the Iceberg type an Avro partition field schema stands for.
  static TypePtr IcebergType(const AvroSchema& schema);
};

}  // namespace floe::iceberg::avro
