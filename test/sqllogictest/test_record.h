#pragma once

#include <string>
#include <vector>

namespace floe::sqllogictest {

/// Names what one record of a `.test` file asks the runner to do.
enum class RecordKind {
  kStatementOk,     // statement ok: the SQL must succeed
  kStatementError,  // statement error: the SQL must fail (with a message substring)
  kQuery,           // query <types>: the SQL must return the expected rows
  kRequire,         // require <feature>: skip the rest of the file unless supported
  kRequirePath,     // require-path <path>: skip the rest of the file unless it exists
  kModeSkip,        // mode skip: ignore records until mode unskip
  kModeUnskip,      // mode unskip
  kHalt,            // halt: stop the file here
  kLet,             // let <name>: the SQL's one value becomes ${name} in the records after
};

/// Says how the rows of a query are ordered before they are compared.
enum class SortMode {
  kNoSort,     // as returned (the query's ORDER BY fixes the order)
  kRowSort,    // rows sorted as strings
  kValueSort,  // every value sorted on its own, rows ignored
};

/// One directive of a `.test` file, with loops already unrolled.
struct TestRecord {
  RecordKind kind = RecordKind::kStatementOk;
  /// The 1-based line of the directive in the file.
  int line = 0;
  /// The SQL text of a statement or query (lines joined with '\n').
  std::string sql;
  /// For statement error: the substring the message must contain (empty: any error).
  std::string expected_error;
  /// For statement error: true when expected_error is a regular expression.
  bool error_is_regex = false;
  /// For query: one type letter per column (I, R, T).
  std::string column_types;
  /// For query: how rows are ordered before comparing.
  SortMode sort_mode = SortMode::kNoSort;
  /// For query: the expected values, one vector per row, already split into columns.
  std::vector<std::vector<std::string>> expected_rows;
  /// For require / require-path: the feature name or path; for let: the variable's name.
  std::string argument;
};

}  // namespace floe::sqllogictest
