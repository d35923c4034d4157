#include "output_mode.h"

namespace floe::shell {

std::optional<OutputMode> ParseOutputMode(const std::string& name) {
  if (name == "table" || name == "box" || name == "duckbox") return OutputMode::kTable;
  if (name == "csv") return OutputMode::kCsv;
  if (name == "json") return OutputMode::kJson;
  if (name == "line") return OutputMode::kLine;
  return std::nullopt;
}

const char* OutputModeName(OutputMode mode) {
  switch (mode) {
    case OutputMode::kTable: return "table";
    case OutputMode::kCsv: return "csv";
    case OutputMode::kJson: return "json";
    case OutputMode::kLine: return "line";
  }
  return "table";
}

}  // namespace floe::shell
