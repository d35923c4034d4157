#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace floe {

/// Identifies a SQL type. The physical layout of each is in PhysicalSize().
enum class TypeId : uint8_t {
  kNull,          // the type of a bare NULL literal; coerces to anything
  kBoolean,       // uint8_t, 0 or 1
  kInt8,          // int8_t   (SQL TINYINT)
  kInt16,         // int16_t  (SQL SMALLINT)
  kInt32,         // int32_t  (SQL INT)
  kInt64,         // int64_t  (SQL BIGINT)
  kFloat,         // float
  kDouble,        // double
  kDecimal,       // __int128, unscaled; precision and scale in the LogicalType
  kString,        // StringRef into a StringHeap
  kBinary,        // StringRef into a StringHeap
  kDate,          // int32_t days since 1970-01-01
  kTimestamp,     // int64_t microseconds since the epoch, an instant (shown in the session zone)
  kTimestampNtz,  // int64_t microseconds since 1970-01-01 00:00:00, wall-clock, no zone
  kInterval,      // Interval {months, days, micros}
  kTime,          // int64_t microseconds since midnight, a time of day (Iceberg's time)
  kStruct,        // no values of its own: one child vector per field, row for row
  kList,          // ListEntry per row into one child vector of elements
  kMap,           // ListEntry per row into two child vectors: keys and values
  kVariant,       // StringRef of a packed Variant (common/variant.h): metadata and value
  kTimestampNs,     // int64_t nanoseconds since the epoch, an instant (Iceberg's timestamptz_ns)
  kTimestampNtzNs,  // int64_t nanoseconds since 1970-01-01 00:00:00, wall-clock (timestamp_ns)
};

/// Where a list's (or map's) elements are in its child vector(s).
struct ListEntry {
  uint64_t offset = 0;
  uint64_t length = 0;
};

using int128_t = __int128;
using uint128_t = unsigned __int128;

/// A calendar interval as in Spark: months, days and microseconds kept apart.
struct Interval {
  int32_t months = 0;
  int32_t days = 0;
  int64_t micros = 0;
  bool operator==(const Interval&) const = default;
};

class LogicalType;
/// A field of a struct type: its name and type.
using StructField = std::pair<std::string, LogicalType>;

/// A SQL type: an id, precision and scale for DECIMAL, and the children of the nested
/// types (struct fields; a list's element; a map's key and value).
class LogicalType {
 public:
  static constexpr int kMaxDecimalPrecision = 38;

  LogicalType() = default;
  LogicalType(TypeId id) : id_(id) {}  // NOLINT: implicit on purpose, types read like ids
  static LogicalType Decimal(int precision, int scale);
  /// STRUCT<name: type, ...>; field names are kept as given.
  static LogicalType Struct(std::vector<StructField> fields);
  /// ARRAY<element>.
  static LogicalType List(LogicalType element);
  /// MAP<key, value>.
  static LogicalType Map(LogicalType key, LogicalType value);

  TypeId id() const { return id_; }
  int precision() const { return precision_; }
  int scale() const { return scale_; }

  /// Returns the SQL name as Spark prints it ("int", "bigint", "decimal(10,2)", ...).
  std::string ToString() const;
  /// Returns the name as the SQL logic test column letter: I integer, R real, T text...
  char TestTypeLetter() const;

  bool IsNumeric() const;
  bool IsInteger() const {
    return id_ == TypeId::kInt8 || id_ == TypeId::kInt16 || id_ == TypeId::kInt32 ||
           id_ == TypeId::kInt64;
  }
  bool IsFloating() const { return id_ == TypeId::kFloat || id_ == TypeId::kDouble; }
  bool IsStringLike() const { return id_ == TypeId::kString || id_ == TypeId::kBinary; }
  /// Returns true when a vector of the type holds StringRefs into string heaps (strings,
  /// binaries and packed variants).
  bool HasStringStorage() const { return IsStringLike() || id_ == TypeId::kVariant; }
  bool IsTemporal() const {
    return id_ == TypeId::kDate || id_ == TypeId::kTimestamp || id_ == TypeId::kTimestampNtz ||
           IsNanosTimestamp();
  }
  /// Returns true for the nanosecond timestamps (Iceberg v3's timestamp_ns and
  /// timestamptz_ns), which hold 1677-09-21 to 2262-04-11 only.
  bool IsNanosTimestamp() const { return id_ == TypeId::kTimestampNs || id_ == TypeId::kTimestampNtzNs; }
  /// Returns true for the timestamps that are instants (shown in the session zone).
  bool IsInstant() const { return id_ == TypeId::kTimestamp || id_ == TypeId::kTimestampNs; }
  bool IsNested() const { return id_ == TypeId::kStruct || id_ == TypeId::kList || id_ == TypeId::kMap; }
  /// Returns false when values of the type cannot be compared: it is or holds a map or a
  /// variant (Spark's isOrderable).
  bool IsOrderable() const {
    return !Contains([](const LogicalType& t) { return t.id() == TypeId::kMap || t.id() == TypeId::kVariant; });
  }

  /// Returns a struct's fields (empty for other types).
  const std::vector<StructField>& fields() const;
  /// Returns a list's element type.
  const LogicalType& element() const { return fields()[0].second; }
  /// Returns a map's key type.
  const LogicalType& key() const { return fields()[0].second; }
  /// Returns a map's value type.
  const LogicalType& value() const { return fields()[1].second; }
  /// Returns true when the type is or holds a type for which `pred` holds.
  template <typename Pred>
  bool Contains(Pred pred) const {
    if (pred(*this)) return true;
    for (const auto& f : fields()) {
      if (f.second.Contains(pred)) return true;
    }
    return false;
  }

  bool operator==(const LogicalType& other) const;
  bool operator!=(const LogicalType& other) const { return !(*this == other); }

 private:
  TypeId id_ = TypeId::kNull;
  uint8_t precision_ = 0;
  uint8_t scale_ = 0;
  // why: shared and immutable, so copying a type stays cheap (types are copied freely)
  std::shared_ptr<const std::vector<StructField>> children_;
};

/// Returns the bytes one value of the type takes in a vector.
size_t PhysicalSize(TypeId id);

/// Parses a SQL type name ("INT", "bigint", "DECIMAL(10,2)", "timestamp_ntz", ...);
/// returns false when the name is not a type.
bool ParseTypeName(const std::string& name, int precision, int scale, bool has_params,
                   LogicalType* out);

/// Returns the smallest decimal type holding every value of an integer type (Spark's
/// ByteDecimal (3,0), ShortDecimal (5,0), IntDecimal (10,0) and LongDecimal (20,0)).
LogicalType DecimalForInteger(TypeId id);

/// Returns the least and greatest value of an integer type (tinyint to bigint).
void IntegerRange(TypeId id, int64_t* min, int64_t* max);

}  // namespace floe
