#include "statement_splitter.h"

#include <cctype>

namespace floe::shell {
namespace {

enum class State { kCode, kSingleQuote, kDoubleQuote, kBacktick, kLineComment, kBlockComment };

// Returns true when text holds something besides blanks and comments.
bool HasContent(const std::string& text) {
  State state = State::kCode;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (state == State::kLineComment) {
      if (c == '\n') state = State::kCode;
    } else if (state == State::kBlockComment) {
      if (c == '*' && next == '/') {
        state = State::kCode;
        ++i;
      }
    } else if (c == '-' && next == '-') {
      state = State::kLineComment;
    } else if (c == '/' && next == '*') {
      state = State::kBlockComment;
      ++i;
    } else if (!std::isspace(static_cast<unsigned char>(c))) {
      return true;
    }
  }
  return false;
}

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

}  // namespace

std::vector<std::string> StatementSplitter::Append(const std::string& text) {
  buffer_ += text;
  std::vector<std::string> statements;
  State state = State::kCode;
  size_t start = 0;
  for (size_t i = 0; i < buffer_.size(); ++i) {
    char c = buffer_[i];
    char next = i + 1 < buffer_.size() ? buffer_[i + 1] : '\0';
    switch (state) {
      case State::kCode:
        if (c == '\'') state = State::kSingleQuote;
        else if (c == '"') state = State::kDoubleQuote;
        else if (c == '`') state = State::kBacktick;
        else if (c == '-' && next == '-') state = State::kLineComment;
        else if (c == '/' && next == '*') {
          state = State::kBlockComment;
          ++i;
        } else if (c == ';') {
          std::string statement = buffer_.substr(start, i - start);
          if (HasContent(statement)) statements.push_back(Trim(statement));
          start = i + 1;
        }
        break;
      case State::kSingleQuote:
      case State::kDoubleQuote:
        // Spark string literals take backslash escapes.
        if (c == '\\') ++i;
        else if ((c == '\'' && state == State::kSingleQuote) ||
                 (c == '"' && state == State::kDoubleQuote)) {
          state = State::kCode;
        }
        break;
      case State::kBacktick:
        if (c == '`') state = State::kCode;
        break;
      case State::kLineComment:
        if (c == '\n') state = State::kCode;
        break;
      case State::kBlockComment:
        if (c == '*' && next == '/') {
          state = State::kCode;
          ++i;
        }
        break;
    }
  }
  buffer_.erase(0, start);
  return statements;
}

bool StatementSplitter::HasPending() const { return HasContent(buffer_); }

std::string StatementSplitter::TakePending() {
  std::string pending = HasContent(buffer_) ? Trim(buffer_) : std::string();
  buffer_.clear();
  return pending;
}

}  // namespace floe::shell
