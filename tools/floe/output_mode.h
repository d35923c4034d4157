#pragma once

#include <optional>
#include <string>

namespace floe::shell {

/// Names how the shell prints a result.
enum class OutputMode {
  kTable,  // an aligned box with a header (the default)
  kCsv,    // RFC 4180: a header line, then one line per row
  kJson,   // one JSON array of row objects per result
  kLine,   // one "column = value" line per value, a blank line between rows
};

/// Returns the mode named `name` ("table", "box", "csv", "json", "line"), if any.
std::optional<OutputMode> ParseOutputMode(const std::string& name);
/// Returns the name of a mode.
const char* OutputModeName(OutputMode mode);

}  // namespace floe::shell
