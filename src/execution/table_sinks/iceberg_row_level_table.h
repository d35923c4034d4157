#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "iceberg/location_remapper.h"
#include "iceberg/table_metadata.h"
#include "iceberg/write/conflict_validation.h"
#include "iceberg/write/partitioned_data_writer.h"
#include "iceberg/write/snapshot_producer.h"
#include "io/file_io.h"

namespace floe {

/// Commits a row-level change on the table as read; a throw leaves the table as it was.
using CommitRowLevelChange =
    std::function<void(iceberg::SnapshotChange change, iceberg::ConflictValidation validation)>;

/// The Iceberg table (or branch) a DELETE, UPDATE or MERGE changes, as the statement read
/// it: what IcebergDeleteTarget and IcebergRowChangeTarget both need.
struct IcebergRowLevelTable {
  /// The table's own name, and its name in plans, messages and system.scans.
  std::string table_name;
  std::string display_name;
  std::shared_ptr<const iceberg::TableMetadata> metadata;
  /// The branch changed (empty: main) and the snapshot read (its head; none: current).
  std::string branch;
  std::optional<int64_t> snapshot_id;
  FileIO* io = nullptr;
  iceberg::LocationRemapper remapper;
  /// How new and rewritten rows are written.
  iceberg::DataWriterOptions writer;
  CommitRowLevelChange commit;
};

}  // namespace floe
