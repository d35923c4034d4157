#pragma once

#include <optional>
#include <string>
#include <vector>

#include "iceberg/manifests/manifest_entry.h"
#include "iceberg/table_metadata.h"
#include "iceberg/write/snapshot_producer.h"

namespace floe::iceberg {

/// How an INSERT commits (Spark's write of an Iceberg table, SparkWrite): an append; an
/// overwrite by a row filter (Spark's static INSERT OVERWRITE: OverwriteFiles
/// .overwriteByRowFilter); or a replacement of the partitions written to (the dynamic one:
/// ReplacePartitions).
enum class InsertKind { kAppend, kOverwriteByFilter, kReplacePartitions };

/// Returns the snapshot an INSERT of `added` into `branch` of the table as read commits,
/// or nothing when there is nothing to commit. kOverwriteByFilter removes the live data
/// files whose rows all match `filter` (null: every file) as they are when the commit
/// lands, without validation (as Spark's OverwriteByFilter without an isolation level);
/// a file only some of whose rows match fails the commit. kReplacePartitions replaces
/// the partitions the new rows touch (all of an unpartitioned table), also without
/// validation; with no rows it replaces nothing, except that an unpartitioned table with
/// files is emptied.
std::optional<SnapshotChange> InsertChange(const TableMetadata& read, const std::string& branch, InsertKind kind,
                                           ExpressionPtr filter, std::vector<DataFile> added);

}  // namespace floe::iceberg
