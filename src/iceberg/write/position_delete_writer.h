#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/value.h"
#include "iceberg/manifests/data_file.h"
#include "iceberg/scan/position_delete_rows.h"
#include "iceberg/schema.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Writes a format v2 position delete file (spec "Position Delete Files"): one row per
/// data file and position of `deletes`, field ids 2147483546 and 2147483545, sorted by path
/// then position (a repeated position written once, with the first row given for it),
/// file_path bounds kept whole (a file naming one data file is then file-scoped). With
/// `row_schema`, the file has the optional `row` column (field id 2147483544), each
/// delete's row as a struct of that schema; without, the rows are not written. Writes to
/// `local_path` through `io` and returns its manifest entry's file, recorded under `path`
/// in `spec_id`'s `partition`.
DataFile WritePositionDeleteFile(FileIO& io, const std::string& local_path, const std::string& path,
                                 std::map<std::string, DeletedRows> deletes, const Schema* row_schema, int spec_id,
                                 const std::vector<Value>& partition);

/// The same without rows: `positions` maps each data file, as the entries should name it,
/// to its deleted positions (any order; duplicates dropped).
DataFile WritePositionDeleteFile(FileIO& io, const std::string& local_path, const std::string& path,
                                 std::map<std::string, std::vector<int64_t>> positions, int spec_id,
                                 const std::vector<Value>& partition);

}  // namespace floe::iceberg
