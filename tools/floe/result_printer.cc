#include "result_printer.h"

#include <algorithm>

#include "common/types.h"
#include "common/value.h"
#include "floe/result.h"

namespace floe::shell {
namespace {

// Counts the code points of UTF-8 text: its width in a terminal, near enough.
size_t DisplayWidth(const std::string& s) {
  size_t width = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) ++width;
  }
  return width;
}

std::string Repeat(const std::string& s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

std::string Pad(const std::string& s, size_t width, bool right) {
  size_t w = DisplayWidth(s);
  std::string fill(w < width ? width - w : 0, ' ');
  return right ? fill + s : s + fill;
}

// Replaces control characters that would break the table's lines.
std::string Printable(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\r') out += "\\r";
    else out += c;
  }
  return out;
}

std::string CsvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          snprintf(buf, sizeof(buf), "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

// True when text is a JSON number (so "NaN" and "Infinity" stay strings).
bool IsJsonNumber(const std::string& s) {
  if (s.empty()) return false;
  size_t i = s[0] == '-' ? 1 : 0;
  if (i >= s.size() || !isdigit(static_cast<unsigned char>(s[i]))) return false;
  return s.find_first_not_of("0123456789+-.eE") == std::string::npos;
}

}  // namespace

ResultPrinter::ResultPrinter(OutputMode mode, size_t max_rows)
    : mode_(mode), max_rows_(max_rows) {}

PrintedRows ResultPrinter::Render(const Result& result) {
  PrintedRows printed;
  for (size_t c = 0; c < result.ColumnCount(); ++c) {
    const LogicalType& type = result.type(c);
    printed.columns.push_back({result.names()[c], result.TypeName(c), type.IsNumeric(),
                               type.id() == TypeId::kBoolean});
  }
  printed.rows.resize(result.RowCount());
  for (size_t r = 0; r < result.RowCount(); ++r) {
    for (size_t c = 0; c < result.ColumnCount(); ++c) {
      if (result.GetValue(r, c).is_null()) {
        printed.rows[r].push_back(std::nullopt);
      } else {
        printed.rows[r].push_back(result.GetString(r, c));
      }
    }
  }
  return printed;
}

void ResultPrinter::Print(const Result& result, std::ostream& out) const {
  if (result.HasError() || result.ColumnCount() == 0) return;
  // EXPLAIN and SHOW CREATE TABLE: one text column, printed as it is.
  if (mode_ == OutputMode::kTable && result.ColumnCount() == 1 &&
      (result.names()[0] == "plan" || result.names()[0] == "createtab_stmt")) {
    for (size_t r = 0; r < result.RowCount(); ++r) out << result.GetString(r, 0);
    out.flush();
    return;
  }
  Print(Render(result), out);
}

void ResultPrinter::Print(const PrintedRows& result, std::ostream& out) const {
  if (result.columns.empty()) return;
  switch (mode_) {
    case OutputMode::kTable: PrintTable(result, out); break;
    case OutputMode::kCsv: PrintCsv(result, out); break;
    case OutputMode::kJson: PrintJson(result, out); break;
    case OutputMode::kLine: PrintLine(result, out); break;
  }
  out.flush();
}

void ResultPrinter::PrintTable(const PrintedRows& result, std::ostream& out) const {
  const size_t columns = result.columns.size();
  const size_t total = result.rows.size();
  // Shows the first and the last rows when there are too many, like DuckDB's box.
  std::vector<size_t> shown;
  bool elided = max_rows_ > 0 && total > max_rows_;
  size_t head = elided ? (max_rows_ + 1) / 2 : total;
  for (size_t r = 0; r < head; ++r) shown.push_back(r);
  if (elided) {
    for (size_t r = total - max_rows_ / 2; r < total; ++r) shown.push_back(r);
  }

  auto cell = [&](size_t r, size_t c) {
    const auto& v = result.rows[r][c];
    return v ? Printable(*v) : std::string("NULL");
  };
  std::vector<size_t> widths(columns);
  for (size_t c = 0; c < columns; ++c) {
    widths[c] = std::max(DisplayWidth(result.columns[c].name), DisplayWidth(result.columns[c].type));
    for (size_t r : shown) widths[c] = std::max(widths[c], DisplayWidth(cell(r, c)));
  }
  auto rule = [&](const char* left, const char* middle, const char* right) {
    out << left;
    for (size_t c = 0; c < columns; ++c) {
      out << Repeat("─", widths[c] + 2) << (c + 1 < columns ? middle : right);
    }
    out << "\n";
  };
  auto line = [&](auto text_of, auto right_of) {
    out << "│";
    for (size_t c = 0; c < columns; ++c) {
      out << " " << Pad(text_of(c), widths[c], right_of(c)) << " │";
    }
    out << "\n";
  };
  auto centered = [&](const std::string& s, size_t width) {
    size_t w = DisplayWidth(s);
    size_t left = w < width ? (width - w) / 2 : 0;
    return std::string(left, ' ') + s;
  };

  rule("┌", "┬", "┐");
  line([&](size_t c) { return centered(result.columns[c].name, widths[c]); },
       [](size_t) { return false; });
  line([&](size_t c) { return centered(result.columns[c].type, widths[c]); },
       [](size_t) { return false; });
  rule("├", "┼", "┤");
  for (size_t i = 0; i < shown.size(); ++i) {
    if (elided && i == head) {
      line([&](size_t c) { return centered("·", widths[c]); }, [](size_t) { return false; });
    }
    size_t r = shown[i];
    line([&](size_t c) { return cell(r, c); },
         [&](size_t c) { return result.columns[c].numeric && result.rows[r][c].has_value(); });
  }
  rule("└", "┴", "┘");
  if (elided) {
    out << total << " rows (" << shown.size() << " shown)\n";
  } else if (total != 1) {
    out << total << " rows\n";
  }
}

void ResultPrinter::PrintCsv(const PrintedRows& result, std::ostream& out) const {
  for (size_t c = 0; c < result.columns.size(); ++c) {
    out << (c ? "," : "") << CsvField(result.columns[c].name);
  }
  out << "\n";
  for (const auto& row : result.rows) {
    for (size_t c = 0; c < row.size(); ++c) out << (c ? "," : "") << (row[c] ? CsvField(*row[c]) : "");
    out << "\n";
  }
}

void ResultPrinter::PrintJson(const PrintedRows& result, std::ostream& out) const {
  out << "[";
  for (size_t r = 0; r < result.rows.size(); ++r) {
    out << (r ? ",\n" : "\n") << "{";
    for (size_t c = 0; c < result.columns.size(); ++c) {
      const PrintedColumn& column = result.columns[c];
      const auto& v = result.rows[r][c];
      out << (c ? "," : "") << JsonString(column.name) << ":";
      if (!v) out << "null";
      else if (column.boolean && (*v == "true" || *v == "false")) out << *v;
      else if (column.numeric && IsJsonNumber(*v)) out << *v;
      else out << JsonString(*v);
    }
    out << "}";
  }
  out << (result.rows.empty() ? "]\n" : "\n]\n");
}

void ResultPrinter::PrintLine(const PrintedRows& result, std::ostream& out) const {
  size_t width = 0;
  for (const auto& column : result.columns) width = std::max(width, DisplayWidth(column.name));
  for (size_t r = 0; r < result.rows.size(); ++r) {
    if (r) out << "\n";
    for (size_t c = 0; c < result.columns.size(); ++c) {
      const auto& v = result.rows[r][c];
      out << Pad(result.columns[c].name, width, true) << " = " << (v ? *v : "NULL") << "\n";
    }
  }
}

}  // namespace floe::shell
