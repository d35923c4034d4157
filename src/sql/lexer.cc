#include "sql/lexer.h"

#include <cctype>

#include "common/ascii_case.h"
#include "common/exception.h"

namespace floe {
namespace {

bool IsWordStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

bool IsWordChar(char c) {
  return IsWordStart(c) || std::isdigit(static_cast<unsigned char>(c)) || c == '$';
}

bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

size_t Lexer::UnicodeSpaceLength() const {
  // Text pasted from web pages brings no-break and other Unicode spaces (and a BOM);
  // Spark's lexer skips them too.
  static const std::string_view kSpaces[] = {"\xC2\xA0",     "\xE1\x9A\x80", "\xE2\x80\xA8",
                                             "\xE2\x80\xAF", "\xE2\x81\x9F", "\xE3\x80\x80",
                                             "\xEF\xBB\xBF"};
  std::string_view rest = sql_.substr(pos_, 3);
  if (rest.size() == 3 && rest[0] == '\xE2' && rest[1] == '\x80' &&
      static_cast<unsigned char>(rest[2]) >= 0x80 && static_cast<unsigned char>(rest[2]) <= 0x8A) {
    return 3;  // U+2000 .. U+200A
  }
  for (std::string_view space : kSpaces) {
    if (rest.substr(0, space.size()) == space) return space.size();
  }
  return 0;
}

char Lexer::PeekChar(size_t ahead) const {
  return pos_ + ahead < sql_.size() ? sql_[pos_ + ahead] : '\0';
}

SourcePosition Lexer::Here() const {
  return SourcePosition{line_, static_cast<int>(pos_ - line_start_) + 1, pos_};
}

void Lexer::Advance(size_t n) {
  for (size_t i = 0; i < n && pos_ < sql_.size(); ++i) {
    if (sql_[pos_] == '\n') {
      ++line_;
      line_start_ = pos_ + 1;
    }
    ++pos_;
  }
}

void Lexer::Fail(const std::string& message, const SourcePosition& at) const {
  throw ParserError(message, at.line, at.column);
}

void Lexer::SkipWhitespaceAndComments() {
  while (pos_ < sql_.size()) {
    char c = PeekChar();
    if (std::isspace(static_cast<unsigned char>(c))) {
      Advance();
    } else if (size_t n = UnicodeSpaceLength(); n > 0) {
      Advance(n);
    } else if (c == '-' && PeekChar(1) == '-') {
      while (pos_ < sql_.size() && PeekChar() != '\n') Advance();
    } else if (c == '/' && PeekChar(1) == '*') {
      SourcePosition start = Here();
      bool is_hint = PeekChar(2) == '+';
      Advance(is_hint ? 3 : 2);
      size_t content_start = pos_;
      SourcePosition content_position = Here();
      int depth = 1;  // Spark nests bracketed comments
      while (depth > 0) {
        if (pos_ >= sql_.size()) Fail("syntax error: unterminated comment", start);
        if (PeekChar() == '/' && PeekChar(1) == '*') {
          ++depth;
          Advance(2);
        } else if (PeekChar() == '*' && PeekChar(1) == '/') {
          --depth;
          Advance(2);
        } else {
          Advance();
        }
      }
      if (is_hint) {
        hints_.push_back(HintComment{
            std::string(sql_.substr(content_start, pos_ - 2 - content_start)), content_position});
      }
    } else {
      break;
    }
  }
}

std::vector<Token> Lexer::Tokenize() {
  std::vector<Token> tokens;
  while (true) {
    SkipWhitespaceAndComments();
    if (pos_ >= sql_.size()) break;
    char c = PeekChar();
    char next = PeekChar(1);
    if ((c == 'x' || c == 'X') && next == '\'') {
      tokens.push_back(LexBinaryString());
    } else if ((c == 'r' || c == 'R') && (next == '\'' || next == '"')) {
      Advance();
      tokens.push_back(LexQuoted(next, /*raw=*/true));
      tokens.back().position.column -= 1;
      tokens.back().position.offset -= 1;
      tokens.back().length += 1;
    } else if (IsDigit(c) || (c == '.' && IsDigit(next))) {
      tokens.push_back(LexNumber());
    } else if (IsWordStart(c)) {
      tokens.push_back(LexWord());
    } else if (c == '\'' || c == '"' || c == '`') {
      tokens.push_back(LexQuoted(c, /*raw=*/false));
    } else {
      tokens.push_back(LexOperator());
    }
  }
  Token end;
  end.type = TokenType::kEnd;
  end.position = Here();
  tokens.push_back(std::move(end));
  return tokens;
}

Token Lexer::LexWord() {
  Token token;
  token.type = TokenType::kWord;
  token.position = Here();
  size_t start = pos_;
  while (pos_ < sql_.size() && IsWordChar(PeekChar()) && UnicodeSpaceLength() == 0) Advance();
  token.text = std::string(sql_.substr(start, pos_ - start));
  token.length = pos_ - start;
  return token;
}

Token Lexer::LexNumber() {
  Token token;
  token.type = TokenType::kNumber;
  token.position = Here();
  size_t start = pos_;
  while (IsDigit(PeekChar())) Advance();
  if (PeekChar() == '.' && !(PeekChar(1) == '.')) {
    Advance();
    while (IsDigit(PeekChar())) Advance();
  }
  if ((PeekChar() == 'e' || PeekChar() == 'E') &&
      (IsDigit(PeekChar(1)) ||
       ((PeekChar(1) == '+' || PeekChar(1) == '-') && IsDigit(PeekChar(2))))) {
    Advance(2);
    while (IsDigit(PeekChar())) Advance();
  }
  // Spark's type suffixes: 10L, 10S, 10Y, 1.5D, 1.5F, 1.5BD.
  size_t suffix_start = pos_;
  while (IsWordChar(PeekChar())) Advance();
  std::string suffix = ToUpper(sql_.substr(suffix_start, pos_ - suffix_start));
  bool known_suffix = suffix.empty() || suffix == "L" || suffix == "S" || suffix == "Y" ||
                      suffix == "D" || suffix == "F" || suffix == "BD";
  token.text = std::string(sql_.substr(start, pos_ - start));
  token.length = pos_ - start;
  if (!known_suffix) {
    // Spark reads a digit-led run of letters such as 1st as an identifier.
    bool all_word = true;
    for (char ch : token.text) all_word = all_word && IsWordChar(ch);
    token.type = all_word ? TokenType::kWord : TokenType::kMalformed;
  }
  return token;
}

Token Lexer::LexQuoted(char quote, bool raw) {
  Token token;
  token.type = quote == '`' ? TokenType::kQuotedIdentifier : TokenType::kString;
  token.position = Here();
  size_t start = pos_;
  Advance();
  std::string text;
  while (true) {
    if (pos_ >= sql_.size()) {
      Fail(quote == '`' ? "syntax error: unterminated quoted identifier"
                        : "syntax error: unterminated quoted string",
           token.position);
    }
    char c = PeekChar();
    if (c == quote) {
      if (quote == '`' && PeekChar(1) == '`') {  // `` inside backquotes is one backquote
        text.push_back('`');
        Advance(2);
        continue;
      }
      Advance();
      break;
    }
    if (c == '\\' && quote != '`' && !raw) {  // a raw string r'..' keeps every backslash
      char e = PeekChar(1);
      Advance(2);
      switch (e) {
        case 'n': text.push_back('\n'); break;
        case 't': text.push_back('\t'); break;
        case 'r': text.push_back('\r'); break;
        case 'b': text.push_back('\b'); break;
        case '0': text.push_back('\0'); break;
        case 'Z': text.push_back('\x1A'); break;
        case '%': text += "\\%"; break;  // kept for LIKE, as Spark does
        case '_': text += "\\_"; break;
        case 'u': {
          unsigned code = 0;
          size_t digits = 0;
          while (digits < 4 && std::isxdigit(static_cast<unsigned char>(PeekChar()))) {
            code = code * 16 + std::stoi(std::string(1, PeekChar()), nullptr, 16);
            Advance();
            ++digits;
          }
          if (digits != 4)
            Fail("syntax error: invalid unicode escape in string literal", token.position);
          if (code < 0x80) {
            text.push_back(static_cast<char>(code));
          } else if (code < 0x800) {
            text.push_back(static_cast<char>(0xC0 | (code >> 6)));
            text.push_back(static_cast<char>(0x80 | (code & 0x3F)));
          } else {
            text.push_back(static_cast<char>(0xE0 | (code >> 12)));
            text.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
            text.push_back(static_cast<char>(0x80 | (code & 0x3F)));
          }
          break;
        }
        case '\0':
          if (pos_ > sql_.size()) pos_ = sql_.size();
          break;
        default: text.push_back(e); break;
      }
      continue;
    }
    text.push_back(c);
    Advance();
  }
  token.text = std::move(text);
  token.length = pos_ - start;
  return token;
}

Token Lexer::LexBinaryString() {
  Token token;
  token.type = TokenType::kBinaryString;
  token.position = Here();
  size_t start = pos_;
  Advance(2);
  std::string hex;
  while (true) {
    if (pos_ >= sql_.size()) Fail("syntax error: unterminated quoted string", token.position);
    char c = PeekChar();
    Advance();
    if (c == '\'') break;
    if (!std::isxdigit(static_cast<unsigned char>(c))) {
      Fail("syntax error: invalid hexadecimal digit in binary literal", token.position);
    }
    hex.push_back(c);
  }
  token.text = std::move(hex);
  token.length = pos_ - start;
  return token;
}

Token Lexer::LexOperator() {
  static const char* const kLongOperators[] = {">>>", "<=>", "<>", "!=", "<=", ">=", "==", "!>",
                                               "!<",  "||",  "::", "=>", "->", "<<", ">>", "&&"};
  static const std::string_view kShortOperators = "(),.;+-*/%=<>&|^~![]:?{}";
  Token token;
  token.type = TokenType::kOperator;
  token.position = Here();
  std::string_view rest = sql_.substr(pos_, 3);
  bool may_be_long =
      rest.size() > 1 && std::string_view("<>!=|:-&").find(rest[0]) != std::string_view::npos;
  for (const char* op : kLongOperators) {
    if (!may_be_long) break;
    std::string_view candidate(op);
    if (rest.substr(0, candidate.size()) == candidate) {
      token.text = std::string(candidate);
      token.length = candidate.size();
      Advance(candidate.size());
      return token;
    }
  }
  if (kShortOperators.find(PeekChar()) != std::string_view::npos && PeekChar() != '\0') {
    token.text = std::string(1, PeekChar());
    token.length = 1;
    Advance();
    return token;
  }
  Fail("syntax error at or near \"" + std::string(1, PeekChar()) + "\"", token.position);
}

}  // namespace floe
