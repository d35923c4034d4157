#pragma once

#include <string>
#include <vector>

namespace floe {

/// Expands a path pattern to the files it names, the way read_parquet and DuckDB do:
/// `*`, `?` and `[...]` within one path component, `**` for any number of directories;
/// a directory stands for every file below it (names starting with `.` or `_`, such as
/// Spark's _SUCCESS, left out).
class FileGlob {
 public:
  /// Returns the matching files, sorted; throws IOError naming the pattern when none match.
  static std::vector<std::string> Expand(const std::string& pattern);
  /// Returns true when the pattern has a wildcard.
  static bool HasWildcard(const std::string& pattern);
  /// Returns the longest leading directory of the pattern without wildcards ("" if none).
  static std::string FixedPrefix(const std::string& pattern);
};

}  // namespace floe
