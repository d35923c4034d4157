#pragma once

#include <optional>
#include <string>

#include "common/value.h"
#include "parquet/parquet_reader.h"
#include "parquet/parquet_writer_options.h"

namespace floe {

/// Returns the byte length of the first `n` UTF-8 characters of s (all of s if shorter).
size_t Utf8Prefix(const std::string& s, int n);

/// Iceberg's truncated upper bound of a string or binary value: the prefix of `n`
/// characters (bytes) with its last one incremented, so it still bounds every value;
/// nothing when no character can be incremented.
std::optional<Value> TruncateUpper(const Value& v, int n);

/// Iceberg's truncated lower bound: the prefix of `n` characters (bytes).
Value TruncateLower(const Value& v, int n);

/// Returns a file's metrics as its footer records them (Iceberg's ParquetUtil.fileMetrics
/// over a file another writer wrote): per flat top-level column, its compressed size, its
/// values, and where every row group's statistics say so its NULLs and its bounds (string
/// and binary ones truncated to `truncate_bounds` characters, 0: kept whole). A nested
/// column, or one whose statistics are missing or untrustworthy, gets sizes and counts
/// only. field_id is the file's (-1 without one).
ParquetFileMetrics FooterMetrics(const ParquetReader& reader, int truncate_bounds);

}  // namespace floe
