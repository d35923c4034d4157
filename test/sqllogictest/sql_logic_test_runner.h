#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "test_record.h"

namespace floe {
class Connection;
}

namespace floe::sqllogictest {

/// Where the runner finds the repository and how it reports.
struct RunnerOptions {
  /// The repository root; `${REPO_ROOT}` in test files, and relative require-path base.
  std::string repo_root;
  /// The shared fixtures folder (`<repo>/../shared/fixtures` by default); `${FIXTURES}`.
  std::string fixtures_dir;
  /// Worker threads for each Database (0: one per core).
  int threads = 0;
  /// Prints every record as it runs.
  bool verbose = false;
  /// Runs every read-only query also with no dynamic pruning and with no pruning at all
  /// (then as the file set it up) and fails when the rows differ: pruning never changes
  /// an answer.
  bool compare_pruning = false;
};

/// Counts what happened to the records of one file.
struct FileOutcome {
  int passed = 0;
  int failed = 0;
  /// True when a require / require-path skipped the rest of the file.
  bool skipped = false;
  std::string skip_reason;
};

/// Runs `.test` files, each on a fresh Database over a fresh temporary warehouse.
class SqlLogicTestRunner {
 public:
  explicit SqlLogicTestRunner(RunnerOptions options);

  /// Runs one file; failures are printed to stderr with the file, line, SQL and diff. A
  /// file that changes anything under the shared fixtures fails.
  FileOutcome RunFile(const std::string& path);

 private:
  FileOutcome RunFileRecords(const std::string& path);
  /// Runs one record; returns false (after printing why) when it fails.
  bool RunRecord(const std::string& path, const TestRecord& record, Connection& con);
  /// Runs a query under each pruning variant (the session's switches restored after) and
  /// returns, per variant, its sorted rows or its error; nothing when the query is not
  /// one to compare (not read-only, or reading system tables that record pruning).
  std::optional<std::vector<std::pair<std::string, std::string>>> RunPruningVariants(const TestRecord& record,
                                                                                   Connection& con);
  void PrintFailure(const std::string& path, const TestRecord& record,
                    const std::string& message) const;

  RunnerOptions options_;
};

}  // namespace floe::sqllogictest
