#pragma once

#include <string>

#include "catalog/table_catalog.h"
#include "sql/ast_ddl.h"
#include "sql/ast_utility.h"

namespace floe {

/// CREATE NAMESPACE [IF NOT EXISTS]: the namespace with its COMMENT, LOCATION and
/// properties. A name may carry the catalog's name (floe.ns); floe has no nested
/// namespaces. Throws CatalogError when it exists (without IF NOT EXISTS).
void CreateNamespace(TableCatalog& tables, const CreateNamespaceStatement& statement);

/// DROP NAMESPACE [IF EXISTS] [CASCADE]: with CASCADE, its tables' catalog entries go first
/// (their files stay, as Spark's DROP TABLE without PURGE). Returns the namespace dropped
/// (empty when IF EXISTS found none); throws CatalogError when there is none.
std::string DropNamespace(TableCatalog& tables, const DropStatement& statement);

/// Returns the namespace USE selects: the one named, or "default" for the catalog's own
/// name. Throws CatalogError when it does not exist.
std::string NamespaceToUse(TableCatalog& tables, const UseStatement& statement);

}  // namespace floe
