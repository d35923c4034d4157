#pragma once

#include <optional>
#include <string>

#include "iceberg/table_metadata.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Returns the version a metadata file's name carries: 3 for "00003-<uuid>.metadata.json"
/// (Iceberg's catalogs) and for "v3.metadata.json" or "v3.gz.metadata.json" (Hadoop
/// tables); nothing for another name.
std::optional<int64_t> MetadataFileVersion(const std::string& path);

/// Returns the path of the metadata file that follows `base` (read from `base_file`,
/// "" for a new table): "<location>/metadata/00004-<uuid>.metadata.json", one above the
/// highest version of `base_file` and of the files in base's metadata log, so that a
/// new file never carries the number of a committed one.
std::string NextMetadataPath(const std::string& table_location, const TableMetadata* base,
                             const std::string& base_file);

/// Writes metadata JSON (TableMetadata::ToJsonString, which checks its text) to a new file
/// through `io`; never replaces an existing file (throws IOError naming it).
void WriteMetadataFile(FileIO& io, const std::string& json, const std::string& path);

}  // namespace floe::iceberg
