#include "line_editor.h"

#include <editline/readline.h>

#include <cstdlib>

namespace floe::shell {
namespace {

constexpr int kHistoryEntries = 1000;

}  // namespace

LineEditor::LineEditor(std::string history_path) : history_path_(std::move(history_path)) {
  rl_readline_name = const_cast<char*>("floe");
  using_history();
  stifle_history(kHistoryEntries);
  if (!history_path_.empty()) read_history(history_path_.c_str());
}

LineEditor::~LineEditor() {
  if (!history_path_.empty()) write_history(history_path_.c_str());
}

std::optional<std::string> LineEditor::ReadLine(const std::string& prompt) {
  char* line = readline(prompt.c_str());
  if (line == nullptr) return std::nullopt;
  std::string text(line);
  free(line);
  return text;
}

void LineEditor::AddHistory(const std::string& entry) {
  if (!entry.empty()) add_history(entry.c_str());
}

std::string LineEditor::DefaultHistoryPath() {
  const char* home = std::getenv("HOME");
  if (home == nullptr || *home == '\0') return "";
  return std::string(home) + "/.floe_history";
}

}  // namespace floe::shell
