#include "test_file_parser.h"

#include <fstream>
#include <sstream>

namespace floe::sqllogictest {
namespace {

constexpr int kMaxLoopIterations = 100000;

struct Line {
  std::string text;
  int number;
};

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> SplitWords(const std::string& s) {
  std::vector<std::string> words;
  std::istringstream in(s);
  std::string w;
  while (in >> w) words.push_back(w);
  return words;
}

bool IsLoopStart(const std::vector<std::string>& words) {
  return !words.empty() && (words[0] == "loop" || words[0] == "foreach");
}

bool IsLoopEnd(const std::vector<std::string>& words) {
  return words.size() == 1 && words[0] == "endloop";
}

// Unrolls loop / foreach ... endloop blocks in lines[begin, end) into out.
void ExpandLoops(const std::vector<Line>& lines, size_t begin, size_t end,
                 const std::string& file, std::vector<Line>* out) {
  for (size_t i = begin; i < end; ++i) {
    std::vector<std::string> words = SplitWords(lines[i].text);
    if (IsLoopEnd(words)) throw TestFileError(file, lines[i].number, "endloop without loop");
    if (!IsLoopStart(words)) {
      out->push_back(lines[i]);
      continue;
    }
    std::vector<std::string> values;
    if (words[0] == "loop") {
      if (words.size() != 4) {
        throw TestFileError(file, lines[i].number, "expected: loop <var> <start> <end>");
      }
      int from = std::stoi(words[2]);
      int to = std::stoi(words[3]);
      if (to - from > kMaxLoopIterations) {
        throw TestFileError(file, lines[i].number, "loop has too many iterations");
      }
      for (int v = from; v < to; ++v) values.push_back(std::to_string(v));
    } else {
      if (words.size() < 3) {
        throw TestFileError(file, lines[i].number, "expected: foreach <var> <values...>");
      }
      values.assign(words.begin() + 2, words.end());
    }
    // Find the matching endloop, counting nested loops.
    size_t depth = 1;
    size_t j = i + 1;
    for (; j < end; ++j) {
      std::vector<std::string> inner = SplitWords(lines[j].text);
      if (IsLoopStart(inner)) ++depth;
      if (IsLoopEnd(inner) && --depth == 0) break;
    }
    if (j == end) throw TestFileError(file, lines[i].number, "loop without endloop");
    std::string placeholder = "${" + words[1] + "}";
    for (const std::string& value : values) {
      std::vector<Line> body;
      for (size_t k = i + 1; k < j; ++k) {
        body.push_back({ReplaceAll(lines[k].text, placeholder, value), lines[k].number});
      }
      ExpandLoops(body, 0, body.size(), file, out);
    }
    i = j;
  }
}

}  // namespace

std::string ReplaceAll(std::string text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  size_t pos = 0;
  while ((pos = text.find(from, pos)) != std::string::npos) {
    text.replace(pos, from.size(), to);
    pos += to.size();
  }
  return text;
}

TestFileParser::TestFileParser(std::map<std::string, std::string> variables)
    : variables_(std::move(variables)) {}

std::vector<std::string> TestFileParser::SplitExpectedLine(const std::string& line,
                                                           size_t columns) {
  std::vector<std::string> values;
  if (line.find('\t') != std::string::npos) {
    size_t start = 0;
    while (true) {
      size_t tab = line.find('\t', start);
      values.push_back(line.substr(start, tab == std::string::npos ? tab : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
  } else if (columns > 1) {
    values = SplitWords(line);
  } else {
    values.push_back(line);
  }
  return values;
}

std::vector<TestRecord> TestFileParser::ParseFile(const std::string& path) const {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TestFileError(path, 0, "cannot open the file");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return Parse(buffer.str(), path);
}

std::vector<TestRecord> TestFileParser::Parse(const std::string& text,
                                              const std::string& file) const {
  std::vector<Line> raw;
  {
    std::istringstream in(text);
    std::string s;
    int number = 0;
    while (std::getline(in, s)) {
      ++number;
      if (!s.empty() && s.back() == '\r') s.pop_back();
      for (const auto& [name, value] : variables_) s = ReplaceAll(s, "${" + name + "}", value);
      auto test_dir = variables_.find("TEST_DIR");
      if (test_dir != variables_.end()) s = ReplaceAll(s, "__TEST_DIR__", test_dir->second);
      raw.push_back({s, number});
    }
  }
  std::vector<Line> lines;
  ExpandLoops(raw, 0, raw.size(), file, &lines);

  auto is_blank = [&](size_t i) { return Trim(lines[i].text).empty(); };
  auto is_separator = [&](size_t i) { return Trim(lines[i].text) == "----"; };

  std::vector<TestRecord> records;
  size_t i = 0;
  while (i < lines.size()) {
    std::string trimmed = Trim(lines[i].text);
    if (trimmed.empty() || trimmed[0] == '#') {
      ++i;
      continue;
    }
    std::vector<std::string> words = SplitWords(trimmed);
    TestRecord record;
    record.line = lines[i].number;
    const std::string& directive = words[0];
    ++i;

    // Reads SQL lines up to a blank line or "----"; returns true when "----" was hit.
    auto read_sql = [&]() {
      std::string sql;
      while (i < lines.size() && !is_blank(i) && !is_separator(i)) {
        if (!sql.empty()) sql += '\n';
        sql += lines[i].text;
        ++i;
      }
      if (sql.empty()) throw TestFileError(file, record.line, "missing SQL after " + directive);
      record.sql = sql;
      if (i < lines.size() && is_separator(i)) {
        ++i;
        return true;
      }
      return false;
    };
    // Reads result lines up to a blank line.
    auto read_block = [&]() {
      std::vector<std::string> block;
      while (i < lines.size() && !is_blank(i)) block.push_back(lines[i++].text);
      return block;
    };

    if (directive == "statement") {
      if (words.size() < 2 || (words[1] != "ok" && words[1] != "error")) {
        throw TestFileError(file, record.line, "expected: statement ok|error");
      }
      record.kind = words[1] == "ok" ? RecordKind::kStatementOk : RecordKind::kStatementError;
      if (read_sql()) {
        if (record.kind == RecordKind::kStatementOk) {
          throw TestFileError(file, record.line, "statement ok takes no ---- block");
        }
        std::string message;
        for (const std::string& l : read_block()) {
          if (!message.empty()) message += '\n';
          message += l;
        }
        const std::string regex_prefix = "<REGEX>:";
        if (message.rfind(regex_prefix, 0) == 0) {
          record.error_is_regex = true;
          message = message.substr(regex_prefix.size());
        }
        record.expected_error = message;
      }
    } else if (directive == "query") {
      if (words.size() < 2) throw TestFileError(file, record.line, "query needs column types");
      record.kind = RecordKind::kQuery;
      record.column_types = words[1];
      for (char c : record.column_types) {
        if (c != 'I' && c != 'R' && c != 'T') {
          throw TestFileError(file, record.line,
                              std::string("unknown column type letter '") + c + "'");
        }
      }
      if (words.size() >= 3) {
        if (words[2] == "rowsort") record.sort_mode = SortMode::kRowSort;
        else if (words[2] == "valuesort") record.sort_mode = SortMode::kValueSort;
        else if (words[2] == "nosort") record.sort_mode = SortMode::kNoSort;
        // Anything else is a label (DuckDB's result sharing); it is ignored.
      }
      if (!read_sql()) throw TestFileError(file, record.line, "query without ---- line");
      for (const std::string& l : read_block()) {
        record.expected_rows.push_back(SplitExpectedLine(l, record.column_types.size()));
      }
    } else if (directive == "require" || directive == "require-path") {
      if (words.size() != 2) throw TestFileError(file, record.line, directive + " takes one argument");
      record.kind = directive == "require" ? RecordKind::kRequire : RecordKind::kRequirePath;
      record.argument = words[1];
    } else if (directive == "mode") {
      if (words.size() != 2) throw TestFileError(file, record.line, "expected: mode skip|unskip");
      if (words[1] == "skip") record.kind = RecordKind::kModeSkip;
      else if (words[1] == "unskip") record.kind = RecordKind::kModeUnskip;
      else throw TestFileError(file, record.line, "unknown mode '" + words[1] + "'");
    } else if (directive == "halt") {
      record.kind = RecordKind::kHalt;
    } else if (directive == "let") {
      if (words.size() != 2) throw TestFileError(file, record.line, "expected: let <name>");
      record.kind = RecordKind::kLet;
      record.argument = words[1];
      if (read_sql()) throw TestFileError(file, record.line, "let takes no ---- block");
    } else {
      throw TestFileError(file, record.line, "unknown directive '" + directive + "'");
    }
    records.push_back(std::move(record));
  }
  return records;
}

}  // namespace floe::sqllogictest
