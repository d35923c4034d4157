#include "iceberg/expressions/file_metrics.h"

#include "common/exception.h"
#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {

std::optional<int64_t> MetricCount(const std::map<int, int64_t>& counts, int field_id) {
  auto it = counts.find(field_id);
  if (it == counts.end() || it->second < 0) return std::nullopt;
  return it->second;
}

Value MetricBound(const std::map<int, std::string>& bounds, int field_id, const Type& type) {
  auto it = bounds.find(field_id);
  if (it == bounds.end()) return Value();
  try {
    return SingleValueSerialization::FromBytes(type, it->second);
  } catch (const Exception&) {
    return Value();
  }
}

}  // namespace floe::iceberg
