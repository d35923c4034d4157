#pragma once

#include <memory>

#include "catalog/table_catalog.h"
#include "iceberg/location_remapper.h"
#include "io/file_io.h"
#include "planner/table_source.h"

namespace floe {

/// Builds the metadata table `table.name.metadata_table` (t.snapshots, t.files, ...; see
/// iceberg/metadata_tables) as a memory table; the snapshot-based ones describe `snapshot`.
std::shared_ptr<TableSource> MakeMetadataTableSource(FileIO& io, const iceberg::LocationRemapper& remapper,
                                                     const LoadedTable& table, const iceberg::Snapshot* snapshot);

}  // namespace floe
