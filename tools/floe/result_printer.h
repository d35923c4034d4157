#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "output_mode.h"

namespace floe {
class Result;
}

namespace floe::shell {

/// One column as the printer sees it.
struct PrintedColumn {
  std::string name;
  /// The SQL type name shown under the name in table mode ("int", "decimal(4,2)").
  std::string type;
  /// Numbers are right-aligned in tables and unquoted in JSON.
  bool numeric = false;
  /// Booleans are unquoted in JSON.
  bool boolean = false;
};

/// A result rendered as text: NULL cells are nullopt.
struct PrintedRows {
  std::vector<PrintedColumn> columns;
  std::vector<std::vector<std::optional<std::string>>> rows;
};

/// Prints query results in one of the shell's output modes.
class ResultPrinter {
 public:
  /// Creates a printer; table mode shows at most `max_rows` rows (0: all).
  explicit ResultPrinter(OutputMode mode = OutputMode::kTable, size_t max_rows = 40);

  void set_mode(OutputMode mode) { mode_ = mode; }
  OutputMode mode() const { return mode_; }
  void set_max_rows(size_t max_rows) { max_rows_ = max_rows; }
  size_t max_rows() const { return max_rows_; }

  /// Prints a successful result; a result without columns prints nothing.
  void Print(const Result& result, std::ostream& out) const;
  /// Prints an already rendered result.
  void Print(const PrintedRows& result, std::ostream& out) const;

  /// Renders a result's cells as text.
  static PrintedRows Render(const Result& result);

 private:
  void PrintTable(const PrintedRows& result, std::ostream& out) const;
  void PrintCsv(const PrintedRows& result, std::ostream& out) const;
  void PrintJson(const PrintedRows& result, std::ostream& out) const;
  void PrintLine(const PrintedRows& result, std::ostream& out) const;

  OutputMode mode_;
  size_t max_rows_;
};

}  // namespace floe::shell
