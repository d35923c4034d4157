#pragma once

#include <string>
#include <vector>

#include "io/file_io.h"

namespace floe {

/// Expands a path pattern to the files it names, the way read_parquet and DuckDB do:
/// `*`, `?` and `[...]` within one path component, `**` for any number of directories;
/// a directory stands for every file below it (names starting with `.` or `_`, such as
/// Spark's _SUCCESS, left out). Lists through FileIO: one listing of the pattern's fixed
/// prefix, matched here, as object storage lists by prefix.
class FileGlob {
 public:
  /// Returns the matching files, sorted; throws IOError naming the pattern when none match.
  static std::vector<std::string> Expand(FileIO& io, const std::string& pattern);
  /// Returns true when the pattern has a wildcard.
  static bool HasWildcard(const std::string& pattern);
  /// Returns the longest leading directory of the pattern without wildcards ("" if none).
  static std::string FixedPrefix(FileIO& io, const std::string& pattern);
};

}  // namespace floe
