#pragma once

#include <optional>
#include <string>

namespace floe::shell {

/// Reads lines from a terminal with libedit: line editing and a history file.
class LineEditor {
 public:
  /// Opens the editor and loads the history from `history_path` (empty: no history).
  explicit LineEditor(std::string history_path);
  /// Saves the history.
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  /// Shows `prompt` and returns the line typed, or nothing at end of input (Ctrl-D).
  std::optional<std::string> ReadLine(const std::string& prompt);
  /// Adds an entry (a whole statement or a dot command) to the history.
  void AddHistory(const std::string& entry);

  /// Returns the default history file, ~/.floe_history (empty when HOME is unset).
  static std::string DefaultHistoryPath();

 private:
  std::string history_path_;
};

}  // namespace floe::shell
