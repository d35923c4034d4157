#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/value.h"
#include "iceberg/manifests/data_file.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Writes a format v2 position delete file (spec "Position Delete Files"): one row per
/// (file_path, pos), field ids 2147483546 and 2147483545, sorted by path then position,
/// file_path bounds kept whole (a file naming one data file is then file-scoped). Writes
/// to `local_path` through `io` and returns its manifest entry's file, recorded under
/// `path` in `spec_id`'s `partition`. `positions` maps each data file, as the entries
/// should name it, to its deleted positions (any order; duplicates dropped).
DataFile WritePositionDeleteFile(FileIO& io, const std::string& local_path, const std::string& path,
                                 std::map<std::string, std::vector<int64_t>> positions, int spec_id,
                                 const std::vector<Value>& partition);

}  // namespace floe::iceberg
