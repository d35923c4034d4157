#include "parquet/column_statistics.h"

#include <cstring>

#include "parquet/physical_conversion.h"

namespace floe {

using parquet::PhysicalType;

namespace {

template <typename T>
bool Load(std::string_view bytes, T* out) {
  if (bytes.size() != sizeof(T)) return false;
  std::memcpy(out, bytes.data(), sizeof(T));
  return true;
}

}  // namespace

std::optional<Value> DecodeStatisticsValue(const ParquetColumn& col, std::string_view bytes) {
  const LogicalType& type = col.type;
  switch (col.physical_type) {
    case PhysicalType::kBoolean: {
      if (bytes.size() != 1) return std::nullopt;
      return Value::Boolean(bytes[0] != 0);
    }
    case PhysicalType::kInt32: {
      int32_t v;
      if (!Load(bytes, &v)) return std::nullopt;
      switch (col.conversion) {
        case ParquetConversion::kInt32ToInt128:
          return Value::Decimal(v, type.precision(), type.scale());
        case ParquetConversion::kUint32ToInt64: return Value::Int64(static_cast<uint32_t>(v));
        case ParquetConversion::kTimeMillisToMicros: return Value::Int64(int64_t{v} * 1000);
        case ParquetConversion::kInt32ToInt64: return Value::Int64(v);
        case ParquetConversion::kInt32ToInt8:
          if (v < INT8_MIN || v > INT8_MAX) return std::nullopt;
          return Value::Int8(static_cast<int8_t>(v));
        case ParquetConversion::kInt32ToInt16:
          if (v < INT16_MIN || v > INT16_MAX) return std::nullopt;
          return Value::Int16(static_cast<int16_t>(v));
        default: break;
      }
      if (type.id() == TypeId::kDate) return Value::Date(v);
      return Value::Int32(v);
    }
    case PhysicalType::kInt64: {
      int64_t v;
      if (!Load(bytes, &v)) return std::nullopt;
      switch (col.conversion) {
        case ParquetConversion::kInt64ToInt128:
          return Value::Decimal(v, type.precision(), type.scale());
        case ParquetConversion::kUint64ToInt128:
          return Value::Decimal(static_cast<uint64_t>(v), type.precision(), type.scale());
        case ParquetConversion::kMillisToMicros: v = parquet::MillisToMicros(v); break;
        case ParquetConversion::kNanosToMicros: v = FloorDiv(v, 1000); break;
        default: break;
      }
      if (type.id() == TypeId::kTimestamp) return Value::Timestamp(v);
      if (type.id() == TypeId::kTimestampNtz) return Value::TimestampNtz(v);
      if (type.id() == TypeId::kTimestampNs) return Value::TimestampNs(v);
      if (type.id() == TypeId::kTimestampNtzNs) return Value::TimestampNtzNs(v);
      return Value::Int64(v);
    }
    case PhysicalType::kInt96: return std::nullopt;
    case PhysicalType::kFloat: {
      float v;
      if (!Load(bytes, &v) || v != v) return std::nullopt;
      if (col.conversion == ParquetConversion::kFloatToDouble) return Value::Double(v);
      return Value::Float(v);
    }
    case PhysicalType::kDouble: {
      double v;
      if (!Load(bytes, &v) || v != v) return std::nullopt;
      return Value::Double(v);
    }
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray:
      if (col.conversion == ParquetConversion::kBytesToInt128) {
        if (bytes.empty() || bytes.size() > 16) return std::nullopt;
        return Value::Decimal(
            parquet::BigEndianToInt128(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
            type.precision(), type.scale());
      }
      if (type.id() == TypeId::kString) return Value::String(std::string(bytes));
      return Value::Binary(std::string(bytes));
  }
  return std::nullopt;
}

ColumnStatistics DecodeColumnStatistics(const ParquetColumn& col, const parquet::Statistics& s,
                                        int64_t num_values) {
  ColumnStatistics out;
  out.num_values = num_values;
  out.null_count = s.null_count;
  if (col.physical_type == PhysicalType::kFloat || col.physical_type == PhysicalType::kDouble) {
    out.nan_count = s.nan_count;
  }
  if (!col.unsupported.empty() || !col.stats_usable) return out;
  const std::optional<std::string>* min = nullptr;
  const std::optional<std::string>* max = nullptr;
  if (s.min_value && s.max_value) {
    min = &s.min_value;
    max = &s.max_value;
  } else if (s.min && s.max && col.legacy_stats_usable) {
    min = &s.min;
    max = &s.max;
  }
  if (min) {
    out.min = DecodeStatisticsValue(col, **min);
    out.max = DecodeStatisticsValue(col, **max);
    if (!out.min || !out.max) {
      out.min.reset();
      out.max.reset();
    }
  }
  return out;
}

}  // namespace floe
