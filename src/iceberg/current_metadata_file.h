#pragma once

#include <string>

#include "iceberg/location_remapper.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Returns the current metadata file of a table whose catalog is its folder (Hadoop
/// tables, as Spark, Hive, Impala and DuckDB's iceberg_scan find them): the version that
/// metadata/version-hint.text (or version-hint.txt) names, when it holds a number whose
/// vN[.gz].metadata.json exists; otherwise (a hint empty, unreadable, naming no file, or
/// none) the metadata file with the newest last-updated-ms, the highest name on a tie.
/// `location` and the result are as the table names them (before remapping). Throws
/// IOError when the folder holds no metadata file.
std::string FindCurrentMetadataFile(FileIO& io, const LocationRemapper& remapper, const std::string& location);

}  // namespace floe::iceberg
