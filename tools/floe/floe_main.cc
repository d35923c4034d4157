// floe: the command-line shell. See ShellOptions::Usage() for the arguments.

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
  return floe::shell::Shell(std::move(options)).Run();
}
