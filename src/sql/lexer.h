#pragma once

#include <string_view>
#include <vector>

#include "sql/token.h"

namespace floe {

/// Splits SQL text into tokens, Spark SQL's lexical rules: backquoted identifiers,
/// single- and double-quoted strings with backslash escapes, nested block comments.
class Lexer {
 public:
  explicit Lexer(std::string_view sql) : sql_(sql) {}

  /// Returns every token, ending with one kEnd token; throws ParserError on bad input.
  std::vector<Token> Tokenize();

  /// Returns the hint comments (`/*+ ... */`) met by Tokenize().
  const std::vector<HintComment>& hints() const { return hints_; }

 private:
  char PeekChar(size_t ahead = 0) const;
  size_t UnicodeSpaceLength() const;
  SourcePosition Here() const;
  void Advance(size_t n = 1);
  void SkipWhitespaceAndComments();
  Token LexWord();
  Token LexNumber();
  Token LexQuoted(char quote, bool raw);
  Token LexBinaryString();
  Token LexOperator();
  [[noreturn]] void Fail(const std::string& message, const SourcePosition& at) const;

  std::string_view sql_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
  std::vector<HintComment> hints_;
};

}  // namespace floe
