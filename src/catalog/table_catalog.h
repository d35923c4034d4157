#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "catalog/sqlite_catalog.h"
#include "iceberg/location_remapper.h"
#include "iceberg/table_metadata.h"
#include "io/file_io.h"
#include "sql/qualified_name.h"

namespace floe {

/// A catalog table name resolved against the session: namespace, table, and the
/// metadata table asked for (`t.snapshots`), if any.
struct ResolvedTableName {
  std::string namespace_name;
  std::string table_name;
  std::string metadata_table;  // empty for the table itself
  /// The branch or tag a `t.branch_b` / `t.tag_t` name selects (Spark's identifiers); empty for none.
  std::string ref;
  bool ref_is_branch = false;
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
  /// Reads table metadata through `io` (which must outlive the catalog).
  TableCatalog(SqliteCatalog& catalog, std::string warehouse, FileIO& io);

  SqliteCatalog& catalog() { return catalog_; }
  const std::string& warehouse() const { return warehouse_; }

  /// Resolves a name; `current_namespace` is used for one-part names. Returns nothing
  /// when no such table exists.
  std::optional<ResolvedTableName> Resolve(const QualifiedName& name, const std::string& current_namespace);
  /// Resolves a name and loads the table's metadata with one catalog lookup. Returns
  /// nothing when no such table exists, or when a `branch_`/`tag_` suffix names no such
  /// branch or tag.
  std::optional<LoadedTable> Find(const QualifiedName& name, const std::string& current_namespace,
                                  const iceberg::LocationRemapper& remapper);
  /// Resolves a name to a file table (`USING parquet`): table or namespace.table, with the
  /// catalog's name in front or not. Returns nothing when there is none.
  std::optional<FileTableEntry> FindFileTable(const QualifiedName& name, const std::string& current_namespace);
  /// Throws NotImplementedError when `name` is a parquet table: floe cannot `action` it
  /// ("write to", ...), and migrate would make it a table it can.
  void RefuseFileTable(const QualifiedName& name, const std::string& current_namespace, const std::string& action);
  /// Splits a name for a table that may not exist yet (CREATE TABLE).
  ResolvedTableName ResolveForCreate(const QualifiedName& name, const std::string& current_namespace);
  /// Loads a table's current metadata; throws CatalogError when it does not exist.
  LoadedTable Load(const ResolvedTableName& name, const iceberg::LocationRemapper& remapper);

  /// Returns the default location of a new table, <warehouse>/<namespace>/<table> with
  /// each name made a safe folder name (PathSegmentForName); throws CatalogError for a
  /// name that cannot be one or whose folder another table's name already takes.
  std::string DefaultLocation(const std::string& ns, const std::string& table);
  /// Throws IOError when the table's location (or its data or metadata path) lies under
  /// the warehouse but a symbolic link on the way leads out of it.
  void CheckWritable(const iceberg::TableMetadata& metadata, const iceberg::LocationRemapper& remapper) const;

 private:
  /// Resolves a name to a table and its catalog entry's metadata location.
  std::optional<std::pair<ResolvedTableName, std::string>> ResolveEntry(const QualifiedName& name,
                                                                        const std::string& current_namespace);
  /// Reads the metadata file of a resolved table.
  LoadedTable LoadFrom(const ResolvedTableName& name, const std::string& metadata_location,
                       const iceberg::LocationRemapper& remapper);

  SqliteCatalog& catalog_;
  std::string warehouse_;
  FileIO& io_;
};

}  // namespace floe
