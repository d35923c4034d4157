#pragma once

#include "catalog/table_catalog.h"
#include "iceberg/location_remapper.h"
#include "io/file_io.h"

namespace floe {

/// Drops table `name` from the catalog. With `purge`, then deletes exactly the files its
/// metadata references (Spark's SparkCatalog.purgeTable, Iceberg's DeleteReachableFiles),
/// gathered before the catalog entry goes, so a table whose files cannot be listed stays
/// as it was; only files in the warehouse or the table's own locations are deleted, then
/// the folders that left empty. Throws InvalidInputError when the table's gc.enabled is
/// false.
void DropTable(TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper,
               const ResolvedTableName& name, bool purge);

/// Deletes files of the table `m` describes (paths as its metadata names them): only those
/// in the warehouse or the table's own locations, not through a link out of them, as
/// PURGE does. Returns how many were deleted (files missing or out of bounds are not).
size_t DeleteTableFiles(FileIO& io, const std::string& warehouse, const iceberg::TableMetadata& m,
                        const iceberg::LocationRemapper& remapper, const std::vector<std::string>& paths);

}  // namespace floe
