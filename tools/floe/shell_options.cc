#include "shell_options.h"

#include <stdexcept>

namespace floe::shell {

std::string ShellOptions::Usage() {
  return "usage: floe [OPTIONS]\n"
         "  -c SQL             run SQL (one or more statements) and exit; may repeat\n"
         "  -f FILE            run the statements in FILE and exit; may repeat\n"
         "  --warehouse DIR    the warehouse folder (default ./warehouse)\n"
         "  --catalog NAME     the catalog's name\n"
         "  --threads N        worker threads, 1 to 256 (default: one per core)\n"
         "  -table -csv -json -line, --mode NAME\n"
         "                     the output mode (default table)\n"
         "  --timer            print each statement's run time (wall clock, and CPU time)\n"
         "  -h, --help         show this help\n"
         "  --version          show the version\n"
         "Without -c or -f, reads statements from standard input: interactively, with line\n"
         "editing and history in ~/.floe_history, when it is a terminal.\n";
}

ShellOptions ShellOptions::Parse(int argc, const char* const* argv) {
  ShellOptions options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    // Accept both -flag and --flag, and --flag=value.
    std::string value;
    bool has_inline_value = false;
    if (arg.rfind("--", 0) == 0) {
      size_t eq = arg.find('=');
      if (eq != std::string::npos) {
        value = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
        has_inline_value = true;
      }
      arg = arg.substr(1);
    }
    auto next = [&]() -> std::string {
      if (has_inline_value) return value;
      if (i + 1 >= argc) throw std::invalid_argument("option " + arg + " needs a value");
      return argv[++i];
    };
    if (arg == "-c" || arg == "-command") {
      options.commands.push_back(next());
    } else if (arg == "-f" || arg == "-file") {
      options.files.push_back(next());
    } else if (arg == "-warehouse" || arg == "-w") {
      options.warehouse = next();
    } else if (arg == "-catalog") {
      options.catalog = next();
    } else if (arg == "-threads") {
      // why: the range of SET threads; more would start that many workers at once
      std::string n = next();
      size_t used = 0;
      int threads = 0;
      try {
        threads = std::stoi(n, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used == 0 || used != n.size() || threads < kMinThreads || threads > kMaxThreads) {
        throw std::invalid_argument("--threads: expected an integer in [" + std::to_string(kMinThreads) + ", " +
                                    std::to_string(kMaxThreads) + "], got '" + n + "'");
      }
      options.threads = threads;
    } else if (arg == "-mode") {
      std::string name = next();
      auto mode = ParseOutputMode(name);
      if (!mode) throw std::invalid_argument("unknown output mode '" + name + "'");
      options.mode = *mode;
    } else if (arg == "-timer") {
      options.timer = true;
    } else if (arg == "-h" || arg == "-help") {
      options.show_help = true;
    } else if (arg == "-version") {
      options.show_version = true;
    } else if (auto mode = ParseOutputMode(arg.size() > 1 ? arg.substr(1) : "");
               mode && arg[0] == '-') {
      options.mode = *mode;
    } else {
      throw std::invalid_argument("unknown option '" + std::string(argv[i]) + "'");
    }
  }
  return options;
}

}  // namespace floe::shell
