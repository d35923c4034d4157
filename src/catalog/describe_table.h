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

/// DESCRIBE [EXTENDED] t col, as Spark 4.0's DescribeColumnExec: info_name / info_value rows
/// col_name, data_type, comment, and with EXTENDED min, max, num_nulls, distinct_count,
/// avg_col_len, max_col_len and histogram. distinct_count is the `ndv` of the table statistics
/// (compute_table_stats, ANALYZE ... FOR COLUMNS) of the current snapshot; statistics of an
/// older snapshot are shown as stale, with both snapshot ids. floe keeps none of the other
/// statistics yet: NULL. Throws CatalogError for a column the table lacks.
TextRows DescribeColumn(const LoadedTable& table, const std::vector<std::string>& column, bool extended);

/// Returns the col_name, data_type, comment rows of DESCRIBE for columns with no comment
/// (a query, a view, a temporary table).
TextRows DescribeColumns(const std::vector<std::string>& names, const std::vector<LogicalType>& types);

}  // namespace floe
