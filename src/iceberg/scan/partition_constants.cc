#include "iceberg/scan/partition_constants.h"

#include <cmath>

#include "common/exception.h"
#include "common/uuid_text.h"
#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {

Value PromotePartitionValue(const Value& value, const LogicalType& type) {
  const LogicalType& from = value.type();
  if (from == type) return value;
  if (value.is_null()) return Value::Null(type);
  if (from.id() == TypeId::kInt32 && type.id() == TypeId::kInt64) return Value::Int64(value.int32());
  if (from.id() == TypeId::kFloat && type.id() == TypeId::kDouble) return Value::Double(value.float32());
  // A manifest without logical types in its Avro schema (rewritten by tools that drop them)
  // holds a time, timestamp or date as its plain long or int: the same value
  if (from.id() == TypeId::kInt64 && type.id() == TypeId::kTime) return Value::Time(value.int64());
  if (from.id() == TypeId::kInt64 && type.id() == TypeId::kTimestamp) return Value::Timestamp(value.int64());
  if (from.id() == TypeId::kInt64 && type.id() == TypeId::kTimestampNtz) return Value::TimestampNtz(value.int64());
  if (from.id() == TypeId::kInt64 && type.id() == TypeId::kTimestampNs) return Value::TimestampNs(value.int64());
  if (from.id() == TypeId::kInt64 && type.id() == TypeId::kTimestampNtzNs) return Value::TimestampNtzNs(value.int64());
  if (from.id() == TypeId::kInt32 && type.id() == TypeId::kDate) return Value::Date(value.int32());
  // a uuid's 16 bytes, in the text form the column reads as
  if (from.id() == TypeId::kBinary && type.id() == TypeId::kString && value.str().size() == 16) {
    return Value::String(UuidToText(value.str()));
  }
  if (from.id() == TypeId::kDecimal && type.id() == TypeId::kDecimal && from.scale() == type.scale() &&
      from.precision() <= type.precision()) {
    return Value::Decimal(value.decimal(), type.precision(), type.scale());
  }
  throw FormatError("a partition value of type " + from.ToString() + " cannot be read as " + type.ToString());
}

std::map<int, Value> IdentityPartitionValues(const PartitionSpec& spec, const Schema& schema,
                                             const std::vector<Value>& partition) {
  std::map<int, Value> out;
  for (size_t i = 0; i < spec.fields().size() && i < partition.size(); ++i) {
    const PartitionField& pf = spec.fields()[i];
    if (!pf.transform().IsIdentity()) continue;
    const NestedField* field = schema.FindFieldById(pf.source_id());
    if (!field || !field->type()->IsPrimitive()) continue;
    out[pf.source_id()] = PromotePartitionValue(partition[i], field->type()->ToLogicalType());
  }
  return out;
}

DataFile WithIdentityPartitionMetrics(const DataFile& file, const PartitionSpec& spec, const Schema& schema) {
  bool missing = false;
  for (const auto& pf : spec.fields()) {
    missing = missing || (pf.transform().IsIdentity() && !file.value_counts.count(pf.source_id()));
  }
  if (!missing) return file;
  DataFile out = file;
  for (const auto& [id, value] : IdentityPartitionValues(spec, schema, file.partition)) {
    if (file.value_counts.count(id)) continue;
    const NestedField* field = schema.FindFieldById(id);
    bool nan = !value.is_null() && ((value.type().id() == TypeId::kDouble && std::isnan(value.float64())) ||
                                    (value.type().id() == TypeId::kFloat && std::isnan(value.float32())));
    out.value_counts[id] = file.record_count;
    out.null_value_counts[id] = value.is_null() ? file.record_count : 0;
    if (value.type().IsFloating()) out.nan_value_counts[id] = nan ? file.record_count : 0;
    out.lower_bounds.erase(id);
    out.upper_bounds.erase(id);
    if (!value.is_null() && !nan) {
      out.lower_bounds[id] = out.upper_bounds[id] = SingleValueSerialization::ToBytes(*field->type(), value);
    }
  }
  return out;
}

}  // namespace floe::iceberg
