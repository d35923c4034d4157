#include "optimizer/statistics/plan_statistics.h"

#include <cmath>
#include <cstdio>

namespace floe {

double SparkDefaultSize(const LogicalType& type) {
  switch (type.id()) {
    case TypeId::kNull:
    case TypeId::kBoolean:
    case TypeId::kInt8: return 1;
    case TypeId::kInt16: return 2;
    case TypeId::kInt32:
    case TypeId::kFloat:
    case TypeId::kDate: return 4;
    case TypeId::kDecimal: return type.precision() <= 18 ? 8 : 16;
    case TypeId::kString: return 20;
    case TypeId::kBinary: return 100;
    case TypeId::kVariant: return 2048;
    case TypeId::kInterval: return 16;
    case TypeId::kStruct:
    case TypeId::kMap: {
      double sum = 0;
      for (const auto& f : type.fields()) sum += SparkDefaultSize(f.second);
      return sum;
    }
    case TypeId::kList: return SparkDefaultSize(type.element());
    default: return 8;  // BIGINT, DOUBLE, timestamps, TIME
  }
}

bool HasNumericInterval(const LogicalType& type) {
  return type.IsNumeric() || type.id() == TypeId::kBoolean || type.id() == TypeId::kDate ||
         type.id() == TypeId::kTimestamp || type.id() == TypeId::kTimestampNtz;
}

std::optional<double> SparkStatDouble(const Value& value) {
  if (value.is_null()) return std::nullopt;
  switch (value.type().id()) {
    case TypeId::kBoolean: return value.boolean() ? 1.0 : 0.0;
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kDate:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz: return static_cast<double>(value.int64());
    case TypeId::kFloat:
    case TypeId::kDouble: return value.float64();
    case TypeId::kDecimal: return static_cast<double>(value.decimal()) / std::pow(10.0, value.type().scale());
    default: return std::nullopt;
  }
}

double SparkOutputSize(const std::vector<LogicalType>& types, double rows,
                       const std::vector<std::optional<ColumnStat>>& columns) {
  if (!(rows > 0)) return 1;
  double row = 8;
  for (size_t i = 0; i < types.size(); ++i) {
    const std::optional<ColumnStat>& stat = i < columns.size() ? columns[i] : std::nullopt;
    if (stat && stat->avg_len) {
      row += *stat->avg_len + (types[i].id() == TypeId::kString ? 12 : 0);  // UTF8String: base + offset + numBytes
    } else {
      row += SparkDefaultSize(types[i]);
    }
  }
  return rows * row;
}

std::optional<double> UpdateStat(double old_rows, double new_rows, std::optional<double> old_stat,
                                 std::optional<double> updated_stat) {
  if (old_stat && updated_stat && *updated_stat > 1 && new_rows < old_rows) {
    return std::ceil(*old_stat * new_rows / old_rows);
  }
  return updated_stat;
}

std::string SparkRowCountText(double rows) {
  char buf[400];
  std::snprintf(buf, sizeof(buf), "%.0f", std::max(0.0, std::floor(rows)));
  std::string digits = buf;
  if (digits.size() <= 3) return digits;
  // three significant digits, half up; the exponent grows when rounding carries (9995 -> 1.00E+4)
  int exponent = static_cast<int>(digits.size()) - 1;
  int lead = std::stoi(digits.substr(0, 3));
  if (digits[3] >= '5') ++lead;
  if (lead == 1000) {
    lead = 100;
    ++exponent;
  }
  std::string coefficient = std::to_string(lead);
  return coefficient.substr(0, 1) + "." + coefficient.substr(1) + "E+" + std::to_string(exponent);
}

std::string SparkBytesText(double bytes) {
  static const char* const kUnits[] = {"EiB", "PiB", "TiB", "GiB", "MiB", "KiB"};
  for (int i = 0; i < 6; ++i) {
    double unit = std::ldexp(1.0, 10 * (6 - i));
    if (bytes >= 2 * unit) {
      char text[64];
      std::snprintf(text, sizeof(text), "%.1f %s", bytes / unit, kUnits[i]);
      return text;
    }
  }
  char text[64];
  std::snprintf(text, sizeof(text), "%.1f B", bytes);
  return text;
}

std::string PlanStatistics::ToString() const {
  std::string text = "sizeInBytes=" + SparkBytesText(size_in_bytes ? *size_in_bytes : 9223372036854775807.0);
  if (row_count) text += ", rowCount=" + SparkRowCountText(*row_count);
  return text;
}

}  // namespace floe
