#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalog/table_catalog.h"
#include "common/types.h"
#include "iceberg/manifests/data_file.h"
#include "iceberg/location_remapper.h"
#include "iceberg/partition_spec.h"
#include "iceberg/schema.h"
#include "iceberg/table_metadata.h"
#include "iceberg/write/transaction.h"
#include "io/file_io.h"
#include "sql/ast_ddl.h"

namespace floe {

/// A column of a CREATE TABLE ... AS query, as the binder typed it.
struct QueryColumn {
  std::string name;
  LogicalType type;
};

/// What CREATE [OR REPLACE] TABLE [AS] commits: a new table, or the replacement of an
/// existing one (same uuid, snapshots and refs; the new schema, spec and properties).
struct TableCreation {
  ResolvedTableName name;
  /// The table replaced, as read; empty for a new table.
  std::optional<LoadedTable> replaced;
  /// The new table's metadata (or the replacement's, built on the table as read): the
  /// field ids and spec an AS query's rows are written with.
  std::shared_ptr<const iceberg::TableMetadata> metadata;
  iceberg::Schema schema;
  iceberg::PartitionSpec spec;
  /// LOCATION, if given (a replacement keeps the old location otherwise).
  std::optional<std::string> location;
  std::map<std::string, std::string> properties;
  /// Set when the new table replaces the parquet table of its name (migrate).
  std::optional<FileTableBackup> replaces_file_table;
};

/// Returns the type of a table column declared with `type` (CREATE TABLE, ALTER TABLE ADD
/// COLUMN, ALTER COLUMN TYPE); throws NotImplementedError for one an Iceberg column cannot
/// have (VOID, INTERVAL, an unknown name).
LogicalType ColumnType(const ParsedType& type);
/// Returns `type`, the Iceberg type made from `parsed`, with the NOT NULL and COMMENT of
/// its structs' fields, at any depth, as declared (`STRUCT<a: INT NOT NULL COMMENT 'x'>`).
iceberg::TypePtr WithFieldOptions(const iceberg::TypePtr& type, const ParsedType& parsed);

/// Checks a `CREATE TABLE t USING parquet LOCATION '..'` statement (a file table: see
/// FileTableEntry) and returns its entry (the location as written); nothing for IF NOT EXISTS
/// on a taken name. A file table takes its columns and hive partitions from its files, so
/// a column list, PARTITIONED BY, AS, TBLPROPERTIES, OPTIONS, COMMENT and OR REPLACE are
/// refused, as is a missing LOCATION (floe writes no such table).
std::optional<FileTableEntry> PrepareFileTable(TableCatalog& tables, const CreateTableStatement& statement,
                                               const std::string& current_namespace);
/// Whether CREATE TABLE names a file table's provider.
bool IsFileTableProvider(const std::string& provider);

/// Checks a CREATE TABLE statement on the catalog and builds what it commits: the schema
/// from its columns (or, with AS, `query_columns`; a column of bare NULLs is a string), the
/// partition spec of its PARTITIONED BY transforms, its properties and location. Returns
/// nothing for IF NOT EXISTS on an existing table. Throws CatalogError when the table
/// exists (without OR REPLACE) or a REPLACE finds none, InvalidInputError or
/// NotImplementedError for a definition Iceberg or floe refuses.
/// With `replacing`, the table replaces the parquet table of its name (migrate), which must
/// exist.
std::optional<TableCreation> PrepareTableCreation(TableCatalog& tables, const iceberg::LocationRemapper& remapper,
                                                  const CreateTableStatement& statement,
                                                  const std::string& current_namespace,
                                                  const std::vector<QueryColumn>& query_columns,
                                                  const std::optional<FileTableBackup>& replacing = std::nullopt);

/// Commits a prepared creation with `files` (an AS query's rows, already written) as its
/// first snapshot: creates the table in one compare-and-swap of the catalog's pointer, or
/// replaces it in one transaction that requires the table unchanged since it was read. A
/// failure anywhere leaves the catalog as it was.
void CommitTableCreation(TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper,
                         const TableCreation& creation, std::vector<iceberg::DataFile> files);

/// Commits a prepared creation of a new table (not a replacement) with what `changes` adds
/// to its transaction (a snapshot, properties), in one compare-and-swap of the catalog's
/// pointer: the table appears with them or not at all. Returns the committed state.
iceberg::TableState CommitNewTable(TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper,
                                   const TableCreation& creation,
                                   const std::function<void(iceberg::Transaction&)>& changes);

}  // namespace floe
