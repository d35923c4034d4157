#include "sql/parser_error_report.h"

namespace floe {

std::string RenderParserError(const ParserError& error, std::string_view sql) {
  std::string out = std::string(ErrorKindName(error.kind())) + ": " + error.what();
  if (error.line() <= 0) return out;
  size_t start = 0;
  for (int line = 1; line < error.line(); ++line) {
    size_t newline = sql.find('\n', start);
    if (newline == std::string_view::npos) return out;
    start = newline + 1;
  }
  size_t end = sql.find('\n', start);
  std::string_view text =
      sql.substr(start, end == std::string_view::npos ? sql.size() - start : end - start);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  std::string prefix = "LINE " + std::to_string(error.line()) + ": ";
  out += "\n" + prefix + std::string(text) + "\n" + std::string(prefix.size(), ' ');
  // Keep tabs so the caret lines up under the token whatever the tab width.
  size_t column = static_cast<size_t>(error.column() > 0 ? error.column() - 1 : 0);
  for (size_t i = 0; i < column && i < text.size(); ++i)
    out.push_back(text[i] == '\t' ? '\t' : ' ');
  out += "^";
  return out;
}

}  // namespace floe
