#pragma once

#include <optional>
#include <string>
#include <vector>

#include "iceberg/manifests/manifest_entry.h"
#include "iceberg/table_metadata.h"
#include "iceberg/write/snapshot_producer.h"

namespace floe::iceberg {

/// Returns the snapshot an INSERT of `added` into `branch` of the table as read commits,
/// or nothing when there is nothing to commit. INSERT INTO appends. INSERT OVERWRITE is a
/// dynamic overwrite: it replaces the partitions the new rows touch (all of an
/// unpartitioned table), as they are when the commit lands (Iceberg's ReplacePartitions,
/// which Spark's dynamic overwrite commits without validation); with no rows it replaces
/// nothing, except that an unpartitioned table with files is emptied.
std::optional<SnapshotChange> InsertChange(const TableMetadata& read, const std::string& branch, bool overwrite,
                                           std::vector<DataFile> added);

}  // namespace floe::iceberg
