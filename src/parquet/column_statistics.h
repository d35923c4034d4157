#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "common/value.h"
#include "parquet/parquet_metadata.h"
#include "parquet/parquet_schema.h"

namespace floe {

/// Statistics of a column chunk or page, as floe values.
struct ColumnStatistics {
  /// The smallest non-NULL value, when known and trustworthy.
  std::optional<Value> min;
  /// The largest non-NULL value, when known and trustworthy.
  std::optional<Value> max;
  /// The number of NULLs, when known.
  std::optional<int64_t> null_count;
  /// The number of NaNs of a FLOAT or DOUBLE column, when the writer recorded it
  /// (parquet-format 2.13); unknown means NaNs may be present.
  std::optional<int64_t> nan_count;
  /// The number of values including NULLs.
  int64_t num_values = 0;
};

/// Decodes a statistics value (plain encoding of the physical type) to a floe Value;
/// returns nothing when the bytes do not fit the column's type.
std::optional<Value> DecodeStatisticsValue(const ParquetColumn& column, std::string_view bytes);

/// Returns the chunk statistics as floe values, dropping bounds that cannot be trusted.
ColumnStatistics DecodeColumnStatistics(const ParquetColumn& column,
                                        const parquet::Statistics& stats, int64_t num_values);

}  // namespace floe
