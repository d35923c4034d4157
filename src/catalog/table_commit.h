#pragma once

#include <functional>
#include <optional>
#include <string>

#include "catalog/table_catalog.h"
#include "iceberg/location_remapper.h"
#include "iceberg/table_metadata.h"
#include "iceberg/write/transaction.h"
#include "io/file_io.h"

namespace floe {

/// Commits one Transaction on `table` as it was read, through the catalog that holds it:
/// `build` adds the changes. The files the transaction's snapshots add are deleted when it
/// fails. Returns the table as committed.
iceberg::TableState CommitToTable(TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper,
                                  const LoadedTable& table,
                                  const std::function<void(iceberg::Transaction&)>& build);

/// Commits a metadata-only change that `update` builds from the table as it is at each
/// commit attempt; `update` returns nothing when there is nothing to commit. With
/// `require_unchanged` (naming the operation, as "altered") the change is made only on
/// the table as read: a concurrent commit fails it (Transaction::RequireUnchanged).
void CommitMetadataUpdate(
    TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper, const LoadedTable& table,
    const std::function<std::optional<iceberg::TableMetadata>(const LoadedTable&)>& update,
    const std::string& require_unchanged = "");

}  // namespace floe
