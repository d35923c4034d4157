#pragma once

#include <istream>
#include <memory>
#include <string>

#include "result_printer.h"
#include "shell_options.h"
#include "statement_splitter.h"

namespace floe {
class Connection;
class Database;
class Result;
}  // namespace floe

namespace floe::shell {

class LineEditor;

/// The floe shell: runs statements and dot commands from -c, -f, a pipe or a terminal.
class Shell {
 public:
  explicit Shell(ShellOptions options);
  ~Shell();

  /// Runs what the options ask for; returns the process exit code.
  int Run();

 private:
  /// Runs the statements of `sql` (may hold several); returns false on the first error.
  bool RunText(const std::string& text);
  /// Runs a stream line by line (a file or a pipe); returns false on the first error.
  bool RunStream(std::istream& in);
  /// Runs the interactive loop on a terminal; returns the exit code.
  int RunInteractive();
  /// Feeds one input line: a dot command, or SQL for the splitter; false on error.
  bool FeedLine(const std::string& line, LineEditor* editor);
  /// Runs what is left in the splitter at end of input; false on error.
  bool FlushPending();
  /// Runs one statement and prints its result or error; false on error.
  bool ExecuteStatement(const std::string& sql);
  /// Runs a dot command (".mode csv"); false when it is unknown or malformed.
  bool ExecuteDotCommand(const std::string& line);
  void PrintStats(const Result& result);

  ShellOptions options_;
  std::unique_ptr<Database> database_;
  std::unique_ptr<Connection> connection_;
  ResultPrinter printer_;
  StatementSplitter splitter_;
  bool timer_ = false;
  bool stats_ = false;
  bool quit_ = false;
};

}  // namespace floe::shell
