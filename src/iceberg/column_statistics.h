#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "iceberg/table_metadata.h"

namespace floe::iceberg {

/// One column's statistics in a table's statistics files (ANALYZE TABLE, compute_table_stats):
/// the properties of its `apache-datasketches-theta-v1` blob, `ndv` (what Iceberg and Trino
/// read) and floe's own beside it (floe.min, floe.max, floe.null-count, floe.avg-len,
/// floe.max-len), with the snapshot they describe.
struct ColumnStatisticsBlob {
  int64_t snapshot_id = -1;
  int64_t sequence_number = -1;
  std::map<std::string, std::string> properties;
  /// Returns the property's value, if the blob has it.
  std::optional<std::string> Property(const std::string& name) const;
};

/// Returns the statistics of field `field_id` for `snapshot_id` (one statistics file per
/// snapshot, as Iceberg's SparkScan reads them), else those of the newest other snapshot (the
/// highest sequence number: stale ones, which the caller must say are), else nullopt. Only a
/// theta blob of that one field with an `ndv` property counts; malformed entries are skipped.
std::optional<ColumnStatisticsBlob> FindColumnStatistics(const TableMetadata& metadata, int field_id,
                                                         std::optional<int64_t> snapshot_id);

}  // namespace floe::iceberg
