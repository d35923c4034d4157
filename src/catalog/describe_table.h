#pragma once

#include "catalog/table_catalog.h"
#include "catalog/text_rows.h"
#include "common/types.h"

namespace floe {

/// DESCRIBE [EXTENDED | FORMATTED] of a catalog table, as Spark's DescribeTableExec shows
/// an Iceberg table: its columns (col_name, data_type, comment), then "# Partitioning"
/// with one "Part i" row per field of the default spec; EXTENDED adds the detailed table
/// information (name, location, provider, format version, spec, sort order, current
/// snapshot, properties).
TextRows DescribeTable(TableCatalog& tables, const LoadedTable& table, bool extended);

/// Returns the col_name, data_type, comment rows of DESCRIBE for columns with no comment
/// (a query, a view, a temporary table).
TextRows DescribeColumns(const std::vector<std::string>& names, const std::vector<LogicalType>& types);

}  // namespace floe
