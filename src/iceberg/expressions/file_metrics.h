#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "common/value.h"
#include "iceberg/type.h"

namespace floe::iceberg {

/// Returns a data file's count for a field (value, null or NaN counts), or nothing when
/// the file does not record it (absent or negative).
std::optional<int64_t> MetricCount(const std::map<int, int64_t>& counts, int field_id);

/// Returns a data file's lower or upper bound for a field as a value of `type`, or NULL
/// when absent or undecodable (a bound that cannot be read prunes nothing).
Value MetricBound(const std::map<int, std::string>& bounds, int field_id, const Type& type);

}  // namespace floe::iceberg
