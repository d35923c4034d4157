#pragma once

#include <optional>
#include <string>
#include <vector>

#include "test_record.h"

namespace floe::sqllogictest {

/// Compares a query's actual rows (already rendered as text) with a record's expectation.
class ResultMatcher {
 public:
  using Rows = std::vector<std::vector<std::string>>;

  /// Returns nothing when the result matches, else a description of the difference.
  /// `actual_types` holds one type letter per actual column.
  static std::optional<std::string> Match(const TestRecord& record,
                                          const std::string& actual_types, Rows actual);

  /// Sorts rows (rowsort) or values (valuesort) in place; nosort leaves them alone.
  static void Sort(SortMode mode, Rows* rows);

  /// Renders rows as the test file writes them: values joined by tabs, one row a line.
  static std::string Render(const Rows& rows);
};

}  // namespace floe::sqllogictest
