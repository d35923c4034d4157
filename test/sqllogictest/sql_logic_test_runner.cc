#include "sql_logic_test_runner.h"

#include <fstream>
#include <stdlib.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <map>
#include <regex>
#include <set>

#include "common/ascii_case.h"
#include "common/types.h"
#include "common/value.h"
#include "floe/connection.h"
#include "floe/database.h"
#include "floe/result.h"
#include "result_matcher.h"
#include "test_file_parser.h"

namespace floe::sqllogictest {
namespace {

namespace fs = std::filesystem;

// The features `require` accepts; any other name skips the file.
const std::set<std::string>& SupportedFeatures() {
  static const std::set<std::string> features = {"floe", "correlated-scalar-subqueries"};
  return features;
}

// A temporary folder removed when the object dies.
class TemporaryFolder {
 public:
  TemporaryFolder() {
    std::string pattern = (fs::temp_directory_path() / "floe_slt_XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TemporaryFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string CellText(const Result& result, size_t row, size_t column) {
  std::string text = result.GetString(row, column);
  if (text.empty()) return "(empty)";
  // Tabs and newlines would break the line format; show them escaped.
  std::string escaped;
  for (char c : text) {
    if (c == '\t') escaped += "\\t";
    else if (c == '\n') escaped += "\\n";
    else escaped += c;
  }
  return escaped;
}

// Returns the query's rows as text, one line per row, sorted: the pruning variants may
// read files in another order.
std::string SortedRows(const Result& result) {
  std::vector<std::string> lines;
  for (size_t r = 0; r < result.RowCount(); ++r) {
    std::string line;
    for (size_t c = 0; c < result.ColumnCount(); ++c) line += (c ? "\t" : "") + CellText(result, r, c);
    lines.push_back(std::move(line));
  }
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// Returns true for a query that reads only (SELECT, WITH, VALUES, FROM) and does not read
// the system tables or last_scan(), whose rows describe the pruning itself.
bool ComparesAcrossPruning(const std::string& sql) {
  std::string lower = ToLower(sql);
  size_t start = lower.find_first_not_of(" \t\n\r(");
  if (start == std::string::npos) return false;
  std::string head = lower.substr(start, 16);
  bool read_only = head.rfind("select", 0) == 0 || head.rfind("with", 0) == 0 || head.rfind("values", 0) == 0 ||
                   head.rfind("from", 0) == 0;
  return read_only && lower.find("system.") == std::string::npos && lower.find("last_scan(") == std::string::npos;
}

// The switches each variant sets: all pruning (dynamic included), static pruning only, none.
struct PruningVariant {
  const char* name;
  const char* pruning;
  const char* dynamic;
};
constexpr PruningVariant kPruningVariants[] = {
    {"all pruning on", "true", "true"},
    {"dynamic pruning off", "true", "false"},
    {"all pruning off", "false", "false"},
};

}  // namespace

std::optional<std::vector<std::pair<std::string, std::string>>> SqlLogicTestRunner::RunPruningVariants(
    const TestRecord& record, Connection& con) {
  if (!ComparesAcrossPruning(record.sql)) return std::nullopt;
  const std::string kPruning = "floe.pruning.enabled";
  const std::string kDynamic = "spark.sql.optimizer.dynamicPartitionPruning.enabled";
  auto current = [&](const std::string& key) {
    Result r = con.Query("SET " + key);
    return r.HasError() || r.RowCount() == 0 ? std::string("true") : r.GetString(0, 1);
  };
  std::string pruning = current(kPruning), dynamic = current(kDynamic);
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& v : kPruningVariants) {
    con.Query("SET " + kPruning + " = " + v.pruning);
    con.Query("SET " + kDynamic + " = " + v.dynamic);
    Result result = con.Query(record.sql);
    out.emplace_back(v.name, result.HasError() ? "error: " + result.error() : SortedRows(result));
  }
  // The file's own settings again, and its query last, so system.scans shows that run.
  con.Query("SET " + kPruning + " = " + pruning);
  con.Query("SET " + kDynamic + " = " + dynamic);
  return out;
}

SqlLogicTestRunner::SqlLogicTestRunner(RunnerOptions options) : options_(std::move(options)) {}

void SqlLogicTestRunner::PrintFailure(const std::string& path, const TestRecord& record,
                                      const std::string& message) const {
  std::cerr << "================================================================\n"
            << "FAIL " << path << ":" << record.line << "\n"
            << "-- SQL:\n" << record.sql << "\n"
            << message << (message.empty() || message.back() == '\n' ? "" : "\n");
}

bool SqlLogicTestRunner::RunRecord(const std::string& path, const TestRecord& record,
                                   Connection& con) {
  if (options_.verbose) std::cerr << path << ":" << record.line << ": " << record.sql << "\n";
  std::optional<std::vector<std::pair<std::string, std::string>>> variants;
  if (options_.compare_pruning && record.kind == RecordKind::kQuery) variants = RunPruningVariants(record, con);
  Result result = con.Query(record.sql);
  if (variants && !result.HasError()) {
    std::string expected = SortedRows(result);
    for (const auto& [name, rows] : *variants) {
      if (rows == expected) continue;
      PrintFailure(path, record,
                   "the rows differ with " + name + " (pruning must never change an answer)\n-- as the file runs it:\n" +
                       expected + "-- with " + name + ":\n" + rows);
      return false;
    }
  }
  switch (record.kind) {
    case RecordKind::kStatementOk:
      if (result.HasError()) {
        PrintFailure(path, record, "expected success, got the error:\n" + result.error());
        return false;
      }
      return true;
    case RecordKind::kStatementError: {
      if (!result.HasError()) {
        PrintFailure(path, record,
                     "expected an error" +
                         (record.expected_error.empty() ? std::string()
                                                        : " containing: " + record.expected_error) +
                         "\nbut the statement succeeded");
        return false;
      }
      bool matches = true;
      if (record.error_is_regex) {
        matches = std::regex_search(result.error(), std::regex(record.expected_error));
      } else if (!record.expected_error.empty()) {
        matches = result.error().find(record.expected_error) != std::string::npos;
      }
      if (!matches) {
        PrintFailure(path, record,
                     "expected an error containing:\n" + record.expected_error +
                         "\nactual error:\n" + result.error());
        return false;
      }
      return true;
    }
    case RecordKind::kQuery: {
      if (result.HasError()) {
        PrintFailure(path, record, "expected rows, got the error:\n" + result.error());
        return false;
      }
      std::string types;
      for (size_t c = 0; c < result.ColumnCount(); ++c) types += result.type(c).TestTypeLetter();
      ResultMatcher::Rows rows(result.RowCount());
      for (size_t r = 0; r < result.RowCount(); ++r) {
        for (size_t c = 0; c < result.ColumnCount(); ++c) rows[r].push_back(CellText(result, r, c));
      }
      auto problem = ResultMatcher::Match(record, types, std::move(rows));
      if (problem) {
        PrintFailure(path, record, *problem);
        return false;
      }
      return true;
    }
    default:
      return true;
  }
}

namespace {

// Returns every file under `dir` with its size and modification time (empty when absent).
std::vector<std::string> ListFiles(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return out;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    auto time = fs::last_write_time(it->path(), ec).time_since_epoch().count();
    out.push_back(it->path().string() + " " + std::to_string(it->file_size(ec)) + " " + std::to_string(time));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

FileOutcome SqlLogicTestRunner::RunFile(const std::string& path) {
  // why: a table registered from the shared fixtures through a location map is writable;
  // a test that writes to one would change ../shared (never allowed): any change fails it
  bool uses_fixtures = false;
  {
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    uses_fixtures = text.find("${FIXTURES}") != std::string::npos;
  }
  std::vector<std::string> fixtures_before = uses_fixtures ? ListFiles(options_.fixtures_dir) : std::vector<std::string>{};
  FileOutcome outcome = RunFileRecords(path);
  std::vector<std::string> fixtures_after = uses_fixtures ? ListFiles(options_.fixtures_dir) : std::vector<std::string>{};
  if (fixtures_after != fixtures_before) {
    std::vector<std::string> changed;
    std::set_symmetric_difference(fixtures_before.begin(), fixtures_before.end(), fixtures_after.begin(),
                                  fixtures_after.end(), std::back_inserter(changed));
    std::cerr << "FAIL " << path << ": the test changed the shared fixtures (" << changed.size()
              << " file(s), e.g. " << changed.front() << ")\n";
    ++outcome.failed;
  }
  return outcome;
}

FileOutcome SqlLogicTestRunner::RunFileRecords(const std::string& path) {
  FileOutcome outcome;
  TemporaryFolder folder;
  std::string warehouse = (fs::path(folder.path()) / "warehouse").string();
  fs::create_directories(warehouse);
  TestFileParser parser({{"REPO_ROOT", options_.repo_root},
                         {"FIXTURES", options_.fixtures_dir},
                         {"TEST_DIR", folder.path()},
                         {"WAREHOUSE", warehouse}});
  std::vector<TestRecord> records;
  try {
    records = parser.ParseFile(path);
  } catch (const std::exception& e) {
    std::cerr << "FAIL " << e.what() << "\n";
    outcome.failed = 1;
    return outcome;
  }

  DatabaseOptions db_options;
  db_options.warehouse = warehouse;
  // A "# catalog: NAME" header names the warehouse's catalog (as `floe --catalog NAME`).
  {
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
      const std::string tag = "# catalog:";
      if (line.rfind(tag, 0) == 0) {
        std::string name = line.substr(tag.size());
        name.erase(0, name.find_first_not_of(" \t"));
        name.erase(name.find_last_not_of(" \t\r") + 1);
        if (!name.empty()) db_options.catalog_name = name;
        break;
      }
    }
  }
  db_options.threads = options_.threads;
  // why: every file runs through the counting FileIO, which must change no answer
  db_options.count_file_io = true;
  Database db(db_options);
  Connection con(db);

  bool skipping = false;
  // let's values, substituted into the records after it (values the file cannot know
  // before it runs: snapshot ids, commit times)
  std::map<std::string, std::string> lets;
  for (const TestRecord& declared : records) {
    TestRecord record = declared;
    for (const auto& [name, value] : lets) {
      const std::string placeholder = "${" + name + "}";
      record.sql = ReplaceAll(record.sql, placeholder, value);
      record.expected_error = ReplaceAll(record.expected_error, placeholder, value);
      for (auto& row : record.expected_rows) {
        for (auto& cell : row) cell = ReplaceAll(cell, placeholder, value);
      }
    }
    switch (record.kind) {
      case RecordKind::kModeSkip: skipping = true; continue;
      case RecordKind::kModeUnskip: skipping = false; continue;
      case RecordKind::kHalt:
        if (skipping) continue;
        return outcome;
      case RecordKind::kRequire:
        if (skipping || SupportedFeatures().count(record.argument)) continue;
        outcome.skipped = true;
        outcome.skip_reason = "requires " + record.argument;
        return outcome;
      case RecordKind::kRequirePath: {
        if (skipping) continue;
        fs::path p(record.argument);
        if (p.is_relative()) p = fs::path(options_.repo_root) / p;
        if (fs::exists(p)) continue;
        outcome.skipped = true;
        outcome.skip_reason = "missing " + p.string();
        return outcome;
      }
      case RecordKind::kLet: {
        if (skipping) continue;
        Result result = con.Query(record.sql);
        if (result.HasError() || result.RowCount() != 1 || result.ColumnCount() != 1) {
          PrintFailure(path, record, "let needs one value, got " +
                                         (result.HasError() ? result.error()
                                                            : std::to_string(result.RowCount()) + " rows of " +
                                                                  std::to_string(result.ColumnCount()) + " columns"));
          ++outcome.failed;
          continue;
        }
        lets[record.argument] = result.GetValue(0, 0).ToString();
        ++outcome.passed;
        continue;
      }
      default: break;
    }
    if (skipping) continue;
    bool ok = false;
    try {
      ok = RunRecord(path, record, con);
    } catch (const std::exception& e) {
      PrintFailure(path, record, std::string("the engine threw: ") + e.what());
    }
    ok ? ++outcome.passed : ++outcome.failed;
  }
  return outcome;
}

}  // namespace floe::sqllogictest
