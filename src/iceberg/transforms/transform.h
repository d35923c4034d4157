#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "common/value.h"
#include "common/vector.h"
#include "iceberg/type.h"

namespace floe::iceberg {

/// Names a partition transform of the spec.
enum class TransformKind : uint8_t {
  kIdentity,
  kYear,
  kMonth,
  kDay,
  kHour,
  kBucket,
  kTruncate,
  kVoid,
};

/// A partition transform (spec "Partition Transforms"): maps a source value to a
/// partition value. Values use floe's representation of the Iceberg type (see
/// Type::ToLogicalType); a NULL input gives a NULL output.
class Transform {
 public:
  Transform() = default;
  static Transform Identity() { return Transform(TransformKind::kIdentity, 0); }
  static Transform Year() { return Transform(TransformKind::kYear, 0); }
  static Transform Month() { return Transform(TransformKind::kMonth, 0); }
  static Transform Day() { return Transform(TransformKind::kDay, 0); }
  static Transform Hour() { return Transform(TransformKind::kHour, 0); }
  /// Hash of value, mod `num_buckets`.
  static Transform Bucket(int num_buckets);
  /// Value truncated to `width` (ints: floor to a multiple; strings: code points).
  static Transform Truncate(int width);
  static Transform Void() { return Transform(TransformKind::kVoid, 0); }

  /// Parses the spec's form: "identity", "year", "bucket[16]", "truncate[4]", "void".
  /// Throws InvalidInputError naming the text when it is not a transform.
  static Transform FromString(std::string_view text);
  /// Parses a Spark SQL transform function name and its numeric argument, if any:
  /// ("days"|"day"), ("bucket", 16), ("truncate", 4), ("identity").
  static Transform FromSparkFunction(std::string_view name, std::optional<int64_t> argument);
  /// Parses a Spark PARTITIONED BY item ("bucket(16, id)", "days(ts)", "ts") and sets
  /// *column to the source column name.
  static Transform ParseSparkExpression(std::string_view text, std::string* column);

  TransformKind kind() const { return kind_; }
  /// Returns N for bucket[N], W for truncate[W], 0 otherwise.
  int param() const { return param_; }
  bool IsIdentity() const { return kind_ == TransformKind::kIdentity; }
  bool IsVoid() const { return kind_ == TransformKind::kVoid; }
  /// Returns the spec's form ("bucket[16]").
  std::string ToString() const;
  /// Returns the suffix Spark and Java add to a default partition field name ("day", "bucket").
  std::string DefaultNameSuffix() const;

  /// Returns true when the transform accepts a source column of this type.
  bool CanTransform(const Type& source) const;
  /// Throws InvalidInputError ("cannot partition column flag of type boolean by bucket[16]")
  /// when CanTransform is false.
  void CheckCanTransform(const Type& source, const std::string& column) const;
  /// Returns the partition value type for a source type (day -> date, bucket -> int, ...).
  TypePtr ResultType(const TypePtr& source) const;
  /// Returns true when the transform preserves ordering (all but bucket and void).
  bool PreservesOrder() const;

  /// Applies the transform to one value.
  Value Apply(const Value& value) const;
  /// Applies the transform to rows [0, count) of `input`; `out` must have ResultType's
  /// logical type and room for `count` rows.
  void Apply(const Vector& input, size_t count, Vector* out) const;

  /// Returns the human-readable partition value (Java's toHumanString): "2026-01-15" for
  /// a day, "2026-01-15-10" for an hour, "null" for NULL. `source` is the source type.
  std::string ToHumanString(const Type& source, const Value& value) const;

  bool operator==(const Transform& other) const = default;

 private:
  Transform(TransformKind kind, int param) : kind_(kind), param_(param) {}

  TransformKind kind_ = TransformKind::kIdentity;
  int param_ = 0;
};

/// Returns a value of a primitive type as Java's Iceberg prints it: dates "2017-11-16",
/// timestamps "2017-11-16T22:31:08" (timestamptz with "Z"), binary as base64.
std::string HumanValueString(const Type& type, const Value& value);

}  // namespace floe::iceberg
