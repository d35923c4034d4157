#pragma once

#include <string>

#include "catalog/table_catalog.h"
#include "catalog/text_rows.h"
#include "iceberg/location_remapper.h"
#include "sql/ast_utility.h"

namespace floe {

/// SHOW NAMESPACES [LIKE 'p'] (column namespace).
TextRows ShowNamespaces(TableCatalog& tables, const ShowStatement& statement);

/// SHOW TABLES [IN ns] [LIKE 'p']: the catalog's tables of the namespace (namespace,
/// tableName, isTemporary false); the session adds its temporary tables and views.
TextRows ShowTables(TableCatalog& tables, const ShowStatement& statement, const std::string& current_namespace);

/// SHOW TBLPROPERTIES t [('key')]: the table's properties with Spark's reserved ones
/// (format, current-snapshot-id, format-version), as key, value.
TextRows ShowTblProperties(TableCatalog& tables, const iceberg::LocationRemapper& remapper,
                           const ShowStatement& statement, const std::string& current_namespace);

/// SHOW CREATE TABLE t: a CREATE TABLE statement that makes the table's current schema,
/// spec, location and properties (column createtab_stmt).
TextRows ShowCreateTable(TableCatalog& tables, const iceberg::LocationRemapper& remapper,
                         const ShowStatement& statement, const std::string& current_namespace);

}  // namespace floe
