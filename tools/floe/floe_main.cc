// floe: the command-line shell. See ShellOptions::Usage() for the arguments.

#include <sys/resource.h>

#include <iostream>
#include <stdexcept>

#include "shell.h"
#include "shell_options.h"

int main(int argc, char** argv) {
  using floe::shell::ShellOptions;
  ShellOptions options;
  try {
    options = ShellOptions::Parse(argc, argv);
  } catch (const std::invalid_argument& e) {
    std::cerr << "floe: " << e.what() << "\n" << ShellOptions::Usage();
    return 2;
  }
  if (options.show_help) {
    std::cout << ShellOptions::Usage();
    return 0;
  }
  if (options.show_version) {
    std::cout << "floe 0.1.0\n";
    return 0;
  }
  // why: a partitioned write keeps one file open per partition (SSB's lineorder has 2,406);
  // Debian's default soft limit of 1,024 descriptors would make it close and reopen files
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
  return floe::shell::Shell(std::move(options)).Run();
}
