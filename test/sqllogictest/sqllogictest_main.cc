// floe_sqllogictest: runs SQL logic test files in DuckDB's `.test` dialect.
//
//   floe_sqllogictest [--root DIR] [--fixtures DIR] [--threads N] [--compare-pruning] [-v] PATH...
//
// PATH is a `.test` file or a folder searched recursively for them. Each file runs on a
// fresh Database over a fresh temporary warehouse folder, removed afterwards.
//
// The dialect:
//   # name: / # description:   header comments (any line starting with '#' is a comment)
//   statement ok               the SQL (up to a blank line) must succeed
//   statement error            the SQL must fail; an optional `----` then a line holding a
//                              substring the error message must contain (`<REGEX>:re` for a
//                              regular expression)
//   query <types> [sort]       types: one letter per column, I (boolean, int, bigint),
//                              R (float, double, decimal), T (anything else); sort: nosort
//                              (default), rowsort or valuesort. Then the SQL, `----`, and the
//                              expected rows up to a blank line: values separated by tabs
//                              (runs of spaces when a line has no tab and there is more than
//                              one column), NULL as `NULL`, the empty string as `(empty)`.
//                              Values are compared exactly as text (doubles as Spark prints
//                              them: 3.5, 1.0E10); column types are checked too. An
//                              expected value `<REGEX>:re` matches a value wholly matching
//                              re (newlines in values show as \n), `<!REGEX>:re` one not.
//   loop <var> <start> <end> / foreach <var> <v1> <v2>... / endloop
//                              repeats the records between, with ${var} substituted
//   require <feature>          skips the rest of the file unless the feature is supported
//   require-path <path>        skips the rest of the file unless the path exists; relative
//                              paths are relative to the repository root
//   mode skip / mode unskip    ignores the records between
//   halt                       ends the file here
//
// With --compare-pruning (CMake passes it for test/sql/iceberg/**) every read-only query
// that reads no system table (nor last_scan()) first runs with all pruning on, with dynamic pruning off and
// with all pruning off; each must return the same rows (compared sorted) as the query run
// under the file's own settings, which runs last so system.scans shows it.
//
// Variables substituted everywhere: ${REPO_ROOT} (the repository, from --root, else
// $FLOE_REPO_ROOT, else the source tree this was built from), ${FIXTURES} (--fixtures, else
// $FLOE_FIXTURES, else <repo>/../shared/fixtures), ${TEST_DIR} and __TEST_DIR__ (the file's
// temporary folder), ${WAREHOUSE} (the file's warehouse). A fixture test starts with
// `require-path ${FIXTURES}/iceberg` so it is skipped where the fixtures are absent.
//
// Exit code: 0 when every record passed, 1 when any failed, 77 (ctest's skip code) when
// every file was skipped by require / require-path.

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "sql_logic_test_runner.h"

namespace fs = std::filesystem;
using floe::sqllogictest::FileOutcome;
using floe::sqllogictest::RunnerOptions;
using floe::sqllogictest::SqlLogicTestRunner;

namespace {

constexpr int kSkipExitCode = 77;

int Usage() {
  std::cerr << "usage: floe_sqllogictest [--root DIR] [--fixtures DIR] [--threads N] [--compare-pruning] [-v] "
               "PATH...\n";
  return 2;
}

std::string EnvOr(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v && *v ? v : fallback;
}

}  // namespace

int main(int argc, char** argv) {
  RunnerOptions options;
  options.repo_root = EnvOr("FLOE_REPO_ROOT", FLOE_SOURCE_DIR);
  std::string fixtures = EnvOr("FLOE_FIXTURES", "");
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        Usage();
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--root") options.repo_root = next();
    else if (arg == "--fixtures") fixtures = next();
    else if (arg == "--threads") options.threads = std::stoi(next());
    else if (arg == "-v" || arg == "--verbose") options.verbose = true;
    else if (arg == "--compare-pruning") options.compare_pruning = true;
    else if (arg == "-h" || arg == "--help") return Usage();
    else if (!arg.empty() && arg[0] == '-') return Usage();
    else paths.push_back(arg);
  }
  if (paths.empty()) return Usage();
  options.fixtures_dir = fixtures.empty()
                             ? (fs::path(options.repo_root) / ".." / "shared" / "fixtures")
                                   .lexically_normal()
                                   .string()
                             : fixtures;

  std::vector<std::string> files;
  for (const std::string& p : paths) {
    if (fs::is_directory(p)) {
      for (const auto& entry : fs::recursive_directory_iterator(p)) {
        if (entry.is_regular_file() && entry.path().extension() == ".test") {
          files.push_back(entry.path().string());
        }
      }
    } else if (fs::exists(p)) {
      files.push_back(p);
    } else {
      std::cerr << "floe_sqllogictest: no such file: " << p << "\n";
      return 2;
    }
  }
  std::sort(files.begin(), files.end());

  SqlLogicTestRunner runner(options);
  int passed = 0, failed = 0, failed_files = 0, skipped_files = 0;
  for (const std::string& file : files) {
    FileOutcome outcome = runner.RunFile(file);
    passed += outcome.passed;
    failed += outcome.failed;
    if (outcome.failed > 0) ++failed_files;
    if (outcome.skipped) {
      ++skipped_files;
      std::cout << "SKIP " << file << " (" << outcome.skip_reason << ")\n";
    }
  }
  std::cout << files.size() << " file(s): " << passed << " record(s) passed, " << failed
            << " failed (in " << failed_files << " file(s)), " << skipped_files
            << " file(s) skipped\n";
  if (failed > 0) return 1;
  if (!files.empty() && skipped_files == static_cast<int>(files.size()) && passed == 0) {
    return kSkipExitCode;
  }
  return 0;
}
