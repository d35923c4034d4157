#include "catalog/table_commit.h"

#include <memory>

#include "catalog/catalog_table_operations.h"

namespace floe {

iceberg::TableState CommitToTable(TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper,
                                  const LoadedTable& table,
                                  const std::function<void(iceberg::Transaction&)>& build) {
  CatalogTableOperations ops(tables.catalog(), table.name.namespace_name, table.name.table_name, tables.warehouse(),
                             io, remapper);
  iceberg::Transaction txn(ops, iceberg::TableState{table.metadata_location, table.metadata});
  build(txn);
  return txn.Commit();
}

void CommitMetadataUpdate(
    TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper, const LoadedTable& table,
    const std::function<std::optional<iceberg::TableMetadata>(const LoadedTable&)>& update,
    const std::string& require_unchanged) {
  CommitToTable(tables, io, remapper, table, [&](iceberg::Transaction& txn) {
    if (!require_unchanged.empty()) txn.RequireUnchanged(require_unchanged);
    txn.UpdateMetadata([&](const iceberg::TableMetadata& m, const std::string& file) {
      LoadedTable current{table.name, file, std::make_shared<const iceberg::TableMetadata>(m)};
      return update(current);
    });
  });
}

}  // namespace floe
