#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "catalog/sqlite_catalog.h"
#include "iceberg/location_remapper.h"
#include "iceberg/table_metadata.h"
#include "sql/qualified_name.h"

namespace floe {

/// A catalog table name resolved against the session: namespace, table, and the
/// metadata table asked for (`t.snapshots`), if any.
struct ResolvedTableName {
  std::string namespace_name;
  std::string table_name;
  std::string metadata_table;  // empty for the table itself
  std::string ToString() const { return namespace_name + "." + table_name; }
};

/// A table as loaded from the catalog: its metadata and where it was read from.
struct LoadedTable {
  ResolvedTableName name;
  std::string metadata_location;
  std::shared_ptr<const iceberg::TableMetadata> metadata;
};

/// The session's view of the warehouse catalog: name resolution (table, ns.table,
/// catalog.ns.table, ...table.metadata_table), and loading tables' metadata.
class TableCatalog {
 public:
  TableCatalog(SqliteCatalog& catalog, std::string warehouse);

  SqliteCatalog& catalog() { return catalog_; }
  const std::string& warehouse() const { return warehouse_; }

  /// Resolves a name; `current_namespace` is used for one-part names. Returns nothing
  /// when no such table exists.
  std::optional<ResolvedTableName> Resolve(const QualifiedName& name, const std::string& current_namespace);
  /// Splits a name for a table that may not exist yet (CREATE TABLE).
  ResolvedTableName ResolveForCreate(const QualifiedName& name, const std::string& current_namespace);
  /// Loads a table's current metadata; throws CatalogError when it does not exist.
  LoadedTable Load(const ResolvedTableName& name, const iceberg::LocationRemapper& remapper);

  /// Returns the default location of a new table: <warehouse>/<namespace>/<table>.
  std::string DefaultLocation(const std::string& ns, const std::string& table) const;

 private:
  SqliteCatalog& catalog_;
  std::string warehouse_;
};

/// Throws when a spec partitions one column by two time transforms (days and hours of ts).
void CheckRedundantTimePartitions(const iceberg::PartitionSpec& spec, const iceberg::Schema& schema);

/// Returns true for the names of metadata tables (snapshots, files, partitions, ...).
bool IsMetadataTableName(const std::string& name);

}  // namespace floe
