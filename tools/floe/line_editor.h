#pragma once

#include <optional>
#include <string>

namespace floe::shell {

/// Reads lines from a terminal with libedit: line editing and a history file, written
/// after each entry.
class LineEditor {
 public:
  /// Opens the editor and loads the history from `history_path` (empty: no history); a
  /// byte written to `interrupt_fd` (a non-blocking pipe a Ctrl-C handler writes to; -1:
  /// none) ends the line being read, and ReadLine returns what it has.
  LineEditor(std::string history_path, int interrupt_fd);
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  /// Shows `prompt` and returns the line typed, or nothing at end of input (Ctrl-D).
  std::optional<std::string> ReadLine(const std::string& prompt);
  /// Adds an entry (a whole statement or a dot command) to the history.
  void AddHistory(const std::string& entry);

  /// Returns the history file in the local state folder (empty for none).
  static std::string HistoryPath(const std::string& state_folder);

 private:
  std::string history_path_;
};

}  // namespace floe::shell
