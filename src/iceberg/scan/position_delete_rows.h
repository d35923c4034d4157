#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/value.h"
#include "iceberg/location_remapper.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/schema.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// The deletes of one data file in a position delete file: its positions and, when the
/// file keeps deleted rows, the row deleted at each (rows[i] for positions[i], NULL where
/// a delete has none; empty when none has).
struct DeletedRows {
  std::vector<int64_t> positions;
  std::vector<Value> rows;

  /// Appends a delete; `row` may be NULL.
  void Add(int64_t pos, Value row);
};

/// Reads every row of a Parquet position delete file by the data file it names (as
/// written), as Iceberg's position_deletes metadata table reads them: `row` as a struct of
/// `schema` (the table's current schema), its fields found by id (a field the file lacks
/// is NULL). Rows lacking their path or position are skipped. Throws IOError or
/// FormatError naming the file.
std::map<std::string, DeletedRows> ReadPositionDeleteRows(FileIO& io, const DeleteFileRef& file,
                                                          const Schema& schema, const LocationRemapper& remapper);

/// The columns of a position delete file: file_path and pos, then, with `row_schema`, the
/// optional `row` column as a struct of its fields (PositionDeletesTable.calculateSchema).
std::vector<NestedField> PositionDeleteColumns(const Schema* row_schema);

}  // namespace floe::iceberg
