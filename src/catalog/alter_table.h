#pragma once

#include <string>

#include "catalog/table_catalog.h"
#include "iceberg/location_remapper.h"
#include "io/file_io.h"
#include "sql/ast_ddl.h"

namespace floe {

/// Runs ALTER TABLE on a table of the catalog (`current_namespace` resolves a bare name):
/// RENAME TO; schema, partition spec, sort order and property changes, each one
/// metadata-only commit; CREATE / REPLACE / DROP BRANCH or TAG. Throws CatalogError for no
/// such table (nothing with IF EXISTS), InvalidInputError for a change Iceberg refuses.
void AlterTable(TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper,
                const AlterTableStatement& statement, const std::string& current_namespace);

/// Returns the Iceberg sort order (id 1) of WRITE ORDERED BY's fields on `schema`: a
/// direction's default null order as Spark's (first ascending, last descending); throws
/// naming `table_name` for a column it lacks.
iceberg::SortOrder SortOrderOf(const std::vector<SortField>& fields, const iceberg::Schema& schema,
                               const std::string& table_name);

}  // namespace floe
