#include "common/types.h"

#include "common/ascii_case.h"
#include "common/exception.h"
#include "common/string_ref.h"

namespace floe {

LogicalType LogicalType::Decimal(int precision, int scale) {
  if (precision < 1 || precision > kMaxDecimalPrecision) {
    throw InvalidInputError("decimal precision " + std::to_string(precision) +
                            " is out of range [1, 38]");
  }
  if (scale < 0 || scale > precision) {
    throw InvalidInputError("decimal scale " + std::to_string(scale) +
                            " is out of range [0, " + std::to_string(precision) + "]");
  }
  LogicalType type(TypeId::kDecimal);
  type.precision_ = static_cast<uint8_t>(precision);
  type.scale_ = static_cast<uint8_t>(scale);
  return type;
}

LogicalType LogicalType::Struct(std::vector<StructField> fields) {
  LogicalType type(TypeId::kStruct);
  type.children_ = std::make_shared<const std::vector<StructField>>(std::move(fields));
  return type;
}

LogicalType LogicalType::List(LogicalType element) {
  LogicalType type(TypeId::kList);
  type.children_ = std::make_shared<const std::vector<StructField>>(
      std::vector<StructField>{{"element", std::move(element)}});
  return type;
}

LogicalType LogicalType::Map(LogicalType key, LogicalType value) {
  LogicalType type(TypeId::kMap);
  type.children_ = std::make_shared<const std::vector<StructField>>(
      std::vector<StructField>{{"key", std::move(key)}, {"value", std::move(value)}});
  return type;
}

const std::vector<StructField>& LogicalType::fields() const {
  static const std::vector<StructField> kNone;
  return children_ ? *children_ : kNone;
}

bool LogicalType::operator==(const LogicalType& other) const {
  if (id_ != other.id_ || precision_ != other.precision_ || scale_ != other.scale_) return false;
  if (children_ == other.children_) return true;
  const auto& a = fields();
  const auto& b = other.fields();
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].second != b[i].second) return false;
    if (id_ == TypeId::kStruct && !EqualsIgnoreCase(a[i].first, b[i].first)) return false;
  }
  return true;
}

std::string LogicalType::ToString() const {
  switch (id_) {
    case TypeId::kStruct: {
      std::string out = "struct<";
      for (size_t i = 0; i < fields().size(); ++i) {
        if (i) out += ",";
        out += fields()[i].first + ":" + fields()[i].second.ToString();
      }
      return out + ">";
    }
    case TypeId::kList: return "array<" + element().ToString() + ">";
    case TypeId::kMap: return "map<" + key().ToString() + "," + value().ToString() + ">";
    case TypeId::kNull: return "void";
    case TypeId::kBoolean: return "boolean";
    case TypeId::kInt8: return "tinyint";
    case TypeId::kInt16: return "smallint";
    case TypeId::kInt32: return "int";
    case TypeId::kInt64: return "bigint";
    case TypeId::kFloat: return "float";
    case TypeId::kDouble: return "double";
    case TypeId::kDecimal:
      return "decimal(" + std::to_string(precision_) + "," + std::to_string(scale_) + ")";
    case TypeId::kString: return "string";
    case TypeId::kBinary: return "binary";
    case TypeId::kDate: return "date";
    case TypeId::kTimestamp: return "timestamp";
    case TypeId::kTimestampNtz: return "timestamp_ntz";
    case TypeId::kInterval: return "interval";
    case TypeId::kTime: return "time";
    case TypeId::kVariant: return "variant";
    case TypeId::kTimestampNs: return "timestamp_ltz_ns";
    case TypeId::kTimestampNtzNs: return "timestamp_ntz_ns";
  }
  return "unknown";
}

char LogicalType::TestTypeLetter() const {
  switch (id_) {
    case TypeId::kBoolean:
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64: return 'I';
    case TypeId::kFloat:
    case TypeId::kDouble:
    case TypeId::kDecimal: return 'R';
    default: return 'T';
  }
}

bool LogicalType::IsNumeric() const {
  switch (id_) {
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kFloat:
    case TypeId::kDouble:
    case TypeId::kDecimal: return true;
    default: return false;
  }
}

size_t PhysicalSize(TypeId id) {
  switch (id) {
    case TypeId::kNull:
    case TypeId::kBoolean:
    case TypeId::kInt8: return 1;
    case TypeId::kInt16: return 2;
    case TypeId::kInt32:
    case TypeId::kDate:
    case TypeId::kFloat: return 4;
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
    case TypeId::kTime:
    case TypeId::kDouble: return 8;
    case TypeId::kDecimal: return 16;
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant: return sizeof(StringRef);
    case TypeId::kInterval: return sizeof(Interval);
    case TypeId::kStruct: return 0;
    case TypeId::kList:
    case TypeId::kMap: return sizeof(ListEntry);
  }
  return 8;
}

bool ParseTypeName(const std::string& raw, int precision, int scale, bool has_params,
                   LogicalType* out) {
  std::string name = ToLower(raw);
  if (name == "decimal" || name == "numeric" || name == "dec") {
    *out = has_params ? LogicalType::Decimal(precision, scale) : LogicalType::Decimal(10, 0);
    return true;
  }
  if (has_params) {
    // VARCHAR(n) and CHAR(n) are strings whatever their length, as in Spark's readers.
    if (name == "varchar" || name == "char") {
      *out = TypeId::kString;
      return true;
    }
    return false;
  }
  static const struct {
    const char* name;
    TypeId id;
  } kNames[] = {
      {"boolean", TypeId::kBoolean},     {"bool", TypeId::kBoolean},
      {"int", TypeId::kInt32},           {"integer", TypeId::kInt32},
      {"tinyint", TypeId::kInt8},        {"smallint", TypeId::kInt16},
      {"byte", TypeId::kInt8},           {"short", TypeId::kInt16},
      {"bigint", TypeId::kInt64},        {"long", TypeId::kInt64},
      {"float", TypeId::kFloat},         {"real", TypeId::kFloat},
      {"double", TypeId::kDouble},       {"string", TypeId::kString},
      {"varchar", TypeId::kString},      {"text", TypeId::kString},
      {"char", TypeId::kString},         {"binary", TypeId::kBinary},
      {"date", TypeId::kDate},           {"timestamp", TypeId::kTimestamp},
      {"timestamp_ltz", TypeId::kTimestamp}, {"timestamptz", TypeId::kTimestamp},
      {"timestamp_ntz", TypeId::kTimestampNtz}, {"interval", TypeId::kInterval},
      // Nanosecond timestamps. No bare "timestamp_ns": Iceberg and DuckDB mean a wall clock
      // by it, while floe's (Spark's) "timestamp" is an instant, so neither reading is safe.
      {"timestamp_ltz_ns", TypeId::kTimestampNs}, {"timestamptz_ns", TypeId::kTimestampNs},
      {"timestamp_ntz_ns", TypeId::kTimestampNtzNs},
      {"time", TypeId::kTime},
      {"void", TypeId::kNull},           {"variant", TypeId::kVariant},
  };
  for (const auto& entry : kNames) {
    if (name == entry.name) {
      *out = entry.id;
      return true;
    }
  }
  return false;
}

LogicalType DecimalForInteger(TypeId id) {
  switch (id) {
    case TypeId::kInt8: return LogicalType::Decimal(3, 0);
    case TypeId::kInt16: return LogicalType::Decimal(5, 0);
    case TypeId::kInt32: return LogicalType::Decimal(10, 0);
    default: return LogicalType::Decimal(20, 0);
  }
}

void IntegerRange(TypeId id, int64_t* min, int64_t* max) {
  switch (id) {
    case TypeId::kInt8: *min = INT8_MIN, *max = INT8_MAX; return;
    case TypeId::kInt16: *min = INT16_MIN, *max = INT16_MAX; return;
    case TypeId::kInt32: *min = INT32_MIN, *max = INT32_MAX; return;
    default: *min = INT64_MIN, *max = INT64_MAX; return;
  }
}

}  // namespace floe
