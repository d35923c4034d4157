#pragma once

#include <string>
#include <vector>

#include "output_mode.h"

namespace floe::shell {

/// What the command line asks the shell to do.
struct ShellOptions {
  /// The range of --threads: the one SET threads accepts (src/main/settings.cc).
  static constexpr int kMinThreads = 1;
  static constexpr int kMaxThreads = 256;

  /// The warehouse folder (--warehouse DIR).
  std::string warehouse = "./warehouse";
  /// The catalog's name (--catalog NAME); empty keeps the engine's default.
  std::string catalog;
  /// SQL given with -c, in order; each may hold several statements.
  std::vector<std::string> commands;
  /// Files given with -f, in order.
  std::vector<std::string> files;
  /// The output mode (-csv, -json, -line, -table, or --mode NAME).
  OutputMode mode = OutputMode::kTable;
  /// Prints each statement's run time (--timer).
  bool timer = false;
  /// Worker threads (--threads N); 0 means one per core.
  int threads = 0;
  /// Set for -h / --help: print the usage and exit.
  bool show_help = false;
  /// Set for --version.
  bool show_version = false;

  /// Parses argv; throws std::invalid_argument with a message on a bad argument.
  static ShellOptions Parse(int argc, const char* const* argv);
  /// Returns the usage text.
  static std::string Usage();
};

}  // namespace floe::shell
