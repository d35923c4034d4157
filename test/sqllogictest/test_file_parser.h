#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_record.h"

namespace floe::sqllogictest {

/// A `.test` file that does not follow the dialect; names the line.
class TestFileError : public std::runtime_error {
 public:
  TestFileError(const std::string& file, int line, const std::string& message)
      : std::runtime_error(file + ":" + std::to_string(line) + ": " + message) {}
};

/// Parses DuckDB's SQL logic test dialect into records, unrolling loops.
///
/// The directives: `statement ok|error`, `query <types> [nosort|rowsort|valuesort]`,
/// `loop <var> <start> <end>` / `foreach <var> <values...>` ... `endloop` (the body's
/// `${var}` is substituted), `require <feature>`, `require-path <path>`, `mode skip`,
/// `mode unskip`, `halt`, `let <name>` (the SQL that follows returns one value, which
/// replaces `${name}` in the records after it when they run). Lines starting with `#`
/// outside records are comments.
class TestFileParser {
 public:
  /// Creates a parser; `variables` are substituted as `${NAME}` in SQL and expected text.
  explicit TestFileParser(std::map<std::string, std::string> variables = {});

  /// Parses the text of a file; `file_name` only labels errors.
  std::vector<TestRecord> Parse(const std::string& text, const std::string& file_name) const;
  /// Reads and parses a file.
  std::vector<TestRecord> ParseFile(const std::string& path) const;

  /// Splits one expected line into `columns` values: on tabs, or on runs of spaces when
  /// the line has no tab and more than one column is expected.
  static std::vector<std::string> SplitExpectedLine(const std::string& line, size_t columns);

 private:
  std::map<std::string, std::string> variables_;
};

/// Returns `text` with every `from` replaced by `to`.
std::string ReplaceAll(std::string text, const std::string& from, const std::string& to);

}  // namespace floe::sqllogictest
