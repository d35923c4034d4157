#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"
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

struct ParquetNode;

/// One top-level column of a Parquet file as floe sees it (or one leaf of a nested one).
struct ParquetColumn {
  std::string name;
  /// The Iceberg field id, or -1 when the file has none.
  int field_id = -1;
  /// The floe type values are decoded to.
  LogicalType type;
  bool optional = true;
  /// Why floe cannot read the column (struct/list/map, too wide a decimal); empty if it can.
  std::string unsupported;
  /// Index of the column's leaf chunk in each row group (first leaf when nested).
  int leaf_index = 0;
  parquet::PhysicalType physical_type = parquet::PhysicalType::kInt32;
  int type_length = 0;
  ParquetConversion conversion = ParquetConversion::kNone;
  /// An unsigned integer (INT(n, false) or a UINT_n converted type), read widened.
  bool is_unsigned = false;
  /// Annotated UUID (FIXED_LEN_BYTE_ARRAY(16)): binary, or its text when read for an Iceberg uuid.
  bool is_uuid = false;
  /// True when min_value/max_value statistics may prune (false for INT96).
  bool stats_usable = true;
  /// True when the deprecated signed-order min/max statistics may prune too.
  bool legacy_stats_usable = false;
  /// A struct, list or map column: its tree (null for a flat column).
  std::shared_ptr<const ParquetNode> nested;
  /// A leaf of a nested column: its greatest definition and repetition levels (-1: flat).
  int max_def = -1;
  int max_rep = 0;
};

/// A node of a nested column with the levels of its values in the Dremel encoding. Each
/// node fills one vector: a leaf's values, a struct's fields, a list's or map's entries.
/// An entry (one level pair of a leaf below the node) starts a new value of the node when
/// its repetition level is at most `slot_rep` and its definition level at least
/// `slot_def` (the levels at which the node's parent holds it).
struct ParquetNode {
  enum class Kind : uint8_t {
    kLeaf,
    kStruct,
    kList,
    kMap,
    kMissing,  // a field the file lacks, read as NULL (an Iceberg projection adds these)
    kVariant,  // a Variant group: its metadata and value leaves, packed into one value
    // a shredded Variant group (VariantShredding.md): children[0] is the group itself read as
    // a struct of metadata, value and typed_value, from which each row's variant is rebuilt
    kShreddedVariant,
  };
  Kind kind = Kind::kLeaf;
  std::string name;
  int field_id = -1;
  LogicalType type;
  /// The definition level from which the value is present, not NULL.
  int def_level = 0;
  int slot_def = 0;
  int slot_rep = 0;
  /// A list or map: the definition level from which it has elements, and the repetition
  /// level of its elements' entries after the first.
  int element_def = 0;
  int element_rep = 0;
  /// A struct's fields, a list's element, a map's key and value.
  std::vector<ParquetNode> children;
  /// A leaf: the leaf column (its leaf_index is the chunk to read).
  ParquetColumn leaf;
  /// A missing field's value in every row its parent holds (an Iceberg initial-default;
  /// unset: NULL).
  std::optional<Value> default_value;
  /// Returns the first leaf below the node (itself for a leaf); null for kMissing.
  const ParquetNode* FirstLeaf() const;
};

/// Returns the group `group` read as a Variant (Parquet VariantEncoding.md: binary fields
/// `metadata` and `value`, in either order, whatever their annotation; shredded when it has
/// a `typed_value`, VariantShredding.md, whose shape is checked here); throws FormatError
/// when it is not one.
ParquetNode VariantNode(const ParquetNode& group);

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
