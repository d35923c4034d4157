#pragma once

#include <string>
#include <vector>

namespace floe::shell {

/// Cuts input text into statements at each ';' outside quotes and comments.
class StatementSplitter {
 public:
  /// Adds text (usually one line with its '\n') and returns the statements it completes,
  /// each trimmed and without its ';'; blank statements are dropped.
  std::vector<std::string> Append(const std::string& text);
  /// Returns true when a statement has been started but not ended with ';'.
  bool HasPending() const;
  /// Returns the unfinished statement, trimmed (if it holds more than blanks and comments), and
  /// clears it.
  std::string TakePending();

 private:
  std::string buffer_;
};

}  // namespace floe::shell
