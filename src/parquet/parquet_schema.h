#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/types.h"
#include "parquet/parquet_metadata.h"

namespace floe {

/// How stored physical values become a floe vector's values.
enum class ParquetConversion : uint8_t {
  kNone,            // same bytes (bool, int32, int64, float, double, strings)
  kUint32ToInt64,   // UINT_32 widened
  kInt32ToInt128,   // DECIMAL stored as INT32
  kInt64ToInt128,   // DECIMAL stored as INT64
  kUint64ToInt128,  // UINT_64 widened to DECIMAL(20,0)
  kBytesToInt128,   // DECIMAL stored as big-endian two's complement bytes
  kMillisToMicros,  // TIMESTAMP(MILLIS) as INT64
  kNanosToMicros,   // TIMESTAMP(NANOS) as INT64
  kInt96ToMicros,   // legacy INT96 (Julian day + nanoseconds of day)
  kTimeMillisToMicros,  // TIME(MILLIS) as INT32 -> int64 microseconds of the day
  kInt32ToInt64,        // INT read as BIGINT (Iceberg type promotion)
  kFloatToDouble,       // FLOAT read as DOUBLE (Iceberg type promotion)
  kInt32ToInt8,         // INT32 annotated INT(8): tinyint
  kInt32ToInt16,        // INT32 annotated INT(16) or UINT(8): smallint
  kUuidToString,        // 16 bytes (Iceberg uuid) read as their text form, as Spark reads a uuid
};

/// One top-level column of a Parquet file as floe sees it.
struct ParquetColumn {
  std::string name;
  /// The Iceberg field id, or -1 when the file has none.
  int field_id = -1;
  /// The floe type values are decoded to (kNull for nested columns).
  LogicalType type;
  bool optional = true;
  /// Why floe cannot read the column (struct/list/map, too wide a decimal); empty if it can.
  std::string unsupported;
  /// Index of the column's leaf chunk in each row group (first leaf when nested).
  int leaf_index = 0;
  parquet::PhysicalType physical_type = parquet::PhysicalType::kInt32;
  int type_length = 0;
  ParquetConversion conversion = ParquetConversion::kNone;
  /// True when min_value/max_value statistics may prune (false for INT96).
  bool stats_usable = true;
  /// True when the deprecated signed-order min/max statistics may prune too.
  bool legacy_stats_usable = false;
};

/// Maps a Parquet schema (a flattened tree of SchemaElements) to floe columns.
class ParquetSchema {
 public:
  /// Builds the columns from the footer's schema; throws FormatError when malformed.
  static std::vector<ParquetColumn> FromElements(const std::vector<parquet::SchemaElement>& schema);

  /// Returns the SchemaElement floe writes for a column of the given type.
  static parquet::SchemaElement ToElement(const std::string& name, int field_id,
                                          const LogicalType& type, bool optional);
  /// Returns the column read as `type` instead, for Iceberg's type promotions (int to
  /// bigint, float to double, decimal to a wider precision of the same scale); throws
  /// InvalidInputError for any other change.
  static ParquetColumn Promote(const ParquetColumn& column, const LogicalType& type);

  /// Returns the physical type floe writes for a type; sets *type_length for FLBA.
  static parquet::PhysicalType PhysicalTypeFor(const LogicalType& type, int* type_length);
};

}  // namespace floe
