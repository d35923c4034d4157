#include "result_matcher.h"

#include <algorithm>
#include <regex>

namespace floe::sqllogictest {

namespace {

// An expected value `<REGEX>:re` (DuckDB's) matches a value the whole of which matches
// re, `<!REGEX>:re` one that does not; any other expected value must be equal.
bool ValueMatches(const std::string& expected, const std::string& actual) {
  static const std::string kRegex = "<REGEX>:", kNotRegex = "<!REGEX>:";
  if (expected.rfind(kRegex, 0) == 0) return std::regex_match(actual, std::regex(expected.substr(kRegex.size())));
  if (expected.rfind(kNotRegex, 0) == 0) {
    return !std::regex_match(actual, std::regex(expected.substr(kNotRegex.size())));
  }
  return expected == actual;
}

bool RowsMatch(const ResultMatcher::Rows& expected, const ResultMatcher::Rows& actual) {
  if (expected.size() != actual.size()) return false;
  for (size_t r = 0; r < expected.size(); ++r) {
    if (expected[r].size() != actual[r].size()) return false;
    for (size_t c = 0; c < expected[r].size(); ++c) {
      if (!ValueMatches(expected[r][c], actual[r][c])) return false;
    }
  }
  return true;
}

}  // namespace

void ResultMatcher::Sort(SortMode mode, Rows* rows) {
  if (mode == SortMode::kRowSort) {
    std::sort(rows->begin(), rows->end());
  } else if (mode == SortMode::kValueSort) {
    std::vector<std::string> values;
    for (const auto& row : *rows) values.insert(values.end(), row.begin(), row.end());
    std::sort(values.begin(), values.end());
    rows->clear();
    for (auto& v : values) rows->push_back({std::move(v)});
  }
}

std::string ResultMatcher::Render(const Rows& rows) {
  std::string out;
  for (const auto& row : rows) {
    for (size_t c = 0; c < row.size(); ++c) {
      if (c > 0) out += '\t';
      out += row[c];
    }
    out += '\n';
  }
  return out;
}

std::optional<std::string> ResultMatcher::Match(const TestRecord& record,
                                                const std::string& actual_types, Rows actual) {
  const size_t columns = record.column_types.size();
  if (actual_types.size() != columns) {
    return "expected " + std::to_string(columns) + " column(s) (" + record.column_types +
           ") but the result has " + std::to_string(actual_types.size()) + " (" +
           actual_types + ")";
  }
  Rows expected = record.expected_rows;
  // DuckDB also allows one value per line: then compare the flattened values.
  bool one_value_per_line =
      columns > 1 && !expected.empty() &&
      std::all_of(expected.begin(), expected.end(), [](const auto& r) { return r.size() == 1; });
  if (record.sort_mode == SortMode::kValueSort || one_value_per_line) {
    Sort(record.sort_mode == SortMode::kNoSort ? SortMode::kNoSort : SortMode::kValueSort,
         &actual);
    Rows flat_actual;
    for (const auto& row : actual) {
      for (const auto& v : row) flat_actual.push_back({v});
    }
    actual = std::move(flat_actual);
    Rows flat_expected;
    for (const auto& row : expected) {
      for (const auto& v : row) flat_expected.push_back({v});
    }
    expected = std::move(flat_expected);
    if (record.sort_mode != SortMode::kNoSort) Sort(SortMode::kValueSort, &expected);
  } else {
    for (size_t r = 0; r < expected.size(); ++r) {
      if (expected[r].size() != columns) {
        return "expected row " + std::to_string(r + 1) + " has " +
               std::to_string(expected[r].size()) + " value(s), the query has " +
               std::to_string(columns) + " column(s)";
      }
    }
    Sort(record.sort_mode, &actual);
    Sort(record.sort_mode, &expected);
  }

  std::string problem;
  if (!RowsMatch(expected, actual)) {
    if (actual.size() != expected.size()) {
      problem = "expected " + std::to_string(expected.size()) + " row(s) but got " +
                std::to_string(actual.size());
    } else {
      for (size_t r = 0; r < actual.size() && problem.empty(); ++r) {
        if (!RowsMatch({expected[r]}, {actual[r]})) problem = "row " + std::to_string(r + 1) + " differs";
      }
    }
  } else if (actual_types != record.column_types) {
    problem = "column types differ: expected " + record.column_types + ", got " + actual_types;
  }
  if (problem.empty()) return std::nullopt;
  return problem + "\n-- expected (" + record.column_types + "):\n" + Render(expected) +
         "-- actual (" + actual_types + "):\n" + Render(actual);
}

}  // namespace floe::sqllogictest
